import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadFixture } from '../../../fixtures/load-fixture.js';
import { normalizeOcean } from '../../../../packages/ocean-tracker/src/lookup/ocean-normalizer.js';
import { normalizeAir } from '../../../../packages/air-tracker/src/lookup/air-normalizer.js';
import { loadCatalogue } from '../../../../packages/core/src/i18n/catalogues.js';
import { enShipment } from '../../../../packages/core/src/i18n/en-shipment.js';
import { Localizer, registerEnglish } from '../../../../packages/core/src/i18n/localizer.js';
import { createPresenter } from '../../../../packages/core/src/view/present.js';
import { mapMessagesFor } from '../../../../packages/core/src/view/map-messages.js';
import {
  deriveProgressLine,
  describeLine,
  lineFacts,
  progressLine,
  type LineFacts,
  type ProgressLine,
} from '../../../../packages/core/src/view/progress-line.js';
import type { RenderContext } from '../../../../packages/core/src/contracts/render-context.js';
import type { ShipmentView } from '../../../../packages/core/src/contracts/view-model.js';

/** The labelled view of a fixture (edited first by `edit`, when given), in `locale`. */
function viewOf(
  name: string,
  edit?: (body: { containers: Array<{ milestones: Array<Record<string, unknown>> }>; routeDetails?: Record<string, unknown> }) => void,
  locale = 'en',
): ShipmentView {
  const body = loadFixture(`${name}.json`);
  edit?.(body as Parameters<NonNullable<typeof edit>>[0]);
  const result = name.startsWith('air-') ? normalizeAir(body) : normalizeOcean(body);
  if (!result.ok) throw new Error(result.reason);
  const l = new Localizer(locale);
  return createPresenter()(result.shipment, undefined, l, mapMessagesFor(l));
}

const lineOf = (view: ShipmentView): ProgressLine => {
  const line = progressLine(view, view.units[0]);
  assert.ok(line, 'a line');
  return line;
};
const names = (line: ProgressLine) => line.stops.map((s) => s.shortLabel);
const ctx = (locale: string): RenderContext => ({ l: new Localizer(locale), now: 0, product: 'ocean', headingLevel: 2 });

describe('the progress line', () => {
  before(async () => {
    registerEnglish(enShipment);
    await loadCatalogue('ar');
  });

  it('runs through the route’s own labelled stops, origin to destination', () => {
    const view = viewOf('ocean-container-in-transit');
    const line = lineOf(view);
    assert.deepEqual(names(line), ['Ningbo', 'Singapore', 'Rotterdam']);
    line.stops.forEach((stop, i) => assert.equal(stop, view.map.route[i]!.place, 'the one PlaceView of the stop'));
    assert.deepEqual(names(lineOf(viewOf('air-awb-transfer'))), [
      'Hong Kong\u00a0(HKG)',
      'Dubai\u00a0(DXB)',
      'Frankfurt am Main\u00a0(FRA)',
    ]);
  });

  it('puts a container that left its transshipment port between it and the next: one leg of two done', () => {
    const line = lineOf(viewOf('ocean-container-in-transit'));
    assert.deepEqual(line.position, { kind: 'between', from: 1 });
    assert.equal(line.legsDone, 1);
    assert.equal(describeLine(line, ctx('en')), 'Progress: between Singapore and Rotterdam, 1 of 2 legs done');
  });

  it('places the cargo by the latest event at a stop of the route, not by one at a place off it', () => {
    const view = viewOf('ocean-container-in-transit', (body) => {
      // Without the vessel's report, which alone would put the cargo on its leg.
      delete body.routeDetails!['vessel'];
      const milestones = body.containers[0]!.milestones;
      const departed = milestones.findIndex((m) => m['code'] === 'DEPA' && m['locode'] === 'SGSIN');
      milestones.splice(departed + 1, 0, { code: 'TRSH', locode: 'MYTPP', time: '2026-11-13T20:00:00+08:00', kind: 'actual' });
    });
    assert.equal(view.units[0]!.unit.milestones.find((m) => m.code === 'TRSH')?.place?.code, 'MYTPP');
    assert.deepEqual(lineOf(view).position, { kind: 'between', from: 1 });
  });

  it('puts a waybill manifested at its transfer airport at that airport', () => {
    const line = lineOf(viewOf('air-awb-transfer'));
    assert.deepEqual(line.position, { kind: 'at', stop: 1 });
    assert.equal(line.legsDone, 1);
    assert.equal(describeLine(line, ctx('en')), 'Progress: at Dubai\u00a0(DXB), 1 of 2 legs done');
  });

  it('puts an aircraft in the air on its leg, the first of one', () => {
    const line = lineOf(viewOf('air-rebooked'));
    assert.deepEqual(line.position, { kind: 'between', from: 0 });
    assert.equal(describeLine(line, ctx('en')), 'Progress: between Frankfurt am Main\u00a0(FRA) and Chicago\u00a0(ORD), 0 of 1 leg done');
  });

  it('says delivered, every leg done, for a delivered container and a delivered waybill', () => {
    for (const name of ['ocean-delivered', 'ocean-panama-canal', 'air-delivered']) {
      const line = lineOf(viewOf(name));
      assert.deepEqual(line.position, { kind: 'delivered' }, name);
      assert.equal(line.legsDone, line.stops.length - 1, name);
    }
    assert.equal(describeLine(lineOf(viewOf('ocean-delivered')), ctx('en')), 'Progress: delivered at New York, 1 of 1 leg done');
  });

  it('says not started before anything happened, a booking without containers included', () => {
    for (const name of ['ocean-booked-planned', 'ocean-empty-containers']) {
      const line = lineOf(viewOf(name));
      assert.deepEqual(line.position, { kind: 'notStarted' }, name);
      assert.equal(line.legsDone, 0);
    }
    assert.equal(describeLine(lineOf(viewOf('ocean-booked-planned')), ctx('en')), 'Progress: not yet left Yantian, 0 of 3 legs done');
  });

  it('holds the cargo at the place of a hold, as the exception banner does', () => {
    const view = viewOf('ocean-unknown-codes', (body) => {
      for (const m of body.containers[0]!.milestones) if (m['code'] === 'HOLD') m['code'] = 'INSP';
    });
    assert.ok(view.exceptions.some((e) => e.kind === 'hold'));
    const line = lineOf(view);
    assert.deepEqual(line.position, { kind: 'held', stop: 1 });
    assert.equal(describeLine(line, ctx('en')), 'Progress: held at Oakland, 1 of 1 leg done');
  });

  it('has no line for a route of fewer than two stops', () => {
    assert.equal(progressLine(viewOf('ocean-minimal'), undefined), undefined);
  });

  it('says where in Arabic, each place isolated, with the dual Arabic uses for two legs', () => {
    const line = lineOf(viewOf('ocean-container-in-transit', undefined, 'ar'));
    const label = describeLine(line, ctx('ar')).replace(/[\u2066-\u2069]/g, '');
    assert.equal(label, 'التقدم: بين Singapore وRotterdam، اكتمل 1 من مرحلتين');
  });

  describe('from its facts alone', () => {
    const stops = lineFacts(viewOf('ocean-container-in-transit'), undefined).stops;
    const [ningbo, singapore, rotterdam] = stops.map((s) => s.place);
    const facts = (more: Partial<LineFacts>): LineFacts => ({
      stops,
      latest: undefined,
      vehicle: undefined,
      delivered: false,
      held: false,
      ...more,
    });

    it('counts a departure as the leg under way, any other event as the place', () => {
      assert.deepEqual(deriveProgressLine(facts({ latest: { code: 'LOAD', place: singapore! } }))?.position, { kind: 'at', stop: 1 });
      assert.deepEqual(deriveProgressLine(facts({ latest: { code: 'DEPA', place: ningbo! } }))?.position, { kind: 'between', from: 0 });
      // Nothing leaves the destination: a departure there leaves the cargo at it.
      assert.deepEqual(deriveProgressLine(facts({ latest: { code: 'DEPA', place: rotterdam! } }))?.position, { kind: 'at', stop: 2 });
    });

    it('takes the vehicle’s report when it is ahead of the events, and the events when they are ahead of it', () => {
      const loaded = { code: 'LOAD', place: singapore! };
      assert.deepEqual(deriveProgressLine(facts({ latest: loaded, vehicle: { from: singapore!, to: rotterdam! } }))?.position, {
        kind: 'between',
        from: 1,
      });
      assert.deepEqual(deriveProgressLine(facts({ latest: loaded, vehicle: { near: rotterdam! } }))?.position, { kind: 'at', stop: 2 });
      assert.deepEqual(deriveProgressLine(facts({ latest: loaded, vehicle: { from: ningbo!, to: singapore! } }))?.position, {
        kind: 'at',
        stop: 1,
      });
    });

    it('ignores places off the route, and a hold keeps the cargo at the last stop it reached', () => {
      const depot = { code: 'CNXXX' };
      assert.deepEqual(deriveProgressLine(facts({ latest: { code: 'GTIN', place: depot } }))?.position, { kind: 'notStarted' });
      assert.deepEqual(deriveProgressLine(facts({ latest: { code: 'INSP', place: depot }, vehicle: { near: singapore! }, held: true })), {
        stops,
        position: { kind: 'held', stop: 1 },
        legsDone: 1,
      });
    });
  });
});
