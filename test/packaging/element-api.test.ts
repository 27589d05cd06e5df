// Each element's API is declared once (core's first/api/tracker-api.ts, each element's *-properties.ts and *-api.ts);
// the manifests, framework typings, editor data, WordPress allow-list and README tables are
// generated from it. These specs fail when a generated file drifts from the declaration, when
// the declaration drifts from what the styles and templates really use, and when the manifest
// says less than a tool needs (types, values, defaults, public members, shipped paths).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stale } from '../../scripts/element-api/generate.js';
import { elements } from '../../scripts/element-api/elements.js';
import { colourTokens, sizeTokens } from '../../packages/core/src/first/styles/tokens.js';
import type { TrackerElement } from '../../packages/core/src/first/element/tracker-element.js';
// Imported in Node: nothing registers without customElements, and Lit's classes load as they are.
import { OceanTracker } from '../../packages/ocean-tracker/src/first/ocean-tracker.js';
import { AirTracker } from '../../packages/air-tracker/src/first/air-tracker.js';
import * as core from '../../packages/core/src/index.js';
import type { trackerProperties } from '../../packages/core/src/first/api/tracker-properties.js';
import type { ValuesOf } from '../../packages/core/src/first/api/element-api.js';

// Checked by tsc: `trackingState`'s declared values are exactly the phases `tracker-state-change` carries.
type Declared = ValuesOf<typeof trackerProperties.trackingState>;
export const samePhases: [Declared, core.TrackingPhase] extends [core.TrackingPhase, Declared] ? true : never = true;

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Typed {
  name: string;
  description?: string;
  type?: { text: string };
  default?: string;
}
interface Member extends Typed {
  kind: string;
  privacy?: string;
  attribute?: string;
  readonly?: boolean;
}
interface Declaration extends Typed {
  tagName?: string;
  summary?: string;
  attributes?: Array<Typed & { fieldName?: string }>;
  members?: Member[];
  events?: Typed[];
  cssParts?: Typed[];
  cssProperties?: Typed[];
}
interface Manifest {
  modules: Array<{
    path: string;
    declarations?: Declaration[];
    exports?: Array<{ kind: string; name: string; declaration: { module?: string } }>;
  }>;
}

const readManifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(join(root, 'packages', dir, 'custom-elements.json'), 'utf8')) as Manifest;
const declarationsOf = (m: Manifest) => m.modules.flatMap((mod) => mod.declarations ?? []).filter((d) => d.tagName);

function sourcesOf(dir: string): Array<{ path: string; text: string }> {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
  return walk(join(root, 'packages', dir, 'src'))
    .filter((p) => p.endsWith('.ts') && !/\/(jsx-\w+|vue|svelte|solid)\.ts$/.test(p))
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}
const classes: Record<string, typeof TrackerElement> = { OceanTracker, AirTracker } as unknown as Record<string, typeof TrackerElement>;
const elementSources = ['core', 'ocean-tracker', 'air-tracker'].flatMap(sourcesOf);

describe('the element API declaration', () => {
  it('every generated file is what npm run build:api writes from it', () => {
    assert.deepEqual(stale(), [], 'run npm run build:api and commit the result');
  });

  it("drives Lit's reactive properties: each settable property, with its attribute, and no other public one", () => {
    for (const e of elements) {
      const ctor = classes[e.className]!;
      void ctor.observedAttributes; // finalizes the class, which fills elementProperties
      const lit = [...ctor.elementProperties].filter(([, options]) => !options.state);
      const declared = e.properties.filter(([, p]) => !p.readonly);
      assert.deepEqual(lit.map(([name]) => String(name)).sort(), declared.map(([name]) => name).sort(), e.tagName);
      for (const [name, p] of declared) {
        const options = ctor.elementProperties.get(name);
        assert.equal(options?.attribute === false ? undefined : options?.attribute, p.attribute, `${e.tagName}.${name}'s attribute`);
      }
    }
  });

  it('names each event by the class core exports for it', () => {
    const classes = core as unknown as Record<string, { eventName?: string } | undefined>;
    for (const e of elements)
      for (const [name, event] of e.events) assert.equal(classes[event.eventClass]?.eventName, name, `${e.tagName}: ${event.eventClass}`);
  });

  it('names every --tracker-* custom property the styles read, and only those', () => {
    const used = new Set<string>();
    for (const { text } of elementSources) for (const m of text.matchAll(/var\((--tracker-[a-z-]+)/g)) used.add(m[1]!);
    // The token table's properties are built from its names (core's first/styles/styles.ts).
    for (const t of [...colourTokens, ...sizeTokens]) used.add(`--tracker-${t.name}`);
    for (const e of elements)
      assert.deepEqual(
        e.cssProperties
          .map(([name]) => name)
          .filter((name) => name.startsWith('--tracker-'))
          .sort(),
        [...used].sort(),
        e.tagName,
      );
  });

  it('names every part the templates render, and only those', () => {
    const used = new Set<string>();
    for (const { path, text } of elementSources) {
      // The map element's own parts reach the page only through the exportparts of shipment-view.ts.
      if (path.includes('/src/map/')) continue;
      for (const m of text.matchAll(/part="([a-z -]+)"/g)) for (const part of m[1]!.split(' ')) used.add(part);
      for (const m of text.matchAll(/exportparts="([^"]+)"/g)) for (const pair of m[1]!.split(',')) used.add(pair.split(':')[1]!.trim());
    }
    const declared = new Set(elements.flatMap((e) => e.parts.map(([name]) => name)));
    assert.deepEqual([...declared].sort(), [...used].sort());
  });
});

describe('custom-elements.json', () => {
  for (const { dir, tags } of [
    { dir: 'ocean-tracker', tags: ['ocean-tracker'] },
    { dir: 'air-tracker', tags: ['air-tracker'] },
    { dir: 'cargo-trackers', tags: ['air-tracker', 'ocean-tracker'] },
  ]) {
    describe(dir, () => {
      const manifest = readManifest(dir);

      it('declares its elements, each module at a dist/*.js path the package builds from src', () => {
        assert.deepEqual(
          declarationsOf(manifest)
            .map((d) => d.tagName)
            .sort(),
          tags,
        );
        const paths = [
          ...manifest.modules.map((m) => m.path),
          ...manifest.modules.flatMap((m) => (m.exports ?? []).map((x) => x.declaration.module ?? '')),
        ];
        for (const path of paths) {
          assert.match(path, /^dist\/[\w/-]+\.js$/, path);
          const source = path.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts');
          const owner = dir === 'cargo-trackers' ? 'cargo-trackers' : dir;
          assert.ok(existsSync(join(root, 'packages', owner, source)), `${dir}: ${path} is compiled from ${source}`);
        }
        const definitions = manifest.modules.flatMap((m) => m.exports ?? []).filter((x) => x.kind === 'custom-element-definition');
        assert.deepEqual([...new Set(definitions.map((x) => x.name))].sort(), tags);
      });

      for (const tag of tags) {
        describe(`<${tag}>`, () => {
          const el = (): Declaration => declarationsOf(manifest).find((d) => d.tagName === tag)!;

          it('types every event with its class', () => {
            assert.deepEqual(
              el().events?.map((e) => [e.name, e.type?.text]),
              [
                ['tracker-load', 'TrackerLoadEvent'],
                ['tracker-pending', 'TrackerPendingEvent'],
                ['tracker-error', 'TrackerErrorEvent'],
                ['tracker-state-change', 'TrackerStateChangeEvent'],
                ['tracker-number-change', 'TrackerNumberChangeEvent'],
              ],
            );
          });

          it('spells out closed value lists and gives real defaults', () => {
            const attribute = (name: string) => el().attributes?.find((a) => a.name === name);
            assert.equal(attribute('theme')?.type?.text, "'light' | 'dark' | 'auto'");
            assert.equal(attribute('density')?.type?.text, "'comfortable' | 'compact'");
            assert.equal(attribute('map')?.type?.text, "'lazy' | 'eager' | 'none'");
            assert.equal(attribute('map')?.default, "'lazy'");
            assert.equal(attribute('poll-interval')?.type?.text, 'number');
            assert.equal(attribute('poll-interval')?.default, '120');
            assert.equal(attribute('theme')?.default, "'light'");
            assert.equal(attribute('density')?.default, "'comfortable'");
            assert.equal(attribute('sync-url')?.type?.text, 'boolean');
            for (const name of ['density', 'sync-url', 'url-param', 'lang']) assert.ok(attribute(name), `attribute ${name}`);
          });

          it('lists public members only, each described', () => {
            const members = el().members ?? [];
            assert.ok(members.length > 0);
            for (const m of members) {
              assert.equal(m.privacy, 'public', m.name);
              assert.ok(m.description?.trim(), `${m.name} is described`);
            }
            for (const internal of ['selectedUnit', 'historyExpanded', 'tracking', 'localizer', 'picked', 'entry', 'product']) {
              assert.ok(!members.some((m) => m.name === internal), `${internal} is not public`);
            }
            assert.ok(
              members.some((m) => m.name === 'shipment' && m.readonly),
              'shipment is read-only',
            );
            assert.ok(
              members.some((m) => m.name === 'retry' && m.kind === 'method'),
              'retry()',
            );
          });

          it('documents the focus ring and every colour token', () => {
            const names = el().cssProperties?.map((p) => p.name) ?? [];
            assert.ok(names.includes('--tracker-focus-ring'));
            for (const t of colourTokens) assert.ok(names.includes(`--tracker-${t.name}`), t.name);
          });
        });
      }
    });
  }
});

describe("core's manifest, the elements' superclass", () => {
  const core = readManifest('core');
  const pkg = JSON.parse(readFileSync(join(root, 'packages/core/package.json'), 'utf8')) as { customElements?: string; files?: string[] };

  it("is named by core's package.json and shipped", () => {
    assert.equal(pkg.customElements, 'custom-elements.json');
    assert.ok(pkg.files?.includes('custom-elements.json'));
  });

  it('declares TrackerElement at the module and package each element names as its superclass, built from src', () => {
    for (const dir of ['ocean-tracker', 'air-tracker', 'cargo-trackers']) {
      for (const d of declarationsOf(readManifest(dir))) {
        const superclass = (d as { superclass?: { name: string; package: string; module: string } }).superclass!;
        assert.equal(superclass.package, '@cargo-trackers/core');
        const module = core.modules.find((m) => m.path === superclass.module);
        assert.ok(module, `${dir}: core's manifest has ${superclass.module}`);
        const declared = module.declarations?.find((x) => x.name === superclass.name);
        assert.ok(declared, `${superclass.name} in ${superclass.module}`);
        assert.ok(existsSync(join(root, 'packages/core', superclass.module.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts'))));
        // What an element says it inherits is there.
        const inherited = (d.members ?? []).filter((m) => (m as { inheritedFrom?: unknown }).inheritedFrom).map((m) => m.name);
        assert.deepEqual(
          inherited.filter((name) => !declared.members?.some((m) => m.name === name)),
          [],
          `${dir}: inherited members`,
        );
        assert.deepEqual(
          declared.events?.map((e) => e.name),
          d.events?.map((e) => e.name),
        );
      }
    }
  });
});

describe("each element's own custom properties and the editors' data", () => {
  for (const e of elements) {
    it(`<${e.tagName}>: every --${e.tagName}-* property its styles read is in its manifest, and the other element's are not`, () => {
      const declared = (declarationsOf(readManifest(e.dir))[0]!.cssProperties ?? []).map((c) => c.name);
      const own = [...colourTokens, ...sizeTokens].map((t) => `--${e.tagName}-${t.name}`);
      assert.deepEqual(
        own.filter((name) => !declared.includes(name)),
        [],
      );
      const other = elements.find((x) => x !== e)!.tagName;
      assert.ok(!declared.some((name) => name.startsWith(`--${other}-`)));
      // The umbrella's VS Code data has both elements' own properties.
      const umbrella = JSON.parse(readFileSync(join(root, 'packages/cargo-trackers/vscode.css-custom-data.json'), 'utf8')) as {
        properties: Array<{ name: string }>;
      };
      assert.deepEqual(
        own.filter((name) => !umbrella.properties.some((p) => p.name === name)),
        [],
      );
    });

    it(`<${e.tagName}>: web-types list every method with the properties`, () => {
      const webTypes = JSON.parse(readFileSync(join(root, 'packages', e.dir, 'web-types.json'), 'utf8')) as {
        contributions: { html: { elements: Array<{ js: { properties: Array<{ name: string; type: string }> } }> } };
      };
      const properties = webTypes.contributions.html.elements[0]!.js.properties;
      for (const [method, m] of e.methods) assert.equal(properties.find((p) => p.name === method)?.type, m.signature, method);
      assert.ok(e.methods.some(([method]) => method === 'retry'));
    });
  }
});

describe('WordPress allow-list', () => {
  it('maps every attribute of each element to a shortcode attribute', () => {
    const php = readFileSync(join(root, 'packages/wordpress-plugin/attributes.generated.php'), 'utf8');
    for (const e of elements) {
      const block = php.split(`'${e.tagName}' => array(`)[1]?.split('),')[0] ?? '';
      for (const [, p] of e.properties) {
        if (p.attribute)
          assert.ok(block.includes(`'${p.attribute.replace(/-/g, '_')}' => '${p.attribute}'`), `${e.tagName}: ${p.attribute}`);
      }
    }
    assert.match(
      readFileSync(join(root, 'packages/wordpress-plugin/cargo-trackers.php'), 'utf8'),
      /require __DIR__ \. '\/attributes\.generated\.php'/,
    );
  });
});
