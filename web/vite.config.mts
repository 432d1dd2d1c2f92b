import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// No @vitejs/plugin-react: its optional Babel peer conflicts with Jest's Babel 7, and Vite 8's
// built-in Oxc already compiles TSX with the automatic JSX runtime (see STACK.md).
export default defineConfig({
  root,
  oxc: { jsx: { runtime: 'automatic' } },
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
