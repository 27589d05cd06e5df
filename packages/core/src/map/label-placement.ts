/**
 * Where the map's labels go, free of Leaflet and of the DOM so it runs (and is tested) in Node.
 *
 * Input: each label's text and anchor (in the map container's pixels), the map's size, the
 * writing direction, the boxes of the controls drawn over the map (zoom buttons, attribution)
 * and a function that measures a text. Output: for each label a side of its marker and the
 * text to show (whole, without its detail lines, or a shorter name the label offers) or
 * `hidden`; and, before the view is fitted, the padding that leaves room for the labels and
 * controls.
 *
 * Labels are placed greedily in priority order, each at the first candidate (text variant ×
 * side) whose box stays inside the map, clear of the controls, of every marker and of the
 * labels already placed, and off the route's lines where a side allows. A name is never cut
 * mid-word: a label offers whole shorter names ("Chicago (ORD)", "Chicago"), tried only once
 * the whole one fits on no side. Whatever is shortened or hidden here stays whole in the page
 * and in the map's text alternative, so nothing is lost to a visitor.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** A rectangle in the map container's pixels. */
export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** What a label says: a bold name, then detail lines. */
export interface LabelText {
  readonly name: string;
  readonly details: readonly string[];
  /** Whole shorter forms of the name, longest first, for when the name fits on no side. */
  readonly shorter?: readonly string[];
}

/** A side of the marker, physical because that is how the map positions things. */
export type Side = 'right' | 'left' | 'top' | 'bottom';

export type Direction = 'ltr' | 'rtl';

export interface LabelRequest {
  readonly text: LabelText;
  readonly anchor: Point;
  /** Half the marker's size: the label starts `gap` pixels beyond it. */
  readonly radius: number;
  /** Lower numbers are placed first and shortened last. */
  readonly priority: number;
  /** A vehicle's label sits above it; a place's label at the inline end (right in LTR, left in RTL). */
  readonly prefer?: 'inline-end' | 'above';
  /** A place whose label may merge with a neighbour's when their markers nearly touch. */
  readonly mergeable?: boolean;
}

/** What both placing and fitting need to know about the labels and the map. */
export interface LabelScene {
  readonly labels: readonly LabelRequest[];
  /** The map container's size in pixels. */
  readonly size: Size;
  readonly dir: Direction;
  /** Boxes of whatever is drawn over the map, in its container's pixels; labels keep clear of them. */
  readonly controls: readonly Box[];
  readonly measure: (text: LabelText) => Size;
  /** Pixels between a marker's edge and its label (Leaflet's offset plus the arrow). */
  readonly gap?: number;
}

export interface PlacementInput extends LabelScene {
  /** Pixels a label keeps from the map's edges. */
  readonly margin?: number;
  /** The route as drawn, polylines in the container's pixels: a label keeps off them where a side allows. */
  readonly lines?: ReadonlyArray<readonly Point[]>;
}

export type Placement =
  | { readonly hidden: false; readonly side: Side; readonly text: LabelText; readonly shortened: boolean; readonly box: Box }
  | { readonly hidden: true };

export const DEFAULT_GAP = 14;
export const DEFAULT_MARGIN = 4;

export function intersects(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

export function contains(outer: Box, inner: Box): boolean {
  return inner.left >= outer.left && inner.top >= outer.top && inner.right <= outer.right && inner.bottom <= outer.bottom;
}

/** The sides to try, best first: the preferred side, its mirror, then the other axis. */
export function sidesInOrder(dir: Direction, prefer: LabelRequest['prefer'] = 'inline-end'): Side[] {
  const inlineEnd: Side = dir === 'rtl' ? 'left' : 'right';
  const inlineStart: Side = dir === 'rtl' ? 'right' : 'left';
  return prefer === 'above' ? ['top', 'bottom', inlineEnd, inlineStart] : [inlineEnd, inlineStart, 'top', 'bottom'];
}

/** The box a label of `size` takes on `side` of a marker at `anchor`. */
export function labelBox(anchor: Point, radius: number, side: Side, size: Size, gap = DEFAULT_GAP): Box {
  const reach = radius + gap;
  switch (side) {
    case 'right':
      return box(anchor.x + reach, anchor.y - size.height / 2, size);
    case 'left':
      return box(anchor.x - reach - size.width, anchor.y - size.height / 2, size);
    case 'top':
      return box(anchor.x - size.width / 2, anchor.y - reach - size.height, size);
    case 'bottom':
      return box(anchor.x - size.width / 2, anchor.y + reach, size);
  }
}

function box(left: number, top: number, size: Size): Box {
  return { left, top, right: left + size.width, bottom: top + size.height };
}

function markerBox(label: LabelRequest): Box {
  const { x, y } = label.anchor;
  const r = label.radius;
  return { left: x - r, top: y - r, right: x + r, bottom: y + r };
}

/** The whole text, then without detail lines from the last, then each shorter name alone. */
export function textVariants(text: LabelText): LabelText[] {
  const out: LabelText[] = [];
  for (let n = text.details.length; n >= 0; n--) out.push({ name: text.name, details: text.details.slice(0, n) });
  for (const name of text.shorter ?? []) out.push({ name, details: [] });
  return out;
}

/** Whether the segment from `a` to `b` passes through `box` (Liang–Barsky clipping). */
export function segmentCrosses(a: Point, b: Point, box: Box): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  for (const [p, q] of [
    [-dx, a.x - box.left],
    [dx, box.right - a.x],
    [-dy, a.y - box.top],
    [dy, box.bottom - a.y],
  ] as const) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
      if (t0 > t1) return false;
    }
  }
  return true;
}

function crossesLines(box: Box, lines: ReadonlyArray<readonly Point[]>): boolean {
  return lines.some((line) => line.some((point, i) => i > 0 && segmentCrosses(line[i - 1]!, point, box)));
}

/** Labels merged where their markers nearly touch: the request to place, and the labels it stands for. */
export interface MergedLabel {
  readonly request: LabelRequest;
  readonly members: readonly number[];
}

/**
 * Mergeable labels whose anchors are closer than `distance` (a label's height) to an earlier one
 * become one label between them that names them all ("Hamburg · Duisburg"), by their shorter
 * names, their details joined; the rest pass through alone.
 */
export function mergeClose(labels: readonly LabelRequest[], distance: number, separator = ' · '): MergedLabel[] {
  const merged = new Set<number>();
  return labels.flatMap((label, i) => {
    if (merged.has(i)) return [];
    const members = labels.flatMap((other, j) =>
      j === i ||
      (label.mergeable &&
        other.mergeable &&
        !merged.has(j) &&
        Math.hypot(label.anchor.x - other.anchor.x, label.anchor.y - other.anchor.y) < distance)
        ? [j]
        : [],
    );
    members.forEach((j) => merged.add(j));
    if (members.length === 1) return [{ request: label, members }];
    const parts = members.map((j) => labels[j]!);
    const x = parts.reduce((sum, l) => sum + l.anchor.x, 0) / parts.length;
    const y = parts.reduce((sum, l) => sum + l.anchor.y, 0) / parts.length;
    const details = parts.flatMap((l) => l.text.details.slice(0, 1));
    return [
      {
        request: {
          text: {
            name: parts.map((l) => l.text.shorter?.[0] ?? l.text.name).join(separator),
            details: details.length ? [details.join(separator)] : [],
          },
          anchor: { x, y },
          radius: Math.max(...parts.map((l) => Math.hypot(l.anchor.x - x, l.anchor.y - y) + l.radius)),
          priority: Math.min(...parts.map((l) => l.priority)),
          prefer: label.prefer ?? 'inline-end',
        },
        members,
      },
    ];
  });
}

/** One placement per label, in the order the labels were given. */
export function placeLabels(input: PlacementInput): Placement[] {
  const gap = input.gap ?? DEFAULT_GAP;
  const margin = input.margin ?? DEFAULT_MARGIN;
  const lines = input.lines ?? [];
  const area: Box = { left: margin, top: margin, right: input.size.width - margin, bottom: input.size.height - margin };
  const markers = input.labels.map(markerBox);
  const taken: Box[] = [];
  const result: Placement[] = input.labels.map(() => ({ hidden: true }));
  const order = input.labels.map((_, i) => i).sort((a, b) => input.labels[a]!.priority - input.labels[b]!.priority || a - b);

  const free = (candidate: Box, own: number): boolean =>
    contains(area, candidate) &&
    !input.controls.some((c) => intersects(c, candidate)) &&
    !markers.some((m, i) => i !== own && intersects(m, candidate)) &&
    !taken.some((t) => intersects(t, candidate));

  for (const i of order) {
    const label = input.labels[i]!;
    const sides = sidesInOrder(input.dir, label.prefer);
    let placed: Placement | undefined;
    // Off the route wherever the whole name fits off it, its detail lines dropped if need be.
    for (const text of textVariants(label.text).filter((t) => t.name === label.text.name)) {
      const size = input.measure(text);
      const off = sides
        .map((side) => ({ side, box: labelBox(label.anchor, label.radius, side, size, gap) }))
        .find((c) => free(c.box, i) && !crossesLines(c.box, lines));
      if (off) {
        placed = { hidden: false, side: off.side, text, shortened: false, box: off.box };
        break;
      }
    }
    variants: for (const text of placed ? [] : textVariants(label.text)) {
      const size = input.measure(text);
      const fits = sides
        .map((side) => ({ side, box: labelBox(label.anchor, label.radius, side, size, gap) }))
        .filter((c) => free(c.box, i));
      // Off the route where a side allows; on it rather than shorter.
      const best = fits.find((c) => !crossesLines(c.box, lines)) ?? fits[0];
      if (best) {
        placed = { hidden: false, side: best.side, text, shortened: text.name !== label.text.name, box: best.box };
        break variants;
      }
    }
    if (placed && !placed.hidden) {
      taken.push(placed.box);
      result[i] = placed;
    }
  }
  return result;
}

export interface Padding {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** Here the labels' anchors are in any projected pixel space (e.g. `map.project(latLng, 0)`). */
export interface FitInput extends LabelScene {
  /** The box of everything the view must show, in the same pixel space as the anchors. */
  readonly bounds: Box;
  /** The least padding on every side. */
  readonly base?: number;
  /** The most padding on a side, as a share of the map's width or height; labels beyond it move or shrink. */
  readonly maxShare?: number;
}

/**
 * Padding for fitting `bounds` into the map so that each label fits whole on the side of it
 * that asks the least padding (the preferred one on a tie), and no marker sits under a control. A control in a corner reserves the strip along
 * the edge it covers less of (the zoom buttons: a narrow column; the attribution: a low row).
 * Label overhangs are found by predicting where the fit puts each anchor, a few rounds,
 * since more padding means a smaller scale. No side takes more than `maxShare` of the map:
 * past that the placement moves, shortens or hides labels instead of shrinking the route.
 */
export function fitPadding(input: FitInput): Padding {
  const { width, height } = input.size;
  const base = input.base ?? 24;
  const gap = input.gap ?? DEFAULT_GAP;
  const maxShare = input.maxShare ?? 0.4;
  const reserved = { left: base, top: base, right: base, bottom: base };
  for (const c of input.controls) {
    const fromLeft = c.right;
    const fromRight = width - c.left;
    const fromTop = c.bottom;
    const fromBottom = height - c.top;
    const across = Math.min(fromLeft, fromRight);
    const down = Math.min(fromTop, fromBottom);
    if (across <= down) {
      if (fromLeft <= fromRight) reserved.left = Math.max(reserved.left, fromLeft + DEFAULT_MARGIN);
      else reserved.right = Math.max(reserved.right, fromRight + DEFAULT_MARGIN);
    } else if (fromTop <= fromBottom) reserved.top = Math.max(reserved.top, fromTop + DEFAULT_MARGIN);
    else reserved.bottom = Math.max(reserved.bottom, fromBottom + DEFAULT_MARGIN);
  }
  const limit = { left: width * maxShare, right: width * maxShare, top: height * maxShare, bottom: height * maxShare };
  const pad = { ...reserved };
  const sizes = input.labels.map((l) => input.measure(l.text));
  const bw = input.bounds.right - input.bounds.left;
  const bh = input.bounds.bottom - input.bounds.top;
  for (let round = 0; round < 6; round++) {
    const availableW = Math.max(1, width - pad.left - pad.right);
    const availableH = Math.max(1, height - pad.top - pad.bottom);
    const scales = [bw > 0 ? availableW / bw : Infinity, bh > 0 ? availableH / bh : Infinity];
    const finite = Math.min(...scales);
    const scale = Number.isFinite(finite) ? finite : 1;
    const cx = pad.left + availableW / 2;
    const cy = pad.top + availableH / 2;
    const mx = (input.bounds.left + input.bounds.right) / 2;
    const my = (input.bounds.top + input.bounds.bottom) / 2;
    const overhang = { left: 0, top: 0, right: 0, bottom: 0 };
    input.labels.forEach((label, i) => {
      const anchor = { x: cx + (label.anchor.x - mx) * scale, y: cy + (label.anchor.y - my) * scale };
      // The side that asks the least room of the fit, the preferred one on a tie: a label at the
      // map's edge goes above or below rather than push the whole route into a third of a phone.
      const wants = sidesInOrder(input.dir, label.prefer).map((side) => {
        const b = labelBox(anchor, label.radius, side, sizes[i]!, gap);
        return {
          left: Math.max(0, DEFAULT_MARGIN - b.left),
          right: Math.max(0, b.right - (width - DEFAULT_MARGIN)),
          top: Math.max(0, DEFAULT_MARGIN - b.top),
          bottom: Math.max(0, b.bottom - (height - DEFAULT_MARGIN)),
        };
      });
      const total = (w: Padding) => w.left + w.right + w.top + w.bottom;
      const least = wants.reduce((best, w) => (total(w) < total(best) ? w : best));
      overhang.left = Math.max(overhang.left, least.left);
      overhang.right = Math.max(overhang.right, least.right);
      overhang.top = Math.max(overhang.top, least.top);
      overhang.bottom = Math.max(overhang.bottom, least.bottom);
    });
    let grew = false;
    for (const side of ['left', 'top', 'right', 'bottom'] as const) {
      const next = Math.min(Math.max(pad[side], limit[side]), pad[side] + overhang[side]);
      if (next - pad[side] >= 1) grew = true;
      pad[side] = next;
    }
    if (!grew) break;
  }
  return pad;
}
