// Geometry of a loaded shipment and of the form, measured in the engine at phone, tablet and
// desktop widths, left-to-right and right-to-left, for the demo's own numbers: nothing runs
// out sideways, no text leaves its card, no route arrow is left alone on a line, flight times
// keep to two lines, and the carrier picker shows its names whole (or at least their start).
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '@cargo-trackers/ocean-tracker';
import '@cargo-trackers/air-tracker';
import { useClock, type TrackerElement } from '@cargo-trackers/core/internal/first';
import { FakeClock, TEST_NOW } from '../support/fake-clock.js';
import { oceanDocuments } from '../../demo/mock-service/ocean-documents.js';
import { airDocuments } from '../../demo/mock-service/air-documents.js';
import { oceanCarrierList } from '../../demo/mock-service/carrier-lists.js';
import { itExceptIn, mount, scenario, setViewport, tooNarrowFor, until } from '../support/browser.js';

const WIDTHS = [320, 375, 768, 1280] as const;
const LANGS = ['en', 'ar'] as const;

interface Subject {
  readonly tag: 'ocean-tracker' | 'air-tracker';
  readonly attribute: 'reference-number' | 'awb-number';
  readonly path: 'ocean' | 'air';
  readonly number: string;
  readonly what: string;
  readonly document: () => unknown;
}

const request = (number: string) => ({ nowMs: TEST_NOW, number, withRoute: true });
const ocean = (number: string, what: string): Subject => ({
  tag: 'ocean-tracker',
  attribute: 'reference-number',
  path: 'ocean',
  number,
  what,
  document: () => oceanDocuments.get(number)!(request(number)),
});
const air = (number: string, what: string): Subject => ({
  tag: 'air-tracker',
  attribute: 'awb-number',
  path: 'air',
  number,
  what,
  document: () => airDocuments.get(number)!(request(number)),
});

const SUBJECTS: readonly Subject[] = [
  ocean('MEDU9091004', 'transshipment in Singapore'),
  ocean('HLXU8123446', 'rail on-carriage to Duisburg'),
  ocean('OOLU2741938520', 'bill of lading with two containers'),
  air('176-22817340', 'transfer in Dubai'),
  air('618-50833915', 're-booked onto a later flight'),
  air('157-13905275', 'cancelled onward flight'),
];

async function loaded(s: Subject, lang: string): Promise<TrackerElement> {
  const sc = await scenario({ responses: [{ status: 200, body: s.document() }] });
  const el = mount<TrackerElement>(
    `<${s.tag} lang="${lang}" proxy-url="${sc.base}/${s.path}" ${s.attribute}="${s.number}" style="margin:0"></${s.tag}>`,
  );
  useClock(el, new FakeClock(TEST_NOW));
  await until(() => el.trackingState === 'loaded', `${s.number} loaded`);
  await el.updateComplete;
  return el;
}

/** The client rects of each line of `node`'s text, merged per line (by their vertical middle). */
function lineBoxes(node: Node): DOMRect[] {
  const range = document.createRange();
  range.selectNodeContents(node);
  const lines: DOMRect[] = [];
  for (const r of range.getClientRects()) {
    if (r.width === 0 || r.height === 0) continue;
    const mid = r.top + r.height / 2;
    const same = lines.find((l) => mid > l.top && mid < l.bottom);
    if (same) {
      const left = Math.min(same.left, r.left);
      const right = Math.max(same.right, r.right);
      lines[lines.indexOf(same)] = new DOMRect(left, same.top, right - left, same.height);
    } else lines.push(DOMRect.fromRect(r));
  }
  return lines;
}

/** Each visible text node under `root` (not the visually hidden ones, nor nested shadow roots). */
function textNodes(root: Node): Text[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) =>
      n.textContent!.trim() === '' || n.parentElement?.closest('.visually-hidden') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  const out: Text[] = [];
  while (walker.nextNode()) out.push(walker.currentNode as Text);
  return out;
}

/**
 * Text on each line of `container`, in visual order: the characters whose boxes lie on that
 * line. Measured per character with Range rects, so what the engine broke is what is read.
 */
function visualLines(container: Element): string[] {
  const chars: Array<{ ch: string; rect: DOMRect }> = [];
  for (const t of textNodes(container)) {
    for (let i = 0; i < t.data.length; i++) {
      const range = document.createRange();
      range.setStart(t, i);
      range.setEnd(t, i + 1);
      const rect = [...range.getClientRects()].find((r) => r.width > 0);
      if (rect) chars.push({ ch: t.data[i]!, rect });
    }
  }
  const lines: Array<{ top: number; bottom: number; chars: typeof chars }> = [];
  for (const c of chars) {
    const mid = c.rect.top + c.rect.height / 2;
    const line = lines.find((l) => mid > l.top && mid < l.bottom);
    if (line) line.chars.push(c);
    else lines.push({ top: c.rect.top, bottom: c.rect.bottom, chars: [c] });
  }
  return lines.map((l) =>
    l.chars
      .sort((a, b) => a.rect.left - b.rect.left)
      .map((c) => c.ch)
      .join('')
      .trim(),
  );
}

describe('narrow and wide geometry', () => {
  afterEach(async () => {
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
  });
  after(async () => setViewport({ width: 800, height: 600 }));

  for (const width of WIDTHS) {
    for (const lang of LANGS) {
      for (const s of SUBJECTS) {
        itExceptIn(tooNarrowFor(width), `<${s.tag}> ${s.number} (${s.what}) at ${width} px, ${lang}`, async () => {
          await setViewport({ width, height: 900 });
          document.body.style.margin = '0';
          const el = await loaded(s, lang);
          const root = el.shadowRoot!;
          await executeServerCommand('screenshot', { name: `geometry-${s.number}-${width}-${lang}` });

          expect(el.scrollWidth, 'element scrollWidth').to.be.at.most(el.clientWidth);
          expect(document.documentElement.scrollWidth, 'page scrollWidth').to.be.at.most(width);

          // No text box leaves its card (flights) or its section (route, status, exception banner, ETA).
          const boxes = [
            ...root.querySelectorAll<HTMLElement>(
              '[part~="flight"], [part~="route"], [part~="status"], [part~="exception"], [part~="eta"]',
            ),
          ];
          for (const box of boxes) {
            const b = box.getBoundingClientRect();
            for (const t of textNodes(box)) {
              for (const line of lineBoxes(t)) {
                const where = `"${t.data.trim()}" in ${box.getAttribute('part')}`;
                expect(line.left, `${where}: left`).to.be.at.least(b.left - 0.5);
                expect(line.right, `${where}: right`).to.be.at.most(b.right + 0.5);
              }
            }
          }

          // An arrow points the way the text reads and always has its place after it on the same
          // line: no line ends with one (in reading order), and none holds an arrow alone.
          const [ahead, against] = lang === 'ar' ? ['←', '→'] : ['→', '←'];
          const lines = [
            root.querySelector('[part~="route"] ol'),
            ...root.querySelectorAll('[part~="flight"] .flight-route, [part~="exception"] .exception-leg'),
          ]
            .filter((n) => n !== null)
            .flatMap((n) => visualLines(n));
          // The English flight route says "from → to" at every width, so the rule below has arrows to check.
          if (s.tag === 'air-tracker' && lang === 'en')
            expect(
              lines.some((l) => l.includes(ahead)),
              'arrows drawn',
            ).to.equal(true);
          for (const line of lines) {
            expect(line, `line "${line}" has an arrow pointing backwards`).not.to.include(against);
            const end = lang === 'ar' ? line.at(0) : line.at(-1);
            expect(end, `line "${line}" ends with its arrow`).not.to.equal(ahead);
            expect(line.replace(/[\s\u00a0]/g, ''), `line "${line}" is an arrow alone`).not.to.equal(ahead);
          }

          // Each flight time: at most two lines.
          for (const time of root.querySelectorAll('[part~="flight"] time')) {
            const lines = lineBoxes(time);
            expect(lines.length, `"${time.textContent}" lines`).to.be.at.most(2);
          }
        });
      }
    }
  }
});

describe('the carrier picker', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));
  after(async () => setViewport({ width: 800, height: 600 }));

  for (const width of WIDTHS) {
    for (const lang of LANGS) {
      for (const carrier of ['MSCU', '']) {
        itExceptIn(
          tooNarrowFor(width),
          `shows ${carrier ? 'a long carrier name' : '“Detect automatically”'} whole at ${width} px, ${lang}`,
          async () => {
            await setViewport({ width, height: 600 });
            document.body.style.margin = '0';
            const sc = await scenario({ responses: [{ status: 404, body: {} }], carriers: oceanCarrierList });
            const el = mount<TrackerElement>(
              `<ocean-tracker lang="${lang}" proxy-url="${sc.base}/ocean" carrier-code="${carrier}" style="margin:0"></ocean-tracker>`,
            );
            const select = () => el.shadowRoot!.querySelector('select')!;
            await el.updateComplete;
            // The visitor comes to the picker: the list may be asked for only then, and arrive after focus.
            select().focus();
            await until(() => select().options.length === oceanCarrierList.carriers.length + 1, 'carriers listed');
            select().blur();
            await el.updateComplete;
            await executeServerCommand('screenshot', { name: `picker-${carrier || 'auto'}-${width}-${lang}` });
            const s = select();
            const option = s.selectedOptions[0]!;
            expect(option.value).to.equal(carrier);
            expect(el.scrollWidth, 'element scrollWidth').to.be.at.most(el.clientWidth);
            // Mirrored with the element, a Latin name picked or not; the name reads in its own direction.
            expect(getComputedStyle(s).direction, 'the select mirrors').to.equal(lang === 'ar' ? 'rtl' : 'ltr');
            expect(option.matches(carrier ? ':dir(ltr)' : lang === 'ar' ? ':dir(rtl)' : ':dir(ltr)'), 'the name’s own direction').to.equal(
              true,
            );
            // The picked name set on one line in the select's font, against the room inside the
            // select (its padding and the drop-down mark taken off).
            const style = getComputedStyle(s);
            const probe = document.createElement('span');
            probe.style.font = style.font;
            probe.style.whiteSpace = 'pre';
            probe.textContent = option.textContent;
            document.body.append(probe);
            const natural = probe.getBoundingClientRect().width;
            probe.remove();
            const room = s.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd) - 24;
            if (natural <= room) return;
            if (CSS.supports('appearance: base-select')) {
              // Too long for one line: a select the page may style wraps the name, so it grows a line for each.
              const lines = Math.ceil(natural / room);
              const inner = s.clientHeight - parseFloat(style.paddingBlockStart) - parseFloat(style.paddingBlockEnd);
              expect(style.appearance).to.equal('base-select');
              expect(inner, `room for ${lines} lines of "${option.textContent}"`).to.be.at.least(lines * parseFloat(style.lineHeight) - 1);
            } else {
              // A select the engine draws itself cuts a name that is too long: only on a phone, where even
              // a full-width select is too short.
              expect(width, `"${option.textContent}" is cut at ${width} px`).to.be.below(768);
            }
          },
        );
      }
    }
  }
});

/** A range over `text` from `start` to `end`. */
function rangeOf(text: Text, start: number, end: number): Range {
  const range = document.createRange();
  range.setStart(text, start);
  range.setEnd(text, end);
  return range;
}

/** The boxes of a range's text, one per line (by their vertical middle). */
function rangeLines(range: Range): DOMRect[] {
  const lines: DOMRect[] = [];
  for (const r of range.getClientRects()) {
    if (r.width === 0 || r.height === 0) continue;
    const mid = r.top + r.height / 2;
    const same = lines.find((l) => mid > l.top && mid < l.bottom);
    if (same) {
      const left = Math.min(same.left, r.left);
      const right = Math.max(same.right, r.right);
      lines[lines.indexOf(same)] = new DOMRect(left, same.top, right - left, same.height);
    } else lines.push(DOMRect.fromRect(r));
  }
  return lines;
}

/** Whether box `a` comes before box `b` in right-to-left reading: to its right on one line, or on a line above. */
function readsBefore(a: DOMRect, b: DOMRect): boolean {
  const sameLine = Math.abs(a.top + a.height / 2 - (b.top + b.height / 2)) < Math.min(a.height, b.height) / 2;
  return sameLine ? a.left >= b.right - 0.5 : a.bottom <= b.top + 1;
}

// Arabic and every right-to-left language: an identifier stays with its label, a place reads
// city first, then its country, and an airport's code stays on the line of its city.
describe('right to left: what belongs together reads together', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));
  after(async () => setViewport({ width: 800, height: 600 }));

  for (const width of WIDTHS) {
    for (const s of SUBJECTS) {
      itExceptIn(tooNarrowFor(width), `<${s.tag}> ${s.number} at ${width} px, ar`, async () => {
        await setViewport({ width, height: 900 });
        document.body.style.margin = '0';
        const el = await loaded(s, 'ar');
        const root = el.shadowRoot!;

        // "IMO 9839272" on one line, in that order, after the vessel's name.
        const vessels = [...root.querySelectorAll('[part~="vessels"] li')].filter((li) => /IMO/.test(li.textContent!));
        if (s.tag === 'ocean-tracker') expect(vessels.length, 'vessels with an IMO number').to.be.greaterThan(0);
        for (const li of vessels) {
          const name = li.querySelector('strong')!;
          const imo = [...li.querySelectorAll('*')].find((n) => /^IMO\s\d{7}$/.test(n.textContent!.trim()));
          expect(imo, `"IMO" and its number in one element: ${li.textContent}`).to.not.equal(undefined);
          const lines = visualLines(imo!);
          expect(lines, 'IMO and its number on one line, label first').to.deep.equal([imo!.textContent!.trim().replace(/\s/, '\u00a0')]);
          const nameLines = lineBoxes(name.firstChild ?? name);
          expect(readsBefore(nameLines.at(-1)!, imo!.getBoundingClientRect()), 'the name, then its IMO number').to.equal(true);
        }

        // Each "place، country" in the flights' "from … to …" and the Affected line.
        let places = 0;
        for (const node of root.querySelectorAll('[part~="flight"] .flight-route, [part~="exception"] .exception-leg')) {
          for (const t of textNodes(node)) {
            for (const m of t.data.matchAll(/\u2068([^\u2066-\u2069]+)\u2069، \u2068([^\u2066-\u2069]+)\u2069/g)) {
              places++;
              const [, place, country] = m;
              const start = m.index + 1;
              const city = rangeOf(t, start, start + place!.length);
              const countryLines = rangeLines(rangeOf(t, start + place!.length + 4, start + place!.length + 4 + country!.length));
              const cityLines = rangeLines(city);
              expect(readsBefore(cityLines.at(-1)!, countryLines[0]!), `"${place}" before "${country}"`).to.equal(true);
              const code = /[ \u00a0]\([A-Z]{3}\)$/.exec(place!);
              if (!code) continue;
              // The airport's code on the line of the last word of its city.
              const lastWord = place!.lastIndexOf(' ', code.index - 1) + 1;
              expect(
                rangeLines(rangeOf(t, start + lastWord, start + place!.length)).length,
                `"${place}" keeps its code on its line`,
              ).to.equal(1);
            }
          }
        }
        if (s.tag === 'air-tracker') expect(places, 'places in the flights').to.be.greaterThan(0);
      });
    }
  }
});
