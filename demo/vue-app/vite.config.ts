import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

/** The Vue 3 example, built as an app would be: `npm run build:examples`. */
export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  base: './',
  // Tell Vue's compiler these tags are custom elements, not unresolved components.
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.endsWith('-tracker') } } })],
  // In this repo the workspace packages resolve to their TypeScript sources; an app that
  // installed them from npm gets the compiled dist/ without this line.
  resolve: { conditions: ['cargo-trackers-source', 'browser', 'module', 'import', 'default'] },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  logLevel: 'warn',
});
