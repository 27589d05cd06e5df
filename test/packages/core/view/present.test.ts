import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadFixture } from '../../../fixtures/load-fixture.js';
import { normalizeOcean } from '../../../../packages/ocean-tracker/src/lookup/ocean-normalizer.js';
import { loadCatalogue } from '../../../../packages/core/src/i18n/catalogues.js';
import { enShipment } from '../../../../packages/core/src/i18n/en-shipment.js';
import { Localizer, registerEnglish } from '../../../../packages/core/src/i18n/localizer.js';
import { describeRoute } from '../../../../packages/core/src/view/map-messages.js';
import { createPresenter } from '../../../../packages/core/src/view/present.js';
import { mapMessagesFor } from '../../../../packages/core/src/view/map-messages.js';
import type { Shipment } from '../../../../packages/core/src/model/shipment.js';

function inTransit(): Shipment {
  const result = normalizeOcean(loadFixture('ocean-container-in-transit.json'));
  if (!result.ok) throw new Error(result.reason);
  return result.shipment;
}

describe('the presentation step', () => {
  before(async () => {
    registerEnglish(enShipment);
    await loadCatalogue('de');
  });

  it('labels each place once, and route, timeline, ETA, map and text alternative all say that label', () => {
    const l = new Localizer('de');
    const words = mapMessagesFor(l);
    const view = createPresenter()(inTransit(), undefined, l, words);
    const rotterdam = view.map.places.get('NLRTM')!;
    assert.equal(rotterdam.label, 'Rotterdam, Niederlande');
    assert.equal(rotterdam.shortLabel, 'Rotterdam');
    assert.equal(view.map.route.find((s) => s.place.place.code === 'NLRTM')?.place, rotterdam);
    assert.equal(view.etaPlace, rotterdam);
    const inTimeline = view.units.flatMap((u) => u.milestones).filter((m) => m.milestone.place?.code === 'NLRTM');
    assert.ok(inTimeline.length > 0, 'the timeline has Rotterdam events');
    for (const m of inTimeline) assert.equal(m.place, rotterdam);
    assert.match(view.map.routeSentence, /Rotterdam, Niederlande/);
    assert.match(describeRoute(view.map, words, Date.now()), /Rotterdam, Niederlande/);
    assert.doesNotMatch(describeRoute(view.map, words, Date.now()), /\(NL\)/);
  });

  it('gives back the same view while no input changes, and a new one when one does', () => {
    const present = createPresenter();
    const shipment = inTransit();
    const l = new Localizer('en');
    const words = mapMessagesFor(l);
    const first = present(shipment, undefined, l, words);
    assert.equal(present(shipment, undefined, l, words), first, 'same inputs: same object');
    const named = present(shipment, 'Maersk', l, words);
    assert.notEqual(named, first);
    assert.equal(named.map, first.map, 'a carrier name the map does not show leaves the map view alone');
    const german = new Localizer('de');
    const relabelled = present(shipment, 'Maersk', german, mapMessagesFor(german));
    assert.notEqual(relabelled.map, first.map, 'another language relabels the map');
    assert.notEqual(
      present(inTransit(), 'Maersk', german, mapMessagesFor(german)).map,
      relabelled.map,
      'another shipment: another map view',
    );
  });

  it('names the carrier from the document, else from the open list, else by its code', () => {
    const present = createPresenter();
    const l = new Localizer('en');
    const words = mapMessagesFor(l);
    const shipment = inTransit();
    const bare: Shipment = { ...shipment, carrier: { code: 'MAEU' } };
    assert.equal(present(bare, undefined, l, words).carrier, 'MAEU');
    assert.equal(present(bare, 'Maersk', l, words).carrier, 'Maersk');
    assert.equal(present({ ...shipment, carrier: { code: 'MAEU', name: 'Maersk A/S' } }, 'Maersk', l, words).carrier, 'Maersk A/S');
  });

  it('says the status sentence for the live region with the status label the page shows', () => {
    const l = new Localizer('de');
    const view = createPresenter()(inTransit(), undefined, l, mapMessagesFor(l));
    assert.ok(view.announcement.includes(view.status), view.announcement);
    assert.ok(view.announcement.includes(view.shipment.reference));
  });
});
