// The configurator's data module (demo/public/configure/controls.generated.js): every attribute
// and custom property of each element, the colour pairs the contrast test checks, the shipped
// languages, the released version and a demo number per state, written by `npm run build:api`
// from the same declarations as the typings and the WordPress allow-list. The page builds its
// form from this module alone, so a new attribute or custom property appears there unedited.
import { colourPairs, colourTokens, sizeTokens } from '../../packages/core/src/first/styles/tokens.js';
import { shippedLocales } from '../../packages/core/src/i18n/catalogues.js';
import { demoNumbers, type DemoNumber, type DemoOutcome } from '../../demo/mock-service/demo-numbers.js';
import { closedValues, elements, type ElementModel } from './elements.js';
import { attributeLabel } from './labels.js';

/** The states the preview shows one click away, each with the demo number that answers it. */
const DEMO_STATES: ReadonlyArray<{ readonly label: string; readonly outcome: DemoOutcome; readonly ocean: string; readonly air: string }> =
  [
    { label: 'In transit', outcome: 'document', ocean: 'OOLU2741938520', air: '176-22817340' },
    { label: 'Delayed', outcome: 'document', ocean: 'MEDU9091004', air: '618-50833915' },
    { label: 'Still looking (202)', outcome: 'accepted-then-document', ocean: 'DEMO202', air: '172-20200003' },
    { label: 'No credits (402)', outcome: 'insufficient-credits', ocean: 'DEMO402', air: '172-40200005' },
    { label: 'Not found (404)', outcome: 'not-found', ocean: 'DEMO404', air: '172-40400006' },
  ];

function demoNumber(product: 'ocean' | 'air', number: string, outcome: DemoOutcome): DemoNumber {
  const entry = demoNumbers.find((d) => d.product === product && d.number === number);
  if (entry?.outcome !== outcome) throw new Error(`demo number ${number} (${product}) no longer answers ${outcome}; update DEMO_STATES`);
  return entry;
}

/** The one own attribute that holds the number to track (`reference-number`, `awb-number`). */
function numberAttribute(e: ElementModel): string {
  const found = e.properties.filter(([, p]) => !p.inherited && p.attribute?.endsWith('-number'));
  if (found.length !== 1) throw new Error(`${e.tagName} must have exactly one own *-number attribute, has ${found.length}`);
  return found[0]![1].attribute!;
}

/** How the form edits a custom property: a colour picker, a length, or free text (a font, an outline). */
function cssKind(name: string, fallback: string | undefined): 'colour' | 'length' | 'text' {
  if (/-(color|background)$/.test(name)) return 'colour';
  if (name.endsWith('-size') || (fallback !== undefined && /^-?\d+(\.\d+)?(px|rem|em|%)?$/.test(fallback))) return 'length';
  return 'text';
}

/** What the configurator's form and snippets are built from, as controls.generated.js exports it. */
export function configuratorData(version: string) {
  return {
    packageName: 'cargo-trackers',
    version,
    languages: shippedLocales,
    elements: elements.map((e) => ({
      tagName: e.tagName,
      product: e.tagName.replace(/-tracker$/, ''),
      shortcode: e.tagName.replace(/-/g, '_'),
      // The plugin's block per element, its attributes named as the shortcode's (confirm against the plugin's block.json at merge).
      block: `cargo-trackers/${e.tagName}`,
      // The React component of cargo-trackers/react, named as the element's class.
      component: e.className,
      numberAttribute: numberAttribute(e),
      attributes: e.properties
        .filter(([, p]) => p.attribute !== undefined && !p.readonly)
        .map(([property, p]) => ({
          attribute: p.attribute!,
          property,
          label: attributeLabel(p.attribute!),
          shared: p.inherited,
          type: closedValues(p.type) ?? (p.type as string),
          ...(p.default !== undefined && { default: p.default }),
          ...(p.unsetMeans !== undefined && { unsetMeans: p.unsetMeans }),
          ...(p.required && { required: true }),
          description: p.description,
        })),
    })),
    // The shared ones: the configurator themes both elements at once.
    cssProperties: elements[0]!.cssProperties
      .filter(([name]) => name.startsWith('--tracker-'))
      .map(([name, c]) => {
        const token = colourTokens.find((t) => `--tracker-${t.name}` === name);
        const size = sizeTokens.find((t) => `--tracker-${t.name}` === name);
        return {
          name,
          kind: cssKind(name, c.default),
          ...(c.default !== undefined && { default: c.default }),
          ...(token && { token: token.id, light: token.light, dark: token.dark }),
          ...(token && 'inherited' in token && { inherited: true }),
          ...(size && { compact: size.compact }),
          description: c.description,
        };
      }),
    colourPairs,
    demoStates: DEMO_STATES.map(({ label, outcome, ocean, air }) => ({
      label,
      numbers: Object.fromEntries(
        (['ocean', 'air'] as const).map((product) => {
          const entry = demoNumber(product, product === 'ocean' ? ocean : air, outcome);
          return [product, { number: entry.number, ...(entry.carrierCode && { carrierCode: entry.carrierCode }), shows: entry.shows }];
        }),
      ),
    })),
  };
}

export function configuratorModule(header: string, version: string): string {
  let out = header;
  for (const [key, value] of Object.entries(configuratorData(version))) out += `export const ${key} = ${JSON.stringify(value, null, 2)};\n`;
  return out;
}
