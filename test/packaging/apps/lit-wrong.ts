// Each binding is one wrong value; the test expects lit-analyzer to report exactly these, line by line.
import { html } from 'lit';
import 'cargo-trackers';

export const wrong = html`
  <ocean-tracker .theme=${'purple'}></ocean-tracker>
  <ocean-tracker .pollInterval=${'often'}></ocean-tracker>
  <ocean-tracker .referenceNumbr=${'MEDU9091004'}></ocean-tracker>
  <air-tracker awb-numbr="020-12345675"></air-tracker>
`;
