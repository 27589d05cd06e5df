// The script-tag bundle's dynamic imports start the chunks their target imports statically, so a
// chunk's dependencies download with it rather than a round trip later.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addParallelImports } from '../../scripts/parallel-imports.js';

const chunk = (fileName: string, code: string, imports: string[] = [], dynamicImports: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  code,
  imports,
  dynamicImports,
});

describe('parallelImports (build plugin)', () => {
  it("starts a dynamically imported chunk's static dependencies with it, relative to the importer", () => {
    const entry = chunk('entry.js', 'const a=()=>import("./chunks/element.js");', [], ['chunks/element.js']);
    const element = chunk('chunks/element.js', 'import"./lit.js";import"./core.js";', ['chunks/lit.js', 'chunks/core.js']);
    const core = chunk('chunks/core.js', 'import"./lit.js";', ['chunks/lit.js']);
    const lit = chunk('chunks/lit.js', '');
    addParallelImports([entry, element, core, lit]);
    assert.equal(
      entry.code,
      'const a=()=>(import("./chunks/lit.js").catch(()=>{}),import("./chunks/core.js").catch(()=>{}),import("./chunks/element.js"));',
    );
  });

  it('leaves out what the importer has already loaded, and imports without dependencies alone', () => {
    const core = chunk(
      'chunks/core.js',
      'x=()=>import("./view.js");y=()=>import("./es.js");',
      ['chunks/lit.js'],
      ['chunks/view.js', 'chunks/es.js'],
    );
    const view = chunk('chunks/view.js', '', ['chunks/lit.js', 'chunks/core.js', 'chunks/labels.js']);
    const labels = chunk('chunks/labels.js', '');
    const es = chunk('chunks/es.js', '');
    const lit = chunk('chunks/lit.js', '');
    addParallelImports([core, view, labels, es, lit]);
    assert.equal(core.code, 'x=()=>(import("./labels.js").catch(()=>{}),import("./view.js"));y=()=>import("./es.js");');
  });

  it('writes each start once, in the quotes of the import it goes with, even when a dependency is itself a target', () => {
    // The lookup's chunk needs the helper, which imports from it in turn; the view needs the lookup's chunk and the helper.
    const core = chunk(
      'chunks/core.js',
      'a=()=>import(`./lookup.js`);b=()=>import(`./view.js`);',
      [],
      ['chunks/lookup.js', 'chunks/view.js'],
    );
    const lookup = chunk('chunks/lookup.js', '', ['chunks/helper.js']);
    const view = chunk('chunks/view.js', '', ['chunks/lookup.js', 'chunks/helper.js']);
    const helper = chunk('chunks/helper.js', '', ['chunks/lookup.js']);
    addParallelImports([core, lookup, view, helper]);
    assert.equal(
      core.code,
      'a=()=>(import(`./helper.js`).catch(()=>{}),import(`./lookup.js`));' +
        'b=()=>(import(`./lookup.js`).catch(()=>{}),import(`./helper.js`).catch(()=>{}),import(`./view.js`));',
    );
  });
});
