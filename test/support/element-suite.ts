// What both elements do the same way, from their configuration to a loaded document and its map,
// specified once and run against each: the tests of <ocean-tracker> and <air-tracker> call
// describeElementCases() with their product's facts and keep their own cases beside it, as
// they call describeOutcomes() (./outcome-suite.ts) with the same facts for every other answer.
import { expect } from '@open-wc/testing';
import type { TrackerLoadEvent } from '@cargo-trackers/core';
import type { TrackerElement } from '@cargo-trackers/core/internal/first';
import { captureConsoleErrors, fixture, mount, nextEvent, part, scenario, shadowText, sleep, text, typeNumber, until } from './browser.js';
import type { OutcomeSpec } from './outcome-suite.js';

export interface ElementSpec extends OutcomeSpec {
  /** What the element's number property holds (referenceNumber, awbNumber). */
  numberOf(el: TrackerElement): string | undefined;
  /** The query parameters of a lookup: the number's and the one asking for the route. */
  readonly numberParameter: string;
  readonly routeParameter: string;
  /** The form's field label, and how many fields (inputs and pickers) the form has. */
  readonly label: string;
  readonly fields: number;
  /** A number with spaces, URL syntax and a non-ASCII letter, to be sent exactly as set. */
  readonly awkwardNumber: string;
  /** Spellings a visitor types and the number each is sent as. */
  readonly spellings: ReadonlyArray<{ readonly typed: string; readonly sent: string }>;
  /** A number whose check digit is wrong, and the advice that says which digit it should be. */
  readonly wrongCheckDigit: { readonly typed: string; readonly advice: string };
  /** The document with a hostile string in every field, and a part that must show one of them as text. */
  readonly hostile: { readonly fixture: string; readonly number: string; readonly part: string; readonly text: string };
  /** The part listing how the cargo travels (vessels, flights): absent when the document lists none. */
  readonly travelPart: string;
  /** What the map of `document()` shows: its places as the route list names them, and what it says of where the cargo is now. */
  readonly mapPlaces: readonly string[];
  readonly mapText: string;
  /** A document without route data, and its number. */
  readonly routeless: { readonly fixture: string; readonly number: string };
}

export function describeElementCases(spec: ElementSpec): void {
  const { tag } = spec;
  const proxy = (base: string) => `proxy-url="${base}/${spec.path}"`;
  const element = (attrs: string): TrackerElement => mount<TrackerElement>(`<${tag} ${attrs}></${tag}>`);
  const tracker = async (attrs: string): Promise<TrackerElement> => {
    const el = element(attrs);
    await el.updateComplete;
    return el;
  };
  const sentNumber = (search: string) => new URLSearchParams(search).get(spec.numberParameter);

  describe('configuration', () => {
    let errors: ReturnType<typeof captureConsoleErrors>;
    beforeEach(() => (errors = captureConsoleErrors()));
    afterEach(() => errors.restore());

    it('without proxy-url shows a configuration notice, names the attribute in the console and asks nothing', async () => {
      const before = performance.getEntriesByType('resource').length;
      const el = await tracker(`${spec.numberAttribute}="${spec.number}"`);
      await sleep(200);
      expect(part(el, 'notice')?.textContent).to.contain('proxy-url');
      const named = errors.messages.some((m) => m.includes('proxy-url') && m.includes(`/api/tracking/${spec.path}`));
      expect(named).to.equal(true);
      const newEntries = performance.getEntriesByType('resource').slice(before);
      expect(newEntries.filter((e) => e.name.includes(`${spec.numberParameter}=`))).to.have.length(0);
    });

    it(`waits for the visitor when no ${spec.numberAttribute} is set`, async () => {
      const s = await scenario({ responses: [{ status: 200, body: await spec.document() }] });
      const el = await tracker(proxy(s.base));
      await sleep(200);
      expect(await s.requests()).to.have.length(0);
      expect(part(el, 'form')).to.exist;
      expect(el.shadowRoot!.querySelector('label[for="number"]')!.textContent).to.contain(spec.label);
      expect(el.shadowRoot!.querySelectorAll('input, select')).to.have.length(spec.fields);
      expect(el.trackingState).to.equal('idle');
    });
  });

  describe('requests', () => {
    it(`sends the number exactly as set, with ${spec.routeParameter}=true and nothing else`, async () => {
      const s = await scenario({ responses: [{ status: 404, body: { message: 'No shipment' } }] });
      const el = element(proxy(s.base));
      spec.setNumber(el, spec.awkwardNumber);
      await until(async () => (await s.requests()).length === 1, 'one request');
      const [request] = await s.requests();
      expect(request!.path).to.equal(`/${spec.path}`);
      const q = new URLSearchParams(request!.search);
      expect([...q.keys()]).to.deep.equal([spec.numberParameter, spec.routeParameter]);
      expect(q.get(spec.numberParameter)).to.equal(spec.awkwardNumber);
      expect(q.get(spec.routeParameter)).to.equal('true');
    });

    it('names the spelling it searched under the field, until the visitor types or the page sets another number', async () => {
      for (const { typed, sent } of spec.spellings) {
        const s = await scenario({ responses: [{ status: 404, body: {} }] });
        const el = await tracker(`lang="en" ${proxy(s.base)}`);
        const input = el.shadowRoot!.querySelector('input')!;
        await typeNumber(el, typed);
        part(el, 'submit-button')!.click();
        await until(async () => (await s.requests()).length === 1, `request for ${typed}`);
        expect(sentNumber((await s.requests())[0]!.search)).to.equal(sent);
        expect(spec.numberOf(el)).to.equal(sent);
        await el.updateComplete;
        expect(part(el, 'track-anyway-button')).to.equal(null);
        expect(text(part(el, 'searched'))).to.equal(`Searched ${sent}`);
        expect(input.value, 'the field keeps what was typed').to.equal(typed);
        expect(input.getAttribute('aria-describedby')).to.contain('searched');
        spec.setNumber(el, spec.secondNumber);
        await el.updateComplete;
        expect(part(el, 'searched'), 'a number the page sets is not the one searched').to.equal(null);
        expect(input.value).to.equal(spec.secondNumber);
      }
    });

    it('warns about a wrong check digit and sends what was typed only after "track anyway"', async () => {
      const { typed, advice } = spec.wrongCheckDigit;
      const s = await scenario({ responses: [{ status: 404, body: { message: 'nope' } }] });
      const el = await tracker(proxy(s.base));
      await typeNumber(el, typed);
      part(el, 'submit-button')!.click();
      await el.updateComplete;
      expect(shadowText(el)).to.contain(advice);
      const input = el.shadowRoot!.querySelector('input')!;
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      expect(input.getAttribute('aria-describedby')).to.contain('advice');
      await sleep(150);
      expect(await s.requests()).to.have.length(0);
      part(el, 'track-anyway-button')!.click();
      await until(async () => (await s.requests()).length === 1, 'request after track anyway');
      expect(sentNumber((await s.requests())[0]!.search)).to.equal(typed);
    });
  });

  describe('a 200', () => {
    it('renders hostile strings in every field as text', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await fixture(spec.hostile.fixture) }] });
      (window as unknown as { __pwned?: boolean }).__pwned = false;
      const el = element(`lang="en" ${proxy(s.base)} ${spec.numberAttribute}="${spec.hostile.number}"`);
      await nextEvent(el, 'tracker-load');
      await el.updateComplete;
      await sleep(100);
      const root = el.shadowRoot!;
      expect(root.querySelectorAll('script, img, iframe, object, embed, svg:not([data-icon])').length).to.equal(0);
      for (const node of root.querySelectorAll('*')) {
        for (const attr of node.attributes) expect(attr.name.startsWith('on'), `${node.tagName} ${attr.name}`).to.equal(false);
      }
      expect(shadowText(el)).to.contain('<img');
      expect(text(part(el, spec.hostile.part))).to.contain(spec.hostile.text);
      expect((window as unknown as { __pwned?: boolean }).__pwned).to.equal(false);
    });

    it('takes a replacement normalizer for another document shape', async () => {
      const s = await scenario({ responses: [{ status: 200, body: { ref: spec.number, state: 'DELIVERED' } }] });
      const el = element(proxy(s.base));
      el.normalizer = (body) => {
        const b = body as { ref: string; state: string };
        return {
          ok: true,
          shipment: {
            product: spec.product,
            reference: b.ref,
            status: { code: b.state, known: true },
            route: [],
            vessels: [],
            flights: [],
            units: [],
            legs: [],
          },
        };
      };
      spec.setNumber(el, spec.number);
      const loaded = await nextEvent<TrackerLoadEvent>(el, 'tracker-load');
      await el.updateComplete;
      expect(loaded.shipment.reference).to.equal(spec.number);
      expect(part(el, 'status')!.textContent).to.contain('Delivered');
      expect(part(el, spec.travelPart)).to.equal(null);
    });
  });

  describe('the map', () => {
    it('shows the route map for a document with route data, with the map code loaded', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await spec.document() }] });
      const el = element(`${proxy(s.base)} map="eager" ${spec.numberAttribute}="${spec.number}"`);
      await nextEvent(el, 'tracker-load');
      await el.updateComplete;
      const map = part(el, 'map');
      expect(map?.localName).to.equal('cargo-tracker-route-map');
      await until(() => (map!.shadowRoot?.querySelectorAll('.leaflet-pane').length ?? 0) > 0, 'leaflet drawn');
      expect(map!.shadowRoot!.textContent).to.contain(spec.mapText);
      // One label per place: the map's labels and its text alternative say what the route list says.
      const names = [...part(el, 'route')!.querySelectorAll('.place-name')].map(text);
      expect(names).to.deep.equal(spec.mapPlaces);
      const labels = [...map!.shadowRoot!.querySelectorAll('.tracker-place-label .tracker-label-name')].map(text);
      expect(labels).to.deep.equal(names);
      const [first, ...rest] = names;
      expect(text(map!.shadowRoot!.querySelector('[part="description"]'))).to.contain(
        `Route from ${first} via ${rest.slice(0, -1).join(', ')} to ${rest.at(-1)}.`,
      );
    });

    it('shows no map with map="none", nor for a document without route data', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await spec.document() }] });
      const el = element(`${proxy(s.base)} map="none" ${spec.numberAttribute}="${spec.number}"`);
      await nextEvent(el, 'tracker-load');
      await el.updateComplete;
      expect(part(el, 'map')).to.equal(null);
      const plain = await scenario({ responses: [{ status: 200, body: await fixture(spec.routeless.fixture) }] });
      const routeless = element(`lang="en" ${proxy(plain.base)} ${spec.numberAttribute}="${spec.routeless.number}"`);
      await nextEvent(routeless, 'tracker-load');
      await routeless.updateComplete;
      expect(routeless.map).to.equal('lazy');
      expect(part(routeless, 'map')).to.equal(null);
    });
  });
}
