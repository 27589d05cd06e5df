import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadFixture } from '../../../fixtures/load-fixture.js';
import { normalizeOcean } from '../../../../packages/ocean-tracker/src/lookup/ocean-normalizer.js';
import { normalizeAir } from '../../../../packages/air-tracker/src/lookup/air-normalizer.js';
import { loadCatalogue, shippedLocales } from '../../../../packages/core/src/i18n/catalogues.js';
import { enShipment } from '../../../../packages/core/src/i18n/en-shipment.js';
import { Localizer, registerEnglish } from '../../../../packages/core/src/i18n/localizer.js';
import { createPresenter } from '../../../../packages/core/src/view/present.js';
import { impliedBy } from '../../../../packages/core/src/view/labels.js';
import { mapMessagesFor } from '../../../../packages/core/src/view/map-messages.js';
import type { Milestone, Shipment } from '../../../../packages/core/src/model/shipment.js';

function shipmentOf(name: string): Shipment {
  const result = (name.startsWith('air') ? normalizeAir : normalizeOcean)(loadFixture(name));
  if (!result.ok) throw new Error(result.reason);
  return result.shipment;
}

/** The titles the timeline shows for these events of this shipment, in this language. */
function titles(shipment: Shipment, events: readonly Milestone[], locale = 'en'): string[] {
  const l = new Localizer(locale);
  const unit = { ...shipment.units[0]!, milestones: events };
  const view = createPresenter()({ ...shipment, units: [unit] }, undefined, l, mapMessagesFor(l));
  return view.units[0]!.milestones.map((m) => m.title);
}

const event = (code: string, extra: Partial<Milestone> = {}): Milestone => ({ code, known: true, kind: 'actual', ...extra });

describe('words that fit the mode', () => {
  before(async () => {
    registerEnglish(enShipment);
    await Promise.all(shippedLocales.filter((l) => l !== 'en').map(loadCatalogue));
  });

  it('names the ocean step by its transport: vessel (and feeder), rail, truck, barge', () => {
    const ocean = shipmentOf('ocean-container-in-transit.json');
    const byMode = (mode: string | undefined) =>
      titles(
        ocean,
        ['LOAD', 'DEPA', 'ARRI', 'DISC'].map((code) => event(code, mode === undefined ? {} : { mode })),
      );
    assert.deepEqual(byMode('vessel'), ['Loaded on vessel', 'Vessel departed', 'Vessel arrived', 'Discharged']);
    assert.deepEqual(byMode('feeder'), byMode('vessel'));
    assert.deepEqual(byMode(undefined), byMode('vessel'));
    assert.deepEqual(byMode('rail'), ['Loaded on train', 'Train departed', 'Train arrived', 'Unloaded from train']);
    assert.deepEqual(byMode('truck'), ['Loaded on truck', 'Truck departed', 'Truck arrived', 'Unloaded from truck']);
    assert.deepEqual(byMode('barge'), ['Loaded on barge', 'Barge departed', 'Barge arrived', 'Discharged from barge']);
    // Mode-neutral codes read the same whatever the transport.
    assert.deepEqual(titles(ocean, [event('GTOT', { mode: 'rail' })]), ['Gate out']);
  });

  it('says a rail step in the words of rail, not of a vessel, in every language', () => {
    const ocean = shipmentOf('ocean-container-in-transit.json');
    for (const locale of shippedLocales) {
      for (const code of ['LOAD', 'DEPA', 'ARRI', 'DISC']) {
        const [vessel, rail, truck, barge] = titles(
          ocean,
          ['vessel', 'rail', 'truck', 'barge'].map((mode) => event(code, { mode })),
          locale,
        );
        assert.equal(new Set([vessel, rail, truck, barge]).size, 4, `${locale} ${code}: ${vessel} / ${rail} / ${truck} / ${barge}`);
      }
    }
  });

  it("tells an air transfer onto the airline's own flight from one to another airline, by the flight's designator", () => {
    const air = shipmentOf('air-awb-transfer.json');
    assert.equal(air.carrier?.iata, 'EK');
    const [own, other, unknown] = titles(air, [
      event('TFD', { flightNumber: 'EK9905' }),
      event('TFD', { flightNumber: 'LH8162' }),
      event('TFD'),
    ]);
    assert.equal(own, 'Transferred to a connecting flight');
    assert.equal(other, 'Transferred to another airline');
    assert.equal(unknown, 'Transferred');
    for (const locale of shippedLocales) {
      const words = titles(air, [event('TFD', { flightNumber: 'EK9905' }), event('TFD', { flightNumber: 'LH8162' }), event('TFD')], locale);
      assert.equal(new Set(words).size, 3, `${locale}: ${words.join(' / ')}`);
    }
  });

  it('keeps the document’s text for a code it does not know, whatever the mode', () => {
    const ocean = shipmentOf('ocean-container-in-transit.json');
    assert.deepEqual(titles(ocean, [event('XRAY', { known: false, mode: 'rail', description: 'Scanned' })]), ['Scanned']);
  });
});

describe('words for an event still to come', () => {
  before(async () => {
    registerEnglish(enShipment);
    await Promise.all(shippedLocales.filter((l) => l !== 'en').map(loadCatalogue));
  });

  /** The history's rows for these events, as the presenter labels them. */
  function rows(shipment: Shipment, events: readonly Milestone[], locale = 'en') {
    const l = new Localizer(locale);
    const unit = { ...shipment.units[0]!, milestones: events };
    return createPresenter()({ ...shipment, units: [unit] }, undefined, l, mapMessagesFor(l)).units[0]!.milestones;
  }

  it('names an estimated or planned ocean step in the words of its transport, not as done', () => {
    const ocean = shipmentOf('ocean-container-in-transit.json');
    const byMode = (mode: string, kind: 'estimated' | 'planned') =>
      titles(
        ocean,
        ['LOAD', 'DEPA', 'ARRI', 'DISC'].map((code) => event(code, { mode, kind })),
      );
    assert.deepEqual(byMode('vessel', 'estimated'), ['Loading on vessel', 'Vessel departure', 'Vessel arrival', 'Discharge']);
    assert.deepEqual(byMode('vessel', 'planned'), byMode('vessel', 'estimated'));
    assert.deepEqual(byMode('rail', 'planned'), ['Loading on train', 'Train departure', 'Train arrival', 'Unloading from train']);
    assert.deepEqual(byMode('truck', 'planned'), ['Loading on truck', 'Truck departure', 'Truck arrival', 'Unloading from truck']);
    assert.deepEqual(byMode('barge', 'estimated'), ['Loading on barge', 'Barge departure', 'Barge arrival', 'Discharge from barge']);
    // The same event once it happened keeps the words of what was done.
    assert.deepEqual(titles(ocean, [event('ARRI', { kind: 'actual' }), event('ARRI', { kind: 'estimated' })]), [
      'Vessel arrived',
      'Vessel arrival',
    ]);
  });

  it('names an expected air event, a transfer by its onward flight too', () => {
    const air = shipmentOf('air-awb-transfer.json');
    assert.deepEqual(titles(air, [event('DLV', { kind: 'estimated' }), event('DLV'), event('ARR', { kind: 'planned' }), event('ARR')]), [
      'Delivery',
      'Delivered',
      'Arrival',
      'Arrived',
    ]);
    for (const locale of shippedLocales) {
      const words = titles(
        air,
        [{ flightNumber: 'EK9905' }, { flightNumber: 'LH8162' }, {}].map((extra) => event('TFD', { kind: 'planned', ...extra })),
        locale,
      );
      assert.equal(new Set(words).size, 3, `${locale}: ${words.join(' / ')}`);
    }
    assert.deepEqual(
      titles(air, [event('TFD', { kind: 'planned', flightNumber: 'EK9905' }), event('TFD', { kind: 'planned', flightNumber: 'LH8162' })]),
      ['Transfer to a connecting flight', 'Transfer to another airline'],
    );
  });

  it('tells rail from vessel, truck and barge for an expected step in every language too', () => {
    const ocean = shipmentOf('ocean-container-in-transit.json');
    for (const locale of shippedLocales) {
      for (const code of ['LOAD', 'DEPA', 'ARRI', 'DISC']) {
        const words = titles(
          ocean,
          ['vessel', 'rail', 'truck', 'barge'].map((mode) => event(code, { mode, kind: 'estimated' })),
          locale,
        );
        assert.equal(new Set(words).size, 4, `${locale} ${code}: ${words.join(' / ')}`);
      }
    }
  });

  it('speaks of an expected arrival as one in a translated language', () => {
    const ocean = shipmentOf('ocean-container-in-transit.json');
    const arrival = [event('ARRI'), event('ARRI', { kind: 'estimated' })];
    assert.deepEqual(titles(ocean, arrival, 'de'), ['Schiff angekommen', 'Ankunft des Schiffs']);
    assert.deepEqual(titles(ocean, arrival, 'ar'), ['وصلت السفينة', 'وصول السفينة']);
    assert.deepEqual(titles(ocean, arrival, 'zh-CN'), ['船舶抵港', '船舶抵港']);
    assert.deepEqual(titles(ocean, [event('DISC'), event('DISC', { kind: 'planned' })], 'zh-CN'), ['已卸船', '卸船']);
  });

  it('leaves out a document text that only says our words as done, and keeps one that says more', () => {
    const ocean = shipmentOf('ocean-container-in-transit.json');
    const [planned, more, done] = rows(ocean, [
      event('DISC', { kind: 'planned', description: 'Discharged' }),
      // Was "Discharge from vessel", kept as saying more; "from vessel" is now filler (the row names the vessel).
      event('DISC', { kind: 'planned', description: 'Discharge after customs inspection' }),
      event('DISC', { description: 'Discharge after customs inspection' }),
    ]);
    assert.equal(planned!.title, 'Discharge');
    assert.equal(planned!.detail, undefined);
    assert.equal(more!.detail, 'Discharge after customs inspection');
    assert.equal(done!.title, 'Discharged');
    assert.equal(done!.detail, 'Discharge after customs inspection');
  });

  it('leaves out a document text its title implies: the same words by stem, give or take filler words', () => {
    const ocean = shipmentOf('ocean-container-in-transit.json');
    const details = (events: Milestone[]) => rows(ocean, events).map((r) => [r.title, r.detail ?? null]);
    assert.deepEqual(
      details([
        event('DEPA', { description: 'Vessel departure' }),
        event('ARRI', { description: 'Vessel arrival' }),
        event('GTIN', { description: 'Gate in full' }),
        event('GTIN', { description: 'Full container gated in at terminal' }),
        event('LOAD', { description: 'Loaded on board' }),
        event('DISC', { description: 'Discharge from vessel' }),
        event('ARRI', { description: 'Vessel arrived at transshipment port' }),
        event('GTOT', { description: 'Gate out for delivery' }),
        event('GTOT', { description: 'Empty container released to shipper' }),
      ]),
      [
        ['Vessel departed', null],
        ['Vessel arrived', null],
        ['Gate in', null],
        ['Gate in', null],
        ['Loaded on vessel', null],
        ['Discharged', null],
        ['Vessel arrived', 'Vessel arrived at transshipment port'],
        ['Gate out', 'Gate out for delivery'],
        ['Gate out', 'Empty container released to shipper'],
      ],
    );
    assert.equal(impliedBy('Vessel departure', ['Vessel departed'], 'en'), true);
    assert.equal(impliedBy('Departure delayed', ['Vessel departed'], 'en'), false);
    // Only whole words count: "Gate" does not imply "Gateway".
    assert.equal(impliedBy('Gateway', ['Gate in'], 'en'), false);
  });
});
