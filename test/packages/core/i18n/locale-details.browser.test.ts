import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import { shippedLocales } from '@cargo-trackers/core';
import type { TrackerElement } from '@cargo-trackers/core/internal/first';
import { fixture, mount, nextEvent, part, scenario } from '../../../support/browser.js';

interface Location {
  locode: string;
  timezone?: string;
}

/**
 * The in-transit container with its ports moved into the zones that showed the faults: Ningbo
 * in Chicago's (which English named "CDT" beside "GMT+1") and Singapore at GMT (which Japanese
 * and Arabic wrote "GMT+0").
 */
async function zonedDocument(): Promise<unknown> {
  const doc = await fixture<{ locations: Location[] }>('ocean-container-in-transit.json');
  const zones: Record<string, string> = { CNNGB: 'America/Chicago', SGSIN: 'Europe/London' };
  return { ...doc, locations: doc.locations.map((l) => ({ ...l, timezone: zones[l.locode] ?? l.timezone })) };
}

async function loaded(locale: string): Promise<TrackerElement> {
  const s = await scenario({ responses: [{ status: 200, body: await zonedDocument() }] });
  const el = mount<TrackerElement>(
    `<ocean-tracker proxy-url="${s.base}/ocean" map="none" reference-number="MEDU9091004" lang="${locale}"></ocean-tracker>`,
  );
  await nextEvent(el, 'tracker-load');
  await el.updateComplete;
  return el;
}

/** The text a visitor reads, without the invisible isolates around values in right-to-left text. */
const visible = (node: Element) =>
  (node.textContent ?? '')
    .replace(/[\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Arabic-Indic digits as ASCII: WebKitGTK's ICU writes Arabic times in them, Chromium's in ASCII digits. */
const asciiDigits = (text: string) => text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) - 0x0660) % 0x90));

/** Each language's word for GMT, as Intl writes it. */
const gmtWord: Record<string, string> = { fr: 'UTC', ar: 'غرينتش' };

describe('locale details, as a visitor reads them', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  for (const locale of shippedLocales) {
    it(`${locale}: every time names its zone by its offset from GMT, and GMT itself without "+0"`, async () => {
      const el = await loaded(locale);
      const gmt = gmtWord[locale] ?? 'GMT';
      const times = [...el.shadowRoot!.querySelectorAll('time')].map((t) => asciiDigits(visible(t))).filter((t) => /\d:\d\d/.test(t));
      expect(times.length).to.be.greaterThan(5);
      const zones = times.map((t) => {
        const match = t.match(new RegExp(`${gmt}([+\\-\\u2212]\\d{1,2}(?::\\d\\d)?)?(?=\\s|$)`));
        expect(match, `${locale}: "${t}" names no offset from ${gmt}`).to.exist;
        return match![0];
      });
      // The three zones of the document: Chicago in October (daylight time), London, Amsterdam in December.
      expect(zones).to.include(gmt).and.to.include(`${gmt}+1`);
      expect(zones.some((z) => /[-\u2212]5$/.test(z))).to.equal(true, zones.join(' | '));
      for (const t of times) expect(t).not.to.match(/[+\-\u2212]0(?::00)?(?=\s|$)/);
      for (const t of times) expect(t).not.to.match(/\b(CST|CDT|CET|MEZ|BST|UTC\+0)\b/);
    });
  }

  it('ja: the delay reads "2日18時間遅れています", no space inside or around the duration', async () => {
    const el = await loaded('ja');
    const eta = visible(part(el, 'eta')!);
    expect(eta).to.contain('より2日18時間遅れています。');
  });

  it('ar: places read with the Arabic comma, never the Latin one', async () => {
    const el = await loaded('ar');
    const places = [...el.shadowRoot!.querySelectorAll('[part~="eta"], [part~="route"], [part~="milestones"]')].map(visible).join(' ');
    expect(places).to.contain('Rotterdam، هولندا');
    expect(places).not.to.match(/[A-Za-z\u0600-\u06ff], /);
  });

  it('en: one zone style, offsets, where a name style wrote "CDT" beside "GMT+1"', async () => {
    const el = await loaded('en');
    const text = visible(part(el, 'milestones')!);
    expect(text).to.match(/Oct 26, 2026, 08:10 PM GMT\u22125 /);
    expect(text).not.to.match(/\bCDT\b/);
    expect(visible(part(el, 'eta')!)).to.match(/Dec 4, 2026, 08:00 AM GMT\+1/);
  });
});

describe('401 and 402, as a visitor reads them in every language', () => {
  let restore: (() => void) | undefined;
  beforeEach(() => {
    // The site owner's advice goes to the console; it is tested with the outcomes.
    const original = console.error;
    console.error = () => {};
    restore = () => (console.error = original);
  });
  afterEach(() => {
    restore?.();
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
  });

  async function noticeLines(locale: string, status: number, body: unknown): Promise<string[]> {
    const s = await scenario({ responses: [{ status, body }] });
    const el = mount<TrackerElement>(
      `<ocean-tracker proxy-url="${s.base}/ocean" map="none" reference-number="MEDU9091004" lang="${locale}"></ocean-tracker>`,
    );
    await nextEvent(el, 'tracker-error');
    await el.updateComplete;
    return [...part(el, 'notice')!.querySelectorAll('p')].map(visible);
  }

  const english: Record<number, string[]> = {};
  for (const locale of shippedLocales) {
    it(`${locale}: says whose fault each is, distinctly, and what the visitor can do`, async () => {
      const unauthorized = await noticeLines(locale, 401, { message: 'The API key is invalid, expired or revoked.' });
      const noCredits = await noticeLines(locale, 402, { message: 'No credits left.', error: 'insufficient_credits', product: 'ocean' });
      expect(unauthorized).to.have.length(2);
      expect(noCredits).to.have.length(2);
      // The cause differs; the next step (nothing wrong with the number, try later or contact the site) is the same.
      expect(unauthorized[0]).not.to.equal(noCredits[0]);
      expect(unauthorized[1]).to.equal(noCredits[1]);
      expect(unauthorized.join(' ')).not.to.contain('API key');
      if (locale === 'en') {
        english[401] = unauthorized;
        english[402] = noCredits;
        expect(unauthorized[0]).to.contain('not set up correctly');
        // The site's credit is the site owner's business: the public learns only that tracking is unavailable for now.
        expect(noCredits[0]).to.contain('unavailable on this site for now').and.not.to.contain('credit');
        expect(noCredits[1]).to.contain('try again later, or contact the site');
      } else {
        for (const line of [...unauthorized, ...noCredits]) expect([...english[401]!, ...english[402]!]).not.to.include(line);
      }
    });
  }
});
