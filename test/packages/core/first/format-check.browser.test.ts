import { expect } from '@open-wc/testing';
import '@cargo-trackers/air-tracker';
import '@cargo-trackers/ocean-tracker';
import { mount, part, scenario, sleep, until } from '../../../support/browser.js';

type Tracker = HTMLElement & { updateComplete: Promise<boolean> };

async function submit(el: Tracker, value: string): Promise<void> {
  await el.updateComplete;
  const input = el.shadowRoot!.querySelector('input')!;
  input.value = value;
  input.dispatchEvent(new InputEvent('input'));
  await el.updateComplete;
  part(el, 'submit-button')!.click();
  await el.updateComplete;
}

const cases = [
  {
    tag: 'ocean-tracker',
    garbage: ['hello world!', 'ABC', 'ABCDEFGH'],
    fine: ['MEDU9091004', 'MEDU 909100-4', 'MEDUAE123456', 'bk2211xy'],
    advice: 'does not look like a container, bill of lading or booking number',
  },
  {
    tag: 'air-tracker',
    garbage: ['hello world!', '176-2281', '176-228173401'],
    fine: ['176-22817340', '176 2281 7340'],
    advice: 'does not look like an air waybill number',
  },
] as const;

describe('format check before spending', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  for (const { tag, garbage, fine, advice } of cases) {
    describe(`<${tag}>`, () => {
      for (const value of garbage) {
        it(`advises instead of looking up "${value}", and sends it as typed after "Track anyway"`, async () => {
          const s = await scenario({ responses: [{ status: 404, body: { message: 'nope' } }] });
          const el = mount<Tracker>(`<${tag} lang="en" proxy-url="${s.base}/x"></${tag}>`);
          await submit(el, value);
          const notice = el.shadowRoot!.querySelector('#advice')!;
          expect(notice.textContent).to.contain(value).and.to.contain(advice);
          await sleep(150);
          expect(await s.requests(), 'no billed request').to.have.length(0);
          part(el, 'track-anyway-button')!.click();
          await until(async () => (await s.requests()).length === 1, 'request after track anyway');
          expect(decodeURIComponent((await s.requests())[0]!.search).replace(/\+/g, ' ')).to.contain(value);
        });
      }

      it(`looks up at once what can be a number: ${fine.join(', ')}`, async () => {
        for (const value of fine) {
          const s = await scenario({ responses: [{ status: 404, body: { message: 'nope' } }] });
          const el = mount<Tracker>(`<${tag} lang="en" proxy-url="${s.base}/x"></${tag}>`);
          await submit(el, value);
          await until(async () => (await s.requests()).length === 1, `request for ${value}`);
          el.remove();
        }
      });
    });
  }
});
