import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./web/src', import.meta.url));

// The browser build. The server bundle that runs inside Go is built by
// web/scripts/build-server.mjs from the same sources.
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': src } },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    assetsInlineLimit: 0,
    target: 'es2022',
  },
  test: {
    root: '.',
    include: ['web/src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['web/src/test/setup.ts'],
    // Room for the 5 s waits of web/src/test/setup.ts.
    testTimeout: 15_000,
  },
});
