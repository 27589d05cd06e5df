import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  contains,
  fitPadding,
  intersects,
  mergeClose,
  placeLabels,
  type Box,
  type LabelRequest,
  type LabelText,
  type Placement,
  type Size,
} from '../../../../packages/core/src/map/label-placement.js';

/** A monospace stand-in for the browser's measurement: 7 px a character, 16 px a line, 12 px of padding. */
function measure(text: LabelText): Size {
  const lines = [text.name, ...text.details];
  return { width: 12 + 7 * Math.max(...lines.map((l) => Array.from(l).length)), height: 4 + 16 * lines.length };
}

function label(
  name: string,
  x: number,
  y: number,
  priority: number,
  details: string[] = [],
  prefer: LabelRequest['prefer'] = 'inline-end',
): LabelRequest {
  return { text: { name, details }, anchor: { x, y }, radius: 6, priority, prefer };
}

const shown = (p: Placement) => (p.hidden ? undefined : p);

function visibleBoxes(placements: readonly Placement[]): Box[] {
  return placements.flatMap((p) => (p.hidden ? [] : [p.box]));
}

describe('placeLabels', () => {
  const size = { width: 400, height: 300 };

  it('puts a label at the inline end of its marker: right in LTR, left in RTL', () => {
    const labels = [label('Rotterdam', 200, 150, 0, ['Destination'])];
    assert.equal(shown(placeLabels({ labels, size, dir: 'ltr', controls: [], measure })[0]!)?.side, 'right');
    assert.equal(shown(placeLabels({ labels, size, dir: 'rtl', controls: [], measure })[0]!)?.side, 'left');
  });

  it('moves a label that would leave the map to the other side, whole', () => {
    const [placement] = placeLabels({
      labels: [label('Ningbo', 380, 150, 0, ['Origin, Port of loading'])],
      size,
      dir: 'ltr',
      controls: [],
      measure,
    });
    assert.equal(shown(placement!)?.side, 'left');
    assert.equal(shown(placement!)?.shortened, false);
  });

  it('keeps a label clear of a control (here the zoom buttons) by moving it to another side', () => {
    const zoom: Box = { left: 356, top: 10, right: 390, bottom: 74 };
    const [placement] = placeLabels({
      labels: [label('Rotterdam', 300, 40, 0, ['Destination'])],
      size,
      dir: 'ltr',
      controls: [zoom],
      measure,
    });
    const p = shown(placement!);
    assert.ok(p, 'the label is shown');
    assert.equal(intersects(p.box, zoom), false);
    assert.notEqual(p.side, 'right');
  });

  it('gives way by priority: the lower label moves, loses its details, or is hidden, and none overlap', () => {
    // Hamburg and Duisburg, 40 px apart at a small zoom.
    const labels = [label('Duisburg', 180, 160, 0, ['Destination']), label('Hamburg', 200, 130, 5, ['Port of discharge'])];
    const placements = placeLabels({ labels, size, dir: 'ltr', controls: [], measure });
    const boxes = visibleBoxes(placements);
    assert.equal(boxes.length, 2);
    assert.equal(intersects(boxes[0]!, boxes[1]!), false);
    assert.equal(shown(placements[0]!)?.shortened, false, 'the destination keeps its whole text');
  });

  it('drops detail lines before shortening the name, shortens it to a whole shorter name (city before code), never mid-word, before hiding it', () => {
    const narrow = { width: 150, height: 120 };
    const [withDetails] = placeLabels({
      labels: [label('Los Angeles', 75, 60, 0, ['Port of discharge, Destination'])],
      size: narrow,
      dir: 'ltr',
      controls: [],
      measure,
    });
    assert.deepEqual(shown(withDetails!)?.text, { name: 'Los Angeles', details: [] });
    const chicago = (width: number) =>
      placeLabels({
        labels: [
          {
            ...label('Chicago (ORD), United States', width / 2, 60, 0, ['Destination']),
            text: { name: 'Chicago (ORD), United States', details: ['Destination'], shorter: ['Chicago (ORD)', 'Chicago'] },
          },
        ],
        size: { width, height: 120 },
        dir: 'ltr',
        controls: [],
        measure,
      })[0]!;
    assert.deepEqual(shown(chicago(480))?.text, { name: 'Chicago (ORD), United States', details: ['Destination'] });
    assert.equal(shown(chicago(480))?.shortened, false);
    // 12 + 7 × 13 = 103 px: "Chicago (ORD)" fits above or below its marker on a map 150 px wide.
    assert.deepEqual(shown(chicago(150))?.text, { name: 'Chicago (ORD)', details: [] });
    assert.equal(shown(chicago(150))?.shortened, true);
    assert.deepEqual(shown(chicago(90))?.text, { name: 'Chicago', details: [] });
    const [hidden] = placeLabels({
      labels: [label('Savannah', 20, 60, 0)],
      size: { width: 40, height: 120 },
      dir: 'ltr',
      controls: [],
      measure,
    });
    assert.equal(hidden!.hidden, true);
  });

  it('keeps a label off the route where another side allows, and on it rather than shortened', () => {
    // A route running east from the marker: the label goes left (the mirror of its preferred side) instead.
    const route = [
      { x: 200, y: 150 },
      { x: 400, y: 150 },
    ];
    const [off] = placeLabels({ labels: [label('Singapore', 200, 150, 0)], size, dir: 'ltr', controls: [], measure, lines: [route] });
    assert.equal(shown(off!)?.side, 'left');
    // Lines on every side: the whole name stays, on its preferred side.
    const cross = [
      [
        { x: 0, y: 150 },
        { x: 400, y: 150 },
      ],
      [
        { x: 200, y: 0 },
        { x: 200, y: 300 },
      ],
    ];
    const [on] = placeLabels({ labels: [label('Singapore', 200, 150, 0)], size, dir: 'ltr', controls: [], measure, lines: cross });
    assert.equal(shown(on!)?.side, 'right');
    assert.equal(shown(on!)?.shortened, false);
  });

  it('drops a detail line rather than cross the route, when the whole name then fits off it', () => {
    // Routes leave the marker east and south; the inline start is a control; above, only the name has room.
    const lines = [
      [
        { x: 200, y: 50 },
        { x: 400, y: 50 },
      ],
      [
        { x: 200, y: 50 },
        { x: 200, y: 300 },
      ],
    ];
    const controls: Box[] = [{ left: 0, top: 0, right: 150, bottom: 300 }];
    const [placement] = placeLabels({
      labels: [label('Frankfurt', 200, 50, 0, ['Destination'])],
      size,
      dir: 'ltr',
      controls,
      measure,
      lines,
    });
    assert.equal(shown(placement!)?.side, 'top');
    assert.deepEqual(shown(placement!)?.text, { name: 'Frankfurt', details: [] });
    assert.equal(shown(placement!)?.shortened, false);
  });

  it('puts a vehicle label above its marker when there is room', () => {
    const [placement] = placeLabels({
      labels: [label('MSC GULSUN', 200, 150, 0, ['16.4 knots'], 'above')],
      size,
      dir: 'ltr',
      controls: [],
      measure,
    });
    assert.equal(shown(placement!)?.side, 'top');
  });

  it('never puts a label outside the map, on a control, on a marker or on another label, nor cuts its name (any anchors, sizes, directions)', () => {
    const anchor = fc.record({ x: fc.integer({ min: 0, max: 1400 }), y: fc.integer({ min: 0, max: 400 }) });
    fc.assert(
      fc.property(
        fc.integer({ min: 200, max: 1400 }),
        fc.integer({ min: 150, max: 400 }),
        fc.constantFrom('ltr' as const, 'rtl' as const),
        fc.array(fc.tuple(anchor, fc.string({ minLength: 1, maxLength: 30 }), fc.array(fc.string({ maxLength: 30 }), { maxLength: 2 })), {
          maxLength: 8,
        }),
        (width, height, dir, specs) => {
          const labels = specs.map(([a, name, details], i) => label(name, a.x % width, a.y % height, i, details));
          const zoom: Box =
            dir === 'rtl' ? { left: width - 44, top: 10, right: width - 10, bottom: 74 } : { left: 10, top: 10, right: 44, bottom: 74 };
          const placements = placeLabels({ labels, size: { width, height }, dir, controls: [zoom], measure });
          const map: Box = { left: 0, top: 0, right: width, bottom: height };
          const boxes = visibleBoxes(placements);
          for (const [i, b] of boxes.entries()) {
            if (!contains(map, b) || intersects(b, zoom)) return false;
            if (boxes.some((other, j) => j !== i && intersects(b, other))) return false;
          }
          // Never cut: a shown label has its whole name (these labels offer no shorter one).
          if (placements.some((p, i) => !p.hidden && p.text.name !== labels[i]!.text.name)) return false;
          return placements.every(
            (p, i) =>
              p.hidden ||
              labels.every(
                (other, j) =>
                  j === i ||
                  !intersects(p.box, {
                    left: other.anchor.x - 6,
                    top: other.anchor.y - 6,
                    right: other.anchor.x + 6,
                    bottom: other.anchor.y + 6,
                  }),
              ),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('mergeClose', () => {
  const place = (name: string, x: number, y: number, priority: number, short: string, role: string): LabelRequest => ({
    text: { name, details: [role], shorter: [short] },
    anchor: { x, y },
    radius: 6,
    priority,
    mergeable: true,
  });

  it('merges places closer than a label’s height into one label naming both by their short names', () => {
    const hamburg = place('Hamburg, Germany', 200, 130, 10, 'Hamburg', 'Port of discharge');
    const duisburg = place('Duisburg, Germany', 207, 140, 0, 'Duisburg', 'Destination');
    const merged = mergeClose([hamburg, duisburg], 20);
    assert.equal(merged.length, 1);
    assert.deepEqual(merged[0]!.members, [0, 1]);
    assert.deepEqual(merged[0]!.request.text, { name: 'Hamburg · Duisburg', details: ['Port of discharge · Destination'] });
    assert.equal(merged[0]!.request.priority, 0);
    // Its marker covers both.
    assert.ok(merged[0]!.request.radius >= Math.hypot(3.5, 5) + 6);
  });

  it('leaves apart places a label’s height or more apart, and the vehicle always', () => {
    const a = place('Hamburg, Germany', 200, 130, 10, 'Hamburg', 'Port of discharge');
    const b = place('Duisburg, Germany', 200, 160, 0, 'Duisburg', 'Destination');
    assert.equal(mergeClose([a, b], 20).length, 2);
    const vessel: LabelRequest = { text: { name: 'MSC GULSUN', details: [] }, anchor: { x: 201, y: 131 }, radius: 15, priority: 2 };
    assert.equal(mergeClose([a, vessel], 20).length, 2);
  });
});

describe('fitPadding', () => {
  const size = { width: 640, height: 360 };
  // Ningbo in the east (right), Rotterdam in the west, in zoom-0 pixels.
  const labels = [label('Ningbo', 220, 100, 1, ['Origin, Port of loading']), label('Rotterdam', 130, 85, 0, ['Destination'])];
  const bounds: Box = { left: 128, top: 80, right: 222, bottom: 130 };

  it('leaves room for the label of the marker at an edge on the side that asks least, mirrored in RTL', () => {
    const ltr = fitPadding({ labels, bounds, size, dir: 'ltr', controls: [], measure });
    const rtl = fitPadding({ labels, bounds, size, dir: 'rtl', controls: [], measure });
    assert.deepEqual(rtl, { left: ltr.right, top: ltr.top, right: ltr.left, bottom: ltr.bottom });
    // Ningbo's label beside it would take its width off the route; above or below it takes a line's height.
    assert.ok(ltr.right < measure(labels[0]!.text).width, `LTR right padding ${ltr.right}`);
    assert.ok(Math.max(ltr.top, ltr.bottom) >= 24, `LTR top ${ltr.top}, bottom ${ltr.bottom}`);
  });

  it('reserves the narrow strip a corner control covers: a column for the zoom buttons, a row for the attribution', () => {
    const zoom: Box = { left: 10, top: 10, right: 44, bottom: 74 };
    const attribution: Box = { left: 400, top: 342, right: 640, bottom: 360 };
    const pad = fitPadding({ labels: [], bounds, size, dir: 'ltr', controls: [zoom, attribution], measure, base: 8 });
    assert.ok(pad.left >= 44, `left ${pad.left}`);
    assert.ok(pad.bottom >= 18, `bottom ${pad.bottom}`);
    assert.equal(pad.top, 8);
    assert.equal(pad.right, 8);
  });

  it('never gives a side more than its share of the map', () => {
    const long = [label('A very long place name that no phone could ever show beside its marker', 222, 100, 0)];
    const pad = fitPadding({ labels: long, bounds, size: { width: 320, height: 240 }, dir: 'ltr', controls: [], measure });
    assert.ok(pad.right <= 320 * 0.4 + 0.001, `right ${pad.right}`);
  });
});
