// Builds the server bundle that the Go process runs in its embedded JavaScript
// engine: one classic script (no modules, no dynamic import) that defines the
// global `SSR` with render() and paths().
import { build } from 'esbuild';

await build({
  entryPoints: ['web/src/entry-server.tsx'],
  outfile: 'web/dist/server/entry-server.js',
  bundle: true,
  format: 'iife',
  globalName: 'SSR',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  tsconfig: 'tsconfig.json',
  jsx: 'automatic',
  supported: { 'dynamic-import': false },
  loader: { '.css': 'empty', '.svg': 'file', '.png': 'file', '.webp': 'file', '.avif': 'file', '.jpg': 'file' },
  // Asset URLs must match the browser build, which serves them from /assets.
  publicPath: '/assets',
  assetNames: '[name]-[hash]',
  write: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
