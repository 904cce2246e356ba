// Builds dist/ for fast start-up:
//   dist/mon.cjs          our code + commander + chalk: what `mon --help` needs, small
//   dist/vendor/<pkg>.cjs each heavy dependency on its own (zod, undici, conf, prompts,
//                         cli-table3), loaded by `require` the first time code needs it
// All files are CommonJS so that bin/mon.js can compile them with a V8 code cache on every
// Node.js version. Our own modules loaded with `await import()` stay lazy inside mon.cjs:
// esbuild wraps them so their top-level code (and their vendor require) runs on first use.
// Files are replaced atomically (write, then rename): a `mon` starting during a build reads
// either the old file or the new one, never half of one.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
mkdirSync(new URL('../dist/vendor/', import.meta.url), { recursive: true });

/**
 * Heavy dependencies: the file each becomes and how it is bundled. Our code is ESM with
 * Node's interop rules (package type "module"), so what `require` returns must be what
 * `import` would give: CommonJS packages as they are, an ESM default export unwrapped.
 */
export const VENDORED = {
  // Only `z` (all mon uses), so that loading it copies one export, not hundreds. jitless:
  // zod compiles a validator the first time each schema parses, which a command that
  // parses a few bodies once never earns back (same results, no code generation).
  zod: { file: 'zod.cjs', entry: `import { z } from 'zod'; z.config({ jitless: true }); export { z };` },
  // What mon uses of undici (the proxy-aware agent and Dispatcher#request), without the
  // rest of its index (fetch, WebSocket, caches, mocks): a third of its start-up cost.
  undici: {
    file: 'undici.cjs',
    entry: [
      `Object.assign(require('undici/lib/dispatcher/dispatcher').prototype, require('undici/lib/api'));`,
      `module.exports = { EnvHttpProxyAgent: require('undici/lib/dispatcher/env-http-proxy-agent') };`,
    ].join('\n'),
  },
  conf: { file: 'conf.cjs', entry: `export { default } from 'conf';`, unwrap: '.default' },
  '@inquirer/prompts': { file: 'prompts.cjs', entry: `export * from '@inquirer/prompts';` },
  'cli-table3': { file: 'cli-table3.cjs', entry: `module.exports = require('cli-table3');` },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20.18',
  legalComments: 'none',
  minify: true,
  logLevel: 'warning',
  write: false,
};

/**
 * Points `import ... from 'zod'` (static or dynamic) in our code at a one-line module that
 * requires dist/vendor/zod.cjs at run time, so that the vendor file is read when code first
 * needs it, through `require` (which bin/mon.js can give a code cache).
 */
const vendorPlugin = {
  name: 'vendor',
  setup(b) {
    const names = Object.keys(VENDORED)
      .map((name) => name.replace(/[/]/g, '\\/'))
      .join('|');
    b.onResolve({ filter: new RegExp(`^(${names})$`) }, (args) => ({ path: args.path, namespace: 'vendor' }));
    b.onLoad({ filter: /.*/, namespace: 'vendor' }, (args) => ({
      contents: `module.exports = require('./vendor/${VENDORED[args.path].file}')${VENDORED[args.path].unwrap ?? ''};`,
      loader: 'js',
    }));
    // The require inside those one-line modules stays a run-time require.
    b.onResolve({ filter: /.*/, namespace: 'vendor' }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * Start-up trims for what `mon --help` loads anyway:
 * - commander requires node:child_process at the top, for executable subcommands mon does
 *   not have: give it the module on first use instead.
 * - chalk works out the terminal's colour support when it is imported; mon never uses
 *   chalk's default instance (io.ts decides colour itself), so that work is skipped.
 */
const startupPlugin = {
  name: 'startup',
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      args.importer.includes('/commander/') ? { path: 'lazy-child-process', namespace: 'startup' } : undefined,
    );
    b.onResolve({ filter: /^#supports-color$/ }, () => ({ path: 'no-supports-color', namespace: 'startup' }));
    b.onLoad({ filter: /^lazy-child-process$/, namespace: 'startup' }, () => ({
      contents: `module.exports = { spawn: (...args) => require('node:child_process').spawn(...args) };`,
      loader: 'js',
    }));
    b.onLoad({ filter: /^no-supports-color$/, namespace: 'startup' }, () => ({
      contents: `export default { stdout: false, stderr: false };`,
      loader: 'js',
    }));
  },
};

/**
 * undici loads its HTTP/2 client (and node:http2, ~15 ms) when it starts, for servers that
 * negotiate h2, which mon never enables: load it when a connection first asks for it.
 * The build fails if undici's source no longer has the line this relies on.
 */
const lazyHttp2Plugin = {
  name: 'lazy-http2',
  setup(b) {
    b.onLoad({ filter: /undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/ }, async (args) => {
      const eager = "const connectH2 = require('./client-h2.js')";
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(eager)) throw new Error(`undici changed: "${eager}" not found in ${args.path}`);
      return {
        contents: source.replace(eager, "const connectH2 = (...args) => require('./client-h2.js')(...args)"),
        loader: 'js',
      };
    });
  },
};

function writeAtomically(outputFiles) {
  for (const file of outputFiles) {
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
}

const results = await Promise.all([
  build({
    ...common,
    entryPoints: ['src/cli.ts'],
    outfile: 'dist/mon.cjs',
    define: { MON_VERSION: JSON.stringify(pkg.version) },
    plugins: [vendorPlugin, startupPlugin],
  }),
  ...Object.values(VENDORED).map(({ file, entry }) =>
    build({
      ...common,
      stdin: { contents: entry, resolveDir: process.cwd() },
      plugins: [lazyHttp2Plugin],
      outfile: `dist/vendor/${file}`,
    }),
  ),
]);
for (const result of results) writeAtomically(result.outputFiles);
