// Builds the server bundle that the Go process runs in its embedded JavaScript
// engine: one classic script (no modules, no dynamic import) that defines the
// global `SSR` with render() and paths().
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';

// React's renderToString gathers the page with `result += chunk`. V8 joins
// such strings lazily; the engine inside Go copies the whole string on every
// append, which makes a large page quadratic (a 60 KB page spent most of its
// render time copying). Gather the chunks in an array and join them once.
const collectChunks = {
  name: 'collect-render-chunks',
  setup(b) {
    b.onLoad({ filter: /react-dom-server-legacy\.browser\.production\.js$/ }, async (args) => {
      let code = await readFile(args.path, 'utf8');
      const edits = [
        ['null !== chunk && (result += chunk);', 'null !== chunk && chunks.push(chunk);'],
        ['if (!readyToStream) throw Error(formatProdErrorMessage(426));\n  return result;', 'if (!readyToStream) throw Error(formatProdErrorMessage(426));\n  return chunks.join("");'],
        ['startFlowing(children, {\n    push: function (chunk) {', 'var chunks = [];\n  startFlowing(children, {\n    push: function (chunk) {'],
      ];
      for (const [from, to] of edits) {
        if (code.split(from).length !== 2) {
          throw new Error(`collect-render-chunks: React's renderToString changed; cannot find ${JSON.stringify(from)}`);
        }
        code = code.replace(from, to);
      }
      return { contents: code, loader: 'js' };
    });
  },
};

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
  plugins: [collectChunks],
});
