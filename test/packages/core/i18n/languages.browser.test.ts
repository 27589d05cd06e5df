import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import '@cargo-trackers/air-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { en, shippedLocales } from '@cargo-trackers/core';
import type { TrackerElement } from '@cargo-trackers/core/internal/first';
import { fixture, mount, nextEvent, part, scenario, shadowText } from '../../../support/browser.js';

async function loaded(tag: 'ocean-tracker' | 'air-tracker', file: string, attrs: string): Promise<TrackerElement> {
  const s = await scenario({ responses: [{ status: 200, body: await fixture(file) }] });
  const numberAttr = tag === 'ocean-tracker' ? 'reference-number="MEDU9091004"' : 'awb-number="176-22817340"';
  const el = mount<TrackerElement>(
    `<${tag} proxy-url="${s.base}/${tag === 'ocean-tracker' ? 'ocean' : 'air'}" map="none" ${numberAttr} ${attrs}></${tag}>`,
  );
  await nextEvent(el, 'tracker-load');
  await el.updateComplete;
  return el;
}

/** English sentences long enough to be unmistakable, that a translated element must not show. */
const englishPhrases: string[] = Object.entries(en)
  .flatMap(([key, message]): Array<[string, string]> =>
    typeof message === 'string' ? [[key, message]] : Object.values(message).map((form: string) => [key, form]),
  )
  .filter(([key, text]) => !key.startsWith('map.') && text.length >= 12 && !/[{}]/.test(text))
  .map(([, text]) => text);
const keyPattern = new RegExp(
  `\\b(${Object.keys(en)
    .map((k) => k.replace(/\./g, '\\.'))
    .join('|')})\\b`,
);

describe('languages', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  for (const locale of shippedLocales) {
    it(`${locale}: text, dates and direction in ${locale}`, async () => {
      const el = await loaded('ocean-tracker', 'ocean-container-in-transit.json', `lang="${locale}"`);
      const base = part(el, 'base')!;
      expect(base.getAttribute('lang')).to.equal(locale);
      expect(base.getAttribute('dir')).to.equal(locale === 'ar' ? 'rtl' : 'ltr');

      // The ETA reads as Intl writes a date in that locale, in the port's zone.
      const time = part(el, 'eta')!.querySelector('time')!;
      const when = new Date(time.dateTime);
      const eta = el.shipment!.eta!.time;
      const zone = eta.timeZone ?? 'UTC';
      const day = new Intl.DateTimeFormat(locale, { day: 'numeric', timeZone: zone }).format(when);
      const month = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: zone }).format(when);
      expect(time.textContent).to.contain(day).and.to.contain(month.replace(/\.$/, ''));

      const text = shadowText(el);
      expect(text).not.to.match(keyPattern);
      if (locale !== 'en') {
        // The carrier's own descriptions are shown beside ours and stay as the document wrote them.
        const documentText = JSON.stringify(await fixture('ocean-container-in-transit.json'));
        for (const phrase of englishPhrases.filter((p) => !documentText.includes(p)))
          expect(text, `untranslated: ${phrase}`).not.to.contain(phrase);
        expect(part(el, 'submit-button')!.textContent!.trim()).not.to.equal(en['form.submit']);
      }
    });
  }

  it('lays Arabic out right to left on a left-to-right page: notices start on the right, route arrows point left', async () => {
    const el = await loaded('ocean-tracker', 'ocean-container-in-transit.json', 'lang="ar"');
    expect(document.documentElement.dir || 'ltr').to.equal('ltr');
    const eta = part(el, 'eta')!;
    const form = part(el, 'form')!;
    // The label sits at the right edge of the form in RTL.
    const label = form.querySelector('label')!.getBoundingClientRect();
    expect(form.getBoundingClientRect().right - label.right).to.be.lessThan(2);
    // Each stop after the first opens with its arrow, to the right of the place it leads to.
    const arrow = part(el, 'route')!.querySelectorAll('li')[1]!.querySelector('.route-arrow')!;
    expect(arrow.textContent!.trim()).to.equal('←');
    const place = arrow.nextElementSibling!.getBoundingClientRect();
    expect(arrow.getBoundingClientRect().left).to.be.at.least(place.right - 1);
    expect(getComputedStyle(eta).direction).to.equal('rtl');
  });

  it('speaks Arabic in <air-tracker> too', async () => {
    const el = await loaded('air-tracker', 'air-awb-transfer.json', 'lang="ar"');
    expect(part(el, 'base')!.getAttribute('dir')).to.equal('rtl');
    expect(part(el, 'submit-button')!.textContent!.trim()).to.equal('تتبّع');
  });

  it('lets two elements on one page speak two languages', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json') }] });
    const root = mount<HTMLElement>(
      `<div><ocean-tracker lang="de" proxy-url="${s.base}/ocean" map="none"></ocean-tracker><ocean-tracker lang="ja" proxy-url="${s.base}/ocean" map="none"></ocean-tracker></div>`,
    );
    const [de, ja] = [...root.querySelectorAll<OceanTracker>('ocean-tracker')] as [OceanTracker, OceanTracker];
    await Promise.all([de.updateComplete, ja.updateComplete]);
    expect(part(de, 'submit-button')!.textContent!.trim()).to.equal('Verfolgen');
    expect(part(ja, 'submit-button')!.textContent!.trim()).to.equal('追跡');
  });

  it('falls back to the nearest ancestor lang, then renders again when its own lang changes', async () => {
    const root = mount<HTMLElement>(
      `<section lang="fr"><div><ocean-tracker proxy-url="/x/ocean" map="none"></ocean-tracker></div></section>`,
    );
    const el = root.querySelector<OceanTracker>('ocean-tracker')!;
    await el.updateComplete;
    expect(part(el, 'submit-button')!.textContent!.trim()).to.equal('Suivre');
    el.lang = 'es';
    await el.updateComplete;
    expect(part(el, 'submit-button')!.textContent!.trim()).to.equal('Rastrear');
    expect(part(el, 'base')!.getAttribute('lang')).to.equal('es');
  });

  it('lets an integrator override any message in any language', async () => {
    const el = await loaded('ocean-tracker', 'ocean-container-in-transit.json', 'lang="de"');
    el.messages = { 'form.submit': 'Suchen', 'status.ocean.IN_TRANSIT': 'Auf hoher See' };
    await el.updateComplete;
    expect(part(el, 'submit-button')!.textContent!.trim()).to.equal('Suchen');
    expect(part(el, 'status')!.textContent).to.contain('Auf hoher See');
  });

  it("shows the document's own text for an unknown status or event code, in any language", async () => {
    const el = await loaded('ocean-tracker', 'ocean-unknown-codes.json', 'lang="ja"');
    const unknownEvent = el.shipment!.units.flatMap((u) => u.milestones).find((m) => !m.known);
    expect(unknownEvent, 'the fixture has an unknown event').to.exist;
    expect(shadowText(el)).to.contain(unknownEvent!.description ?? unknownEvent!.code);
  });
});
