// The manifest is the API reference tools read (IDEs, Storybook, docs sites): it must name
// every attribute, public property, event, part and custom property, each with a sentence.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url).pathname;

interface Described {
  name: string;
  description?: string;
}
interface Member extends Described {
  kind: string;
  privacy?: string;
  static?: boolean;
  attribute?: string;
}
interface Declaration extends Described {
  tagName?: string;
  summary?: string;
  attributes?: Array<Described & { fieldName?: string }>;
  members?: Member[];
  events?: Described[];
  cssParts?: Described[];
  cssProperties?: Described[];
}
interface Manifest {
  modules: Array<{ path: string; declarations?: Declaration[]; exports?: Array<{ kind: string; name: string }> }>;
}

const read = (dir: string): Manifest => JSON.parse(readFileSync(`${root}packages/${dir}/custom-elements.json`, 'utf8')) as Manifest;
const elementsOf = (m: Manifest) => m.modules.flatMap((mod) => mod.declarations ?? []).filter((d) => d.tagName);

const expected = {
  'ocean-tracker': { dir: 'ocean-tracker', own: ['reference-number', 'carrier-code'], ownProps: ['referenceNumber', 'carrierCode'] },
  'air-tracker': { dir: 'air-tracker', own: ['awb-number'], ownProps: ['awbNumber'] },
} as const;
const SHARED_ATTRIBUTES = ['proxy-url', 'poll-interval', 'carriers-url', 'theme', 'map', 'tile-url', 'tile-attribution', 'lang'];
const PROPERTY_ONLY = ['messages', 'normalizer', 'shipment', 'trackingState'];

describe('custom-elements.json (npm run build:manifest)', () => {
  before(() => {
    execFileSync(process.execPath, ['scripts/custom-elements.mjs'], { cwd: root, stdio: 'pipe' });
  });

  for (const [tag, { dir, own, ownProps }] of Object.entries(expected)) {
    describe(`<${tag}>`, () => {
      const element = (): Declaration => {
        const found = elementsOf(read(dir)).find((d) => d.tagName === tag);
        assert.ok(found, `<${tag}> is declared in packages/${dir}/custom-elements.json`);
        return found;
      };

      it('has a summary, the three tracker-* events, parts and custom properties, each described', () => {
        const el = element();
        assert.ok(el.summary && el.summary.length > 20, 'summary');
        assert.deepEqual(el.events?.map((e) => e.name).sort(), ['tracker-error', 'tracker-load', 'tracker-pending']);
        assert.ok((el.cssParts?.length ?? 0) >= 10, 'parts');
        assert.ok(el.cssParts?.some((p) => p.name === 'map') && el.cssParts?.some((p) => p.name === 'form'), 'form and map parts');
        assert.ok(el.cssProperties?.some((p) => p.name === '--tracker-accent-color'), 'custom properties');
        for (const item of [...(el.events ?? []), ...(el.cssParts ?? []), ...(el.cssProperties ?? [])]) {
          assert.ok(item.description?.trim(), `${item.name} has a description`);
        }
      });

      it('lists every attribute, own and inherited, with a sentence', () => {
        const attributes = element().attributes ?? [];
        const names = attributes.map((a) => a.name);
        for (const name of [...own, ...SHARED_ATTRIBUTES]) assert.ok(names.includes(name), `attribute ${name}`);
        for (const a of attributes) assert.ok(a.description?.trim(), `attribute ${a.name} has a description`);
      });

      it('lists every public property with a sentence, and no internal state', () => {
        const members = (element().members ?? []).filter((m) => !m.static && (m.privacy ?? 'public') === 'public');
        const names = members.map((m) => m.name);
        for (const name of [...ownProps, 'proxyUrl', 'pollInterval', ...PROPERTY_ONLY, 'retry']) assert.ok(names.includes(name), `member ${name}`);
        for (const m of members) assert.ok(m.description?.trim(), `member ${m.name} has a description`);
        for (const internal of ['input', 'advice', 'picked', 'selectedUnit']) assert.ok(!names.includes(internal), `${internal} is internal state`);
        assert.equal(members.find((m) => m.name === ownProps[0])?.attribute, own[0], 'property mirrors its attribute');
      });
    });
  }

  it('cargo-trackers declares both elements and defines both tags', () => {
    const m = read('cargo-trackers');
    assert.deepEqual(elementsOf(m).map((d) => d.tagName).sort(), ['air-tracker', 'ocean-tracker']);
    const definitions = m.modules.flatMap((mod) => mod.exports ?? []).filter((e) => e.kind === 'custom-element-definition');
    assert.deepEqual(definitions.map((e) => e.name).sort(), ['air-tracker', 'ocean-tracker']);
  });

  it('each element package points its customElements field at the manifest it ships', () => {
    for (const dir of ['ocean-tracker', 'air-tracker', 'cargo-trackers']) {
      const pkg = JSON.parse(readFileSync(`${root}packages/${dir}/package.json`, 'utf8')) as { customElements?: string; files?: string[] };
      assert.equal(pkg.customElements, 'custom-elements.json', dir);
      assert.ok(pkg.files?.includes('custom-elements.json'), `${dir} publishes it`);
    }
  });
});
