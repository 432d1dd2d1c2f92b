import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
// The version the back office shows (spec §9) is the package's: one place to bump it.
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

// No @vitejs/plugin-react: its optional Babel peer conflicts with Jest's Babel 7, and Vite 8's
// built-in Oxc already compiles TSX with the automatic JSX runtime (see STACK.md).
//
// Two builds (package.json's build:web): the browser's app into dist/, then, with --ssr, the server's render of the
// public pages (src/entry-server.tsx) into dist/ssr/, which the API loads (src/modules/storefront/app-html.ts).
export default defineConfig(({ isSsrBuild }) => ({
  root,
  oxc: { jsx: { runtime: 'automatic' } },
  define: {
    __APP_VERSION__: JSON.stringify(version),
    // The server's bundle is production React and Redux Toolkit whatever NODE_ENV the API runs with (tests run without
    // one): the development builds render several times slower and check every action.
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  resolve: {
    alias: [
      // The API's wire types live with the server (src/contracts); both builds compile against them.
      { find: '@contracts', replacement: fileURLToPath(new URL('../src/contracts/index.ts', import.meta.url)) },
    ],
  },
  // The server's bundle holds every package it uses: the runtime image installs production dependencies only
  // (scripts/runtime-bundle.sh), and React, PrimeReact and the router are the web app's, built in.
  ssr: isSsrBuild ? { noExternal: true, target: 'node' } : undefined,
  build: isSsrBuild
    ? {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        sourcemap: true,
        copyPublicDir: false,
        // CommonJS: the API (CommonJS itself) requires it once at start. The lazy pages stay chunks of their own, so
        // the API loads the rendered pages' (entry-server.tsx's ready()) and never the back office's.
        rollupOptions: {
          input: fileURLToPath(new URL('./src/entry-server.tsx', import.meta.url)),
          output: { format: 'cjs', entryFileNames: 'entry-server.cjs', chunkFileNames: 'chunks/[name]-[hash].cjs' },
          onwarn(warning, warn) {
            if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
          },
        },
      }
    : {
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
}));
