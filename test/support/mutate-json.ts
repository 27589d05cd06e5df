/**
 * fast-check arbitraries that damage a real document: some of its fields (at any depth) replaced
 * by nulls, wrong types, hostile text or huge arrays. Used by the normalizers' property tests.
 */
import fc from 'fast-check';

type Path = readonly (string | number)[];

function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push([...prefix, i]);
      pathsOf(item, [...prefix, i], out);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      out.push([...prefix, key]);
      pathsOf(item, [...prefix, key], out);
    }
  }
  return out;
}

function replaceAt(doc: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(doc) && typeof head === 'number') {
    return doc.map((item, i) => (i === head ? replaceAt(item, rest, replacement) : item));
  }
  if (typeof doc === 'object' && doc !== null && typeof head === 'string') {
    return { ...doc, [head]: replaceAt((doc as Record<string, unknown>)[head], rest, replacement) };
  }
  return doc;
}

const HUGE = 5000;

/** Values that stand in for a field: each one wrong for most fields. */
export const replacement: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.string(),
  fc.constantFrom('', ' ', '<script>alert(1)</script>', 'javascript:alert(1)', '2026-02-30T10:00:00Z', '__proto__', 'Mars/Base'),
  fc.constant({}),
  fc.constant([]),
  fc.constant(Array.from({ length: HUGE }, (_, i) => i)),
  fc.constant(Array.from({ length: HUGE }, (_, i) => ({ code: 'LOAD', time: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() }))),
  fc.jsonValue({ maxDepth: 2 }),
);

/** The document with one to six of its fields, anywhere, replaced. */
export function mutated(doc: unknown): fc.Arbitrary<unknown> {
  return fc.array(fc.tuple(fc.nat(), replacement), { minLength: 1, maxLength: 6 }).map((mutations) => {
    let current = doc;
    for (const [pick, value] of mutations) {
      const paths = pathsOf(current);
      if (paths.length === 0) break;
      current = replaceAt(current, paths[pick % paths.length] ?? [], value);
    }
    return current;
  });
}
