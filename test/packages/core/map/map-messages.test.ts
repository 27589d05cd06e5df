import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { describeRoute, englishMapMessages, relativeTime } from '../../../../packages/core/src/view/map-messages.js';
import { usableTileUrl } from '../../../../packages/core/src/map/tile-template.js';
import { airTransfer, airWithoutPaths, mapView, MINUTE, oceanPacific } from './fixtures.js';

describe('relativeTime', () => {
  it('uses the largest unit that fits', () => {
    assert.equal(relativeTime(35 * MINUTE, 'en'), '35 minutes ago');
    assert.equal(relativeTime(3 * 60 * MINUTE, 'en'), '3 hours ago');
    assert.equal(relativeTime(20_000, 'en'), '20 seconds ago');
    assert.equal(relativeTime(2 * 24 * 60 * MINUTE, 'en'), '2 days ago');
  });
});

describe('describeRoute', () => {
  it('names the Pacific crossing and says where the vessel is by the ports it sails between, not by coordinates', () => {
    const now = Date.now();
    assert.equal(
      describeRoute(mapView(oceanPacific(now)), englishMapMessages, now),
      'Route from Shanghai, China to Los Angeles, United States. Vessel OOCL HONG KONG is between Shanghai and Los Angeles, 18.9 knots, course 96°, reported 36 minutes ago.',
    );
  });

  it('describes an air route by airport, with the aircraft altitude', () => {
    const now = Date.now();
    assert.equal(
      describeRoute(mapView(airTransfer()), englishMapMessages, now),
      'Route from Hong Kong\u00a0(HKG) via Dubai\u00a0(DXB), United Arab Emirates to Frankfurt am Main\u00a0(FRA), Germany.',
    );
    assert.match(
      describeRoute(mapView(airWithoutPaths(now)), englishMapMessages, now),
      /Aircraft EK9905 is between Dubai\u00a0\(DXB\) and Frankfurt am Main\u00a0\(FRA\), 480 knots, course 312°, 36,000 ft, reported 4 minutes ago\.$/,
    );
    assert.doesNotMatch(describeRoute(mapView(airWithoutPaths(now)), englishMapMessages, now), /\d°[NS]/);
  });

  it('uses translated words, and the place labels of the view’s language, when given', () => {
    const now = Date.now();
    const german = { ...englishMapMessages, routeSummary: (stops: readonly string[]) => `Route: ${stops.join(' – ')}.`, vessel: 'Schiff' };
    assert.match(
      describeRoute(mapView(oceanPacific(now), german, 'de'), german, now),
      /^Route: Shanghai, China – Los Angeles, Vereinigte Staaten\. Schiff OOCL/,
    );
  });
});

describe('usableTileUrl', () => {
  it('accepts http(s) templates with Leaflet placeholders only', () => {
    const base = 'https://shop.example/track?number=MEDU9091004';
    assert.equal(usableTileUrl('https://tiles.example/{z}/{x}/{y}{r}.png', base), 'https://tiles.example/{z}/{x}/{y}{r}.png');
    assert.equal(usableTileUrl('/tiles/{z}/{x}/{-y}.png', base), '/tiles/{z}/{x}/{-y}.png');
    assert.equal(usableTileUrl('https://tiles.example/{z}/{x}/{y}.png?key={apiKey}', base), undefined);
    assert.equal(usableTileUrl('javascript:alert(1)//{z}', base), undefined);
    assert.equal(usableTileUrl('', base), undefined);
    assert.equal(usableTileUrl(undefined, base), undefined);
  });
});
