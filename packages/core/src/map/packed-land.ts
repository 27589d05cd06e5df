/**
 * The land outline as it ships (scripts/generate-map-assets.mjs packs it): polygons separated
 * by spaces, a polygon's holes after a `!`, each ring its points on a Web Mercator grid
 * `landGrid` steps across the world. Every point is its step from the point before (the ring
 * before's last point for a ring's first), and every number is zigzag-encoded and written
 * base 16, low digits first, the last digit below 48, each digit a character of `digits`.
 */

/** The polygons' rings as grid points `[x, y]`, y growing southwards. */
export function unpackLand(packed: string, digits: string): Array<Array<Array<[number, number]>>> {
  let x = 0;
  let y = 0;
  return packed.split(' ').map((polygon) =>
    polygon.split('!').map((ring) => {
      const points: Array<[number, number]> = [];
      let pending: number | undefined;
      let value = 0;
      let weight = 1;
      for (let i = 0; i < ring.length; i++) {
        const digit = digits.indexOf(ring[i]!);
        if (digit >= 48) {
          value += (digit - 48) * weight;
          weight *= 16;
          continue;
        }
        value += digit * weight;
        const number = value % 2 ? -(value + 1) / 2 : value / 2;
        value = 0;
        weight = 1;
        if (pending === undefined) {
          pending = number;
        } else {
          points.push([(x += pending), (y += number)]);
          pending = undefined;
        }
      }
      return points;
    }),
  );
}

/** A grid point's longitude and latitude (inverse Web Mercator). */
export function gridLngLat([x, y]: [number, number], grid: number): [number, number] {
  return [(x / grid) * 360 - 180, (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / grid))) * 180) / Math.PI];
}
