import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { loadCatalogue, shippedLocales } from '../../../../packages/core/src/i18n/catalogues.js';
import { enShipment } from '../../../../packages/core/src/i18n/en-shipment.js';
import { registerEnglish } from '../../../../packages/core/src/i18n/localizer.js';
import { cycleStarts } from '../../../../packages/core/src/view/journey.js';
import { renderTimeline } from '../../../../packages/core/src/view/timeline.js';
import { html, parts, present, shipmentOf, text } from './journey-render.js';
import { normalizeOcean } from '../../../../packages/ocean-tracker/src/lookup/ocean-normalizer.js';
import { normalizeAir } from '../../../../packages/air-tracker/src/lookup/air-normalizer.js';
import { oceanDocuments } from '../../../../demo/mock-service/ocean-documents.js';
import { airDocuments } from '../../../../demo/mock-service/air-documents.js';
import type { Milestone, Shipment } from '../../../../packages/core/src/model/shipment.js';

/** The demo's document for a number, as the mock service writes it at the fixtures' noon. */
function demo(number: string): Shipment {
  const request = { nowMs: Date.parse('2026-11-20T12:00:00Z'), number, withRoute: true };
  const ocean = oceanDocuments.get(number);
  const body: unknown = JSON.parse(JSON.stringify(ocean ? ocean(request) : airDocuments.get(number)!(request)));
  const result = (ocean ? normalizeOcean : normalizeAir)(body);
  if (!result.ok) throw new Error(result.reason);
  return result.shipment;
}

/** Every shipment fixture the normalizers accept. */
const fixtures = readdirSync(new URL('../../../fixtures/', import.meta.url))
  .filter((name) => /^(ocean|air)-.*\.json$/.test(name))
  .filter((name) => {
    try {
      shipmentOf(name);
      return true;
    } catch {
      return false;
    }
  });

/** The `<time data-arrival>` elements of some markup: their datetime and text. */
function arrivalTimes(markup: string): { datetime: string; text: string }[] {
  return [...markup.matchAll(/<time datetime="([^"]*)" data-arrival[^>]*>([\s\S]*?)<\/time\s*>/g)].map((m) => ({
    datetime: m[1]!,
    text: text(m[2]!),
  }));
}

describe('the journey (issue 36: only what the document says)', () => {
  before(async () => {
    registerEnglish(enShipment);
    await Promise.all(shippedLocales.filter((l) => l !== 'en').map(loadCatalogue));
  });

  describe('dates from this journey only', () => {
    it('splits a shuttle container’s history into its cycles: empty release, delivery then reuse, empty return', () => {
      const milestones = shipmentOf('ocean-earlier-cycles-shuttle.json').units[0]!.milestones;
      assert.deepEqual(cycleStarts(milestones), [0, 8, 15, 22]);
    });

    it('dates no stop of the shuttle from an earlier cycle, and the arrival box and the route say the same arrival', async () => {
      const { eta, stops, progress, view } = await parts(shipmentOf('ocean-earlier-cycles-shuttle.json'));
      assert.equal(view.units[0]!.journey.start, 22);
      assert.match(text(stops[0]!), /Xiamen, China Departed Nov 18, 2026, 12:20/);
      assert.match(text(stops[1]!), /Kaohsiung, Taiwan Arrives Nov 21, 2026, 08:00 AM GMT\+8 Estimated/);
      for (const part of [eta, ...stops, progress]) assert.doesNotMatch(text(part), /Jun|Aug|Sep/, text(part));
      assert.match(text(eta), /Nov 21, 2026, 08:00 AM/);
    });

    it('takes a newly started cycle at a depot off the route as the journey, and dates no stop from the cycles before', async () => {
      const shipment = shipmentOf('ocean-earlier-cycles-shuttle.json');
      const history = shipment.units[0]!.milestones;
      const depot = { code: 'CNJMN', name: 'Jimei' };
      const released = { ...history[22]!, place: depot };
      const { stops, view } = await parts({
        ...shipment,
        eta: undefined,
        units: [{ ...shipment.units[0]!, milestones: [...history.slice(0, 22), released] }],
      });
      assert.equal(view.units[0]!.journey.start, 22);
      assert.deepEqual(view.units[0]!.journey.stops, [undefined, undefined]);
      for (const stop of stops) assert.doesNotMatch(text(stop), /2026/);
    });

    it('keeps the journey that calls at the port of loading when the history goes on with the container’s next use', () => {
      const shipment = shipmentOf('ocean-earlier-cycles-shuttle.json');
      const history = shipment.units[0]!.milestones;
      const nextUse = {
        ...history[0]!,
        time: { ...history[0]!.time!, epochMs: Date.parse('2026-11-25T00:00:00Z'), iso: '2026-11-25T08:00:00+08:00' },
      };
      const { view } = present({ ...shipment, units: [{ ...shipment.units[0]!, milestones: [...history, nextUse] }] });
      assert.equal(view.units[0]!.journey.start, 22);
    });

    it('raises no hold from an earlier cycle: an inspection after September’s delivery is not this shipment’s', () => {
      const shipment = shipmentOf('ocean-earlier-cycles-shuttle.json');
      const history = shipment.units[0]!.milestones;
      const after = (m: Milestone, minutes: number): Milestone => ({
        ...m,
        time: { ...m.time!, epochMs: m.time!.epochMs + minutes * 60_000 },
      });
      const inspected = { ...after(history[20]!, 60), code: 'INSP', description: 'Inspected' };
      // September's cycle ends with the inspection; this shipment is booked, nothing has happened yet.
      const booked = history.slice(22).map((m) => ({ ...m, kind: 'planned' as const }));
      const { view } = present({
        ...shipment,
        units: [{ ...shipment.units[0]!, milestones: [...history.slice(0, 21), inspected, ...booked] }],
      });
      assert.equal(view.units[0]!.journey.start, 22);
      assert.deepEqual(view.exceptions, []);
      const heldNow = { ...after(history[24]!, 1), code: 'INSP', description: 'Inspected' };
      const held = present({ ...shipment, units: [{ ...shipment.units[0]!, milestones: [...history.slice(0, 25), heldNow] }] });
      assert.deepEqual(
        held.view.exceptions.map((e) => e.kind),
        ['hold'],
        'a hold in this journey is said',
      );
    });

    it('sets the earlier use of the container apart in the history, and marks this journey’s latest event as current', async () => {
      const { view, ctx } = present(shipmentOf('ocean-earlier-cycles-shuttle.json'));
      const markup = await html(renderTimeline(view.units[0]!, ctx));
      const dividers = [...markup.matchAll(/part="journey-divider"[^>]*>([^<]*)</g)].map((m) => m[1]);
      assert.deepEqual(dividers, ['Earlier use of this container', 'This shipment']);
      const current = markup.match(/<li[^>]*data-current[^>]*>[\s\S]*?<\/li>/)?.[0] ?? '';
      assert.match(text(current), /Vessel departed.*Nov 18, 2026/);
    });
  });

  describe('no inferred departures or arrivals', () => {
    for (const name of ['air-discrepancy-at-transfer.json', 'air-cancelled-awaiting-rebooking.json']) {
      it(`says since when the cargo is at a transfer it has not left, with the latest event there, never "Departed" (${name})`, async () => {
        const { stops } = await parts(shipmentOf(name));
        const transfer = text(stops[1]!);
        assert.match(transfer, /Doha \(DOH\), Qatar There since Nov (19|20), 2026, 0\d:\d\d AM GMT\+3 · Discrepancy reported/);
        assert.doesNotMatch(transfer, /Depart/);
        assert.doesNotMatch(text(stops[2]!), /Arriv/, 'the destination is not reached and no flight goes there');
      });
    }

    it('names another kind of event by its own name: a stop left by train says it was loaded, not that it departed', async () => {
      const shipment = shipmentOf('ocean-delivered-empty-return.json');
      const { stops } = await parts({
        ...shipment,
        route: shipment.route,
        units: [
          {
            ...shipment.units[0]!,
            milestones: shipment.units[0]!.milestones.filter((m) => !(m.code === 'ARRI' && m.place?.code === 'DEHAM') && m.code !== 'DISC'),
          },
        ],
      });
      assert.match(text(stops[1]!), /Hamburg, Germany Loaded on train on Oct 22, 2026/);
    });
  });

  describe('one value, one place of truth', () => {
    for (const name of fixtures) {
      it(`shows the same arrival in the arrival box and the route list (${name})`, async () => {
        for (const locale of ['en', 'de', 'ja']) {
          const { eta, stops } = await parts(shipmentOf(name), locale);
          const inBox = arrivalTimes(eta);
          const inRoute = stops.flatMap(arrivalTimes);
          assert.ok(inBox.length <= 1 && inRoute.length <= 1, `${locale}: one arrival each`);
          assert.deepEqual(
            inRoute.map((t) => t.datetime),
            inBox.map((t) => t.datetime),
            locale,
          );
          // The same date in the same words: the box may say it alone, the route list with "Arrives".
          if (inBox[0])
            assert.ok(
              inRoute[0]!.text.includes(inBox[0].text.replace(/^(Arrived|Arrives) /, '')),
              `${inRoute[0]!.text} / ${inBox[0].text}`,
            );
        }
      });
    }

    it('gives the delivered container of the demo one arrival: the arrival at Duisburg, not the delivery’s time', async () => {
      const { eta, stops } = await parts(shipmentOf('ocean-delivered-empty-return.json'));
      assert.deepEqual(arrivalTimes(eta), [{ datetime: '2026-10-23T04:13:00.000Z', text: 'Arrived Oct 23, 2026, 06:13 AM GMT+2' }]);
      assert.deepEqual(stops.flatMap(arrivalTimes), arrivalTimes(eta));
    });
  });

  describe('the demo’s numbers named in the issue', () => {
    it('EGHU9073510 (300-event shuttle): the arrival is tomorrow’s in the box and the route list, no stop dated from an earlier voyage', async () => {
      const { eta, stops, view } = await parts(demo('EGHU9073510'));
      assert.equal(view.units[0]!.journey.start, 294);
      assert.match(text(stops[1]!), /Arrives Nov 21, 2026/);
      assert.deepEqual(
        stops.flatMap(arrivalTimes).map((t) => t.datetime),
        arrivalTimes(eta).map((t) => t.datetime),
      );
      for (const stop of stops) assert.doesNotMatch(text(stop), /Jun|Jul|Aug|Sep|Oct/);
    });

    it('HLXU8123446: one arrival date, the delivery headlined, the empty return not "Latest", no amber delay', async () => {
      const { eta, stops, progress } = await parts(demo('HLXU8123446'));
      assert.equal(arrivalTimes(eta).length, 1);
      assert.deepEqual(stops.flatMap(arrivalTimes), arrivalTimes(eta));
      assert.match(text(eta), /^Delivered · Duisburg/);
      assert.doesNotMatch(eta, /class="delay"/);
      assert.match(text(progress), /Latest Gate out · Duisburg/);
    });

    it('020-44170626: the headline date is the delivery, the day after the arrival', async () => {
      const { eta } = await parts(demo('020-44170626'));
      assert.match(text(eta), /^Delivered · Chicago \(ORD\), United States Nov 19, 2026/);
      assert.match(text(eta), /Arrived Nov 18, 2026/);
    });
  });

  describe('delivered reads delivered', () => {
    it('headlines the container’s delivery, keeps the empty return out of "Latest", and tells the delay as history', async () => {
      const { eta, progress } = await parts(shipmentOf('ocean-delivered-empty-return.json'));
      assert.match(text(eta), /^Delivered · Duisburg, Germany Oct 23, 2026, 03:26 PM GMT\+2/);
      assert.match(text(eta), /Arrived 9 hours 13 minutes later than first planned \(Oct 22, 2026, 09:00 PM GMT\+2\)\./);
      assert.doesNotMatch(eta, /class="delay"/, 'no warning on a delivered box');
      // After the progress line's stops (Santos, Hamburg, Duisburg), the sentence and the latest event.
      assert.match(text(progress), /Duisburg Delivered at Duisburg, Germany Latest Gate out · Duisburg · Oct 23, 2026, 03:26 PM/);
      assert.doesNotMatch(text(progress), /Next|Oct 26/);
    });

    it('marks the events after the delivery as such in the history', async () => {
      const { view, ctx } = present(shipmentOf('ocean-delivered-empty-return.json'));
      const markup = await html(renderTimeline(view.units[0]!, ctx));
      const after = [...markup.matchAll(/<li[^>]*data-after-delivery[^>]*>[\s\S]*?<\/li>/g)].map((m) => text(m[0]));
      assert.equal(after.length, 2);
      assert.match(after[0]!, /Stripped.*After delivery/);
      assert.match(after[1]!, /Gate in.*After delivery/);
    });

    it('headlines a waybill’s delivery (DLV), not its arrival the day before', async () => {
      const { eta, stops, progress } = await parts(shipmentOf('air-delivered-next-day.json'));
      assert.match(text(eta), /^Delivered · Chicago \(ORD\), United States Nov 17, 2026, 10:25 AM GMT−6/);
      assert.match(text(eta), /Arrived Nov 16, 2026, 01:42 PM GMT−6/);
      assert.match(text(stops[1]!), /Arrived Nov 16, 2026, 01:42 PM GMT−6/);
      assert.match(text(progress), /Latest Delivered · Chicago \(ORD\) · Nov 17, 2026/);
    });

    it('says a delay in the warning colour while the shipment is on its way', async () => {
      const { eta } = await parts(shipmentOf('ocean-container-in-transit.json'));
      assert.match(eta, /class="delay"/);
      assert.match(text(eta), /Delayed by 2 days 18 hours/);
    });
  });
});
