/**
 * TopoJSON arcs packed as text, the form the land outline ships in (see
 * scripts/generate-map-assets.mjs, which packs them). Each arc is its quantized,
 * delta-encoded points, every number zigzag-encoded and written five bits a character
 * (characters 63 to 126, the scheme of encoded polylines); arcs are separated by spaces.
 * Gzipped, that is about a fifth smaller than the same numbers written as JSON.
 */

/** The arcs as TopoJSON holds them: per arc, `[dx, dy]` steps on the quantization grid. */
export function unpackArcs(packed: string): Array<Array<[number, number]>> {
  return packed.split(' ').map((arc) => {
    const points: Array<[number, number]> = [];
    let pending: number | undefined;
    let value = 0;
    let shift = 0;
    for (let i = 0; i < arc.length; i++) {
      const chunk = arc.charCodeAt(i) - 63;
      value |= (chunk & 0x1f) << shift;
      shift += 5;
      if (chunk >= 0x20) continue;
      const number = value & 1 ? ~(value >> 1) : value >> 1;
      value = 0;
      shift = 0;
      if (pending === undefined) {
        pending = number;
      } else {
        points.push([pending, number]);
        pending = undefined;
      }
    }
    return points;
  });
}
