import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
// The version the back office shows (spec §9) is the package's: one place to bump it.
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

// No @vitejs/plugin-react: its optional Babel peer conflicts with Jest's Babel 7, and Vite 8's
// built-in Oxc already compiles TSX with the automatic JSX runtime (see STACK.md).
export default defineConfig({
  root,
  oxc: { jsx: { runtime: 'automatic' } },
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: {
    alias: [
      // The API's wire types live with the server (src/contracts); both builds compile against them.
      { find: '@contracts', replacement: fileURLToPath(new URL('../src/contracts/index.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // PrimeReact marks its modules 'use client' (for React Server Components); meaningless in this SPA.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
