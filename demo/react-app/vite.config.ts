import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The React 19 example, built as an app would be: `npm run build:examples`. */
export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  base: './',
  plugins: [react()],
  // In this repo the workspace packages resolve to their TypeScript sources; an app that
  // installed them from npm gets the compiled dist/ without this line.
  resolve: { conditions: ['cargo-trackers-source', 'browser', 'module', 'import', 'default'] },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  logLevel: 'warn',
});
