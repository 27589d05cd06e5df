import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { newsOf, refreshMs } from '../../../../packages/core/src/lookup/refresh.js';
import { normalizeOcean } from '../../../../packages/ocean-tracker/src/lookup/ocean-normalizer.js';
import type { Shipment } from '../../../../packages/core/src/model/shipment.js';
import { loadFixture } from '../../../fixtures/load-fixture.js';

interface Doc {
  status: string;
  containers: { milestones: { code: string; locode: string; kind: string; time: string }[] }[];
}

/** The in-transit container, changed by `change` before it is read. */
function transit(change: (doc: Doc) => void = () => {}): Shipment {
  const doc = loadFixture('ocean-container-in-transit.json') as Doc;
  change(doc);
  const result = normalizeOcean(doc);
  assert.ok(result.ok);
  return result.shipment;
}

const rotterdamArrival = (doc: Doc) => doc.containers[0]!.milestones.find((m) => m.code === 'ARRI' && m.locode === 'NLRTM')!;

describe('refresh: what a new answer brought', () => {
  it('finds nothing in the same document', () => assert.equal(newsOf(transit(), transit()), undefined));

  it('does not call a moved estimate news', () =>
    assert.equal(
      newsOf(
        transit(),
        transit((doc) => (rotterdamArrival(doc).time = '2026-12-05T08:00:00+01:00')),
      ),
      undefined,
    ));

  it('names the event that happened, and a changed status', () => {
    const news = newsOf(
      transit(),
      transit((doc) => {
        Object.assign(rotterdamArrival(doc), { kind: 'actual', time: '2026-12-03T22:10:00+01:00' });
        doc.status = 'ARRIVED';
      }),
    );
    assert.equal(news?.event?.milestone.code, 'ARRI');
    assert.equal(news?.event?.milestone.place?.code, 'NLRTM');
    assert.equal(news?.status, true);
  });

  it('says a new status alone when no event happened', () =>
    assert.deepEqual(
      newsOf(
        transit(),
        transit((doc) => (doc.status = 'ARRIVED')),
      ),
      { status: true },
    ));
});

describe('refresh: refresh-interval', () => {
  it('takes whole minutes up to a day, 0 for off, and the default for anything else', () =>
    assert.deepEqual(
      [15, 1, 1440, 0, 1441, -1, 2.5, Number.NaN, undefined, '30'].map((v) => refreshMs(v, 15) / 60_000),
      [15, 1, 1440, 0, 15, 15, 15, 15, 15, 15],
    ));
});
