// Every stylesheet the packages ship (the css`` templates in packages/*/src) says start and
// end, not left and right, so a right-to-left element mirrors without a second set of rules.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.generated.ts') ? [path] : [];
  });
}

/** The text of every css`…` template in a source file. */
function stylesheets(source: string): string[] {
  return [...source.matchAll(/\bcss`([^`]*)`/g)].map((m) => m[1]!);
}

/** Rules as (selector, property, value), innermost blocks only; comments dropped. */
function declarations(sheet: string): Array<{ selector: string; property: string; value: string }> {
  const out: Array<{ selector: string; property: string; value: string }> = [];
  const text = sheet.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, selector, body] of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    for (const declaration of body!.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon < 0) continue;
      out.push({ selector: selector!.trim(), property: declaration.slice(0, colon).trim(), value: declaration.slice(colon + 1).trim() });
    }
  }
  return out;
}

/** Why a declaration is physical, or undefined when it reads the same in both directions. */
export function physical(property: string, value: string): string | undefined {
  if (/^(left|right|top|bottom)$/.test(property)) return `use inset-inline-* / inset-block-* for ${property}`;
  if (/^(margin|padding|border|scroll-margin|scroll-padding)-(left|right|top|bottom)(-|$)/.test(property))
    return `use the -inline-/-block- form of ${property}`;
  if (/^(border-(top|bottom)-(left|right)-radius)$/.test(property)) return `use border-start-start-radius etc. for ${property}`;
  const values = value.split(/\s+(?![^(]*\))/).filter(Boolean);
  if (/^(margin|padding|inset|scroll-margin|scroll-padding)$/.test(property) && values.length > 2)
    return `${property}: ${value} sets each side; use -block and -inline`;
  if (/^(text-align|float|clear)$/.test(property) && /^(left|right)$/.test(value)) return `use start/end for ${property}`;
  return undefined;
}

// Leaflet positions a tooltip on a physical side of its marker; the arrow that points back
// at the marker is coloured on that same physical side.
const PHYSICAL_BY_NATURE = /\.leaflet-tooltip-(left|right|top|bottom)\b/;

describe('stylesheets', () => {
  it('recognises physical declarations (the check can fail)', () => {
    assert.ok(physical('padding', '0 0 0.9em 1.75em'));
    assert.ok(physical('margin-left', '1em'));
    assert.ok(physical('right', '0'));
    assert.ok(physical('text-align', 'left'));
    assert.equal(physical('padding-inline', '1.75em 0'), undefined);
    assert.equal(physical('margin', '0 auto'), undefined);
    assert.equal(physical('inset', '0'), undefined);
    assert.equal(physical('box-shadow', '0 1px 3px rgb(0 0 0 / 0.3)'), undefined);
  });

  it('use logical properties in every package', () => {
    const files = sources(join(root, 'packages'));
    let checked = 0;
    const found: string[] = [];
    for (const file of files) {
      for (const sheet of stylesheets(readFileSync(file, 'utf8'))) {
        for (const { selector, property, value } of declarations(sheet)) {
          checked++;
          const why = physical(property, value);
          if (why && !PHYSICAL_BY_NATURE.test(selector))
            found.push(`${relative(root, file)}: ${selector} { ${property}: ${value} } — ${why}`);
        }
      }
    }
    assert.ok(checked > 100, `only ${checked} declarations found: is the css\`\` scan broken?`);
    assert.deepEqual(found, []);
  });
});
