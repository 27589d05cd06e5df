import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { phaseChunks } from '../../scripts/phase-chunks.js';

const root = '/repo';
const id = (path: string) => `${root}/packages/${path}`;

/** Runs the plugin's buildEnd over a module graph given as `path: [static imports]`; returns each group's members. */
function chunksOf(graph: Record<string, string[]>): Record<string, string[]> {
  const { plugin, groups } = phaseChunks(root);
  const context = {
    getModuleIds: () => Object.keys(graph).map(id)[Symbol.iterator](),
    getModuleInfo: (moduleId: string) => ({ importedIds: (graph[moduleId.slice(`${root}/packages/`.length)] ?? []).map(id) }),
  };
  (plugin.buildEnd as (this: typeof context, error?: Error) => void).call(context);
  return Object.fromEntries(
    groups.map((group) => [
      group.name,
      Object.keys(graph)
        .filter((path) => group.test(id(path)))
        .sort(),
    ]),
  );
}

// The script-tag entry, both elements and core's first load, as bundle-modules.mjs names them.
const FIRST_LOAD = {
  'cargo-trackers/src/cdn.ts': ['core/src/first/early-lookup/early-lookup.ts'],
  'ocean-tracker/src/first/define.ts': ['core/src/first/element/tracker-element.ts'],
  'air-tracker/src/first/define.ts': ['core/src/first/element/tracker-element.ts'],
  'core/src/first/element/tracker-element.ts': ['core/src/i18n/localizer.ts'],
  'core/src/first/early-lookup/early-lookup.ts': [],
  'core/src/first/shared.ts': ['core/src/first/early-lookup/early-lookup.ts', 'core/src/model/events.ts'],
  'core/src/i18n/localizer.ts': [],
  'core/src/model/events.ts': [],
};

describe('phaseChunks (build plugin)', () => {
  it('puts lookup/ and view/ in the lookup chunk with the leaves only they use, and the map element in its own', () => {
    const chunks = chunksOf({
      ...FIRST_LOAD,
      'core/src/lookup/lookup.ts': ['core/src/lookup/session.ts'],
      'core/src/lookup/session.ts': ['core/src/first/shared.ts', 'core/src/format/dates.ts', 'core/src/i18n/localizer.ts'],
      'core/src/view/shipment-view.ts': ['core/src/format/dates.ts', 'core/src/view/route-geometry.ts'],
      'core/src/format/dates.ts': [],
      'core/src/view/route-geometry.ts': [],
      'core/src/map/define.ts': ['core/src/map/tracker-route-map.ts', 'core/src/first/shared.ts'],
      'core/src/map/tracker-route-map.ts': ['core/src/view/route-geometry.ts'],
      'core/src/map/leaflet-route-map.ts': [],
    });
    assert.deepEqual(chunks, {
      lookup: [
        'core/src/first/shared.ts',
        'core/src/format/dates.ts',
        'core/src/lookup/lookup.ts',
        'core/src/lookup/session.ts',
        'core/src/model/events.ts',
        'core/src/view/route-geometry.ts',
        'core/src/view/shipment-view.ts',
      ],
      'map-element': ['core/src/map/define.ts', 'core/src/map/tracker-route-map.ts'],
    });
  });

  it("leaves core's use/ out of every phase's chunk: each is downloaded when it is used", () => {
    const chunks = chunksOf({
      ...FIRST_LOAD,
      'core/src/lookup/lookup.ts': [],
      // The view imports the calendar with import(), which is no static edge; the calendar imports its builder.
      'core/src/view/share/share-bar.ts': [],
      'core/src/use/calendar.ts': ['core/src/use/ics.ts'],
      'core/src/use/ics.ts': [],
      'core/src/use/recent-list.ts': ['core/src/first/shared.ts', 'core/src/i18n/en-recent.ts'],
      'core/src/i18n/en-recent.ts': [],
      'core/src/map/define.ts': [],
    });
    assert.deepEqual(chunks, {
      lookup: ['core/src/lookup/lookup.ts', 'core/src/view/share/share-bar.ts'],
      'map-element': ['core/src/map/define.ts'],
    });
  });

  it('stops the build when a use/ module is in the first load', () => {
    assert.throws(
      () =>
        chunksOf({
          ...FIRST_LOAD,
          'core/src/first/element/tracker-element.ts': ['core/src/use/recent-list.ts'],
          'core/src/use/recent-list.ts': [],
          'core/src/map/define.ts': [],
        }),
      /packages\/core\/src\/use\/recent-list\.ts is in the first load/,
    );
  });

  it('stops the build when a lookup/ module is in the first load', () => {
    assert.throws(
      () =>
        chunksOf({
          ...FIRST_LOAD,
          'core/src/first/element/tracker-element.ts': ['core/src/lookup/session.ts'],
          'core/src/lookup/session.ts': [],
          'core/src/map/define.ts': [],
        }),
      /packages\/core\/src\/lookup\/session\.ts is in the first load/,
    );
  });

  it('stops the build when a first/ module is loaded only later', () => {
    assert.throws(
      () =>
        chunksOf({
          ...FIRST_LOAD,
          'core/src/lookup/session.ts': ['core/src/first/only-later.ts'],
          'core/src/first/only-later.ts': ['core/src/i18n/localizer.ts'],
          'core/src/map/define.ts': [],
        }),
      /packages\/core\/src\/first\/only-later\.ts is not in the first load/,
    );
  });

  it("leaves an element's lookup/ and view/ to the chunks of its own import()", () => {
    const chunks = chunksOf({
      ...FIRST_LOAD,
      'ocean-tracker/src/first/define.ts': ['ocean-tracker/src/first/ocean-tracker.ts'],
      'ocean-tracker/src/first/ocean-tracker.ts': ['core/src/first/element/tracker-element.ts'],
      'ocean-tracker/src/view/ocean-view.ts': ['ocean-tracker/src/lookup/ocean-normalizer.ts', 'core/src/format/dates.ts'],
      'ocean-tracker/src/lookup/ocean-normalizer.ts': [],
      'core/src/lookup/lookup.ts': ['core/src/format/dates.ts'],
      'core/src/format/dates.ts': [],
      'core/src/map/define.ts': [],
    });
    assert.deepEqual(chunks, {
      lookup: ['core/src/format/dates.ts', 'core/src/lookup/lookup.ts'],
      'map-element': ['core/src/map/define.ts'],
    });
  });

  it("stops the build when an element's view/ module is in the first load", () => {
    assert.throws(
      () =>
        chunksOf({
          ...FIRST_LOAD,
          'ocean-tracker/src/first/define.ts': ['ocean-tracker/src/view/vessels.ts', 'core/src/first/element/tracker-element.ts'],
          'ocean-tracker/src/view/vessels.ts': [],
          'core/src/map/define.ts': [],
        }),
      /packages\/ocean-tracker\/src\/view\/vessels\.ts is in the first load/,
    );
  });

  it("stops the build when an element's first/ module is loaded only later", () => {
    assert.throws(
      () =>
        chunksOf({
          ...FIRST_LOAD,
          'air-tracker/src/view/air-view.ts': ['air-tracker/src/first/only-later.ts'],
          'air-tracker/src/first/only-later.ts': [],
          'core/src/map/define.ts': [],
        }),
      /packages\/air-tracker\/src\/first\/only-later\.ts is not in the first load/,
    );
  });
});
