// ESLint (flat config), `npm run lint:es`. What each block is for:
//  - typescript-eslint's recommended rules everywhere, and a few type-aware ones that catch
//    real bugs in this code base (a promise nobody awaits or catches, a promise where a
//    callback's result is ignored, `import type` kept type-only under verbatimModuleSyntax);
//  - Lit (eslint-plugin-lit), custom-element (eslint-plugin-wc) and accessibility in `html`
//    templates (eslint-plugin-lit-a11y) rules on the element sources and their tests;
//  - Node globals for scripts, servers and Node tests, browser globals for the rest.
// Formatting is Prettier's business (`npm run format:check`), so no stylistic rules here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import litA11y from 'eslint-plugin-lit-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'test-results/**',
      // The proxy's runtime-test builds (Next, workerd bundles), made by the tests.
      '.cache/**',
      'packages/*/custom-elements.json',
      // Written by scripts/generate-map-assets.mjs from Leaflet and world-atlas.
      'packages/core/src/map/*.generated.ts',
      'packages/core/src/map/land/*.generated.ts',
      // Deliberately wrong code: the React example's type-error checks.
      'demo/react-app/type-errors.tsx',
      // Scratch apps checked from the packed tarballs by their own frameworks' tools (test/packaging/npm-pack.test.ts).
      'test/packaging/apps/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed parameters and rest siblings are deliberately unused.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // `typeof import('./x.js')` names a lazily imported module's type without importing it.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // Leaflet's ESM path is typed through a `/// <reference path preserve="true">` on purpose.
      '@typescript-eslint/triple-slash-reference': ['error', { path: 'always', types: 'prefer-import', lib: 'never' }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    // Type-aware rules, on the TypeScript sources of the packages, the demo and the tests.
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    ignores: ['**/*.d.ts', '**/*.d.mts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // node:test's describe/it return promises that the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Outside every tsconfig (examples and benchmarks run with tsx): no type information.
    files: ['packages/proxy/bench/**', 'packages/proxy/examples/**'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Chai's property assertions (`expect(x).to.be.true`) are expressions by design, and with
    // @open-wc/testing's plugins every assertion chain is typed as thenable.
    files: ['test/**/*.browser.test.ts', 'test/support/**', 'test/a11y/**'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off', '@typescript-eslint/no-floating-promises': 'off' },
  },
  {
    // Elements, their templates and the tests that render them.
    files: ['packages/*/src/**/*.ts', 'test/**/*.ts', 'demo/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    files: ['packages/*/src/**/*.ts', 'test/**/*.ts', 'demo/**/*.ts'],
    ...wc.configs['flat/recommended'],
  },
  {
    files: ['packages/*/src/**/*.ts', 'test/**/*.ts', 'demo/**/*.ts'],
    ...wc.configs['flat/best-practice'],
  },
  {
    files: ['packages/*/src/**/*.ts', 'test/**/*.ts', 'demo/**/*.ts'],
    plugins: litA11y.configs.recommended.plugins,
    rules: litA11y.configs.recommended.rules,
  },
);
