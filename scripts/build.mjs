// Builds dist/ for fast start-up:
//   dist/start.cjs        the start-up bin/mon.js loads (src/start/start.ts): prints a kept output,
//                         or loads dist/launch.cjs with its code cache; compiled at every start
//   dist/launch.cjs       reads the command line and loads mon.cjs with its code cache (src/start/launch.ts)
//   dist/mon.cjs          our code + commander + chalk: what `mon --help` needs, small
//   dist/rare.cjs         our rarely used code (RARE: `mon mcp`, `mon sandbox`, the sandbox's
//                         server...), loaded the first time mon.cjs imports one of its modules;
//                         it takes the modules it shares from mon.cjs (one copy of each)
//   dist/vendor/<pkg>.cjs each heavy dependency on its own (zod, undici, conf, prompts,
//                         cli-table3, jq, the MCP SDK), loaded by `require` the first time
//                         code needs it
//   dist/vendor/jq.wasm   the jq engine, read by dist/vendor/jq.cjs (only with --jq)
// All files are CommonJS so that the start-up can compile them with a V8 code cache on every
// Node.js version. Our own modules loaded with `await import()` stay lazy inside mon.cjs:
// esbuild wraps them so their top-level code (and their vendor require) runs on first use, and
// scripts/groups.mjs then moves each noun's run code, and each module only `import()` reaches,
// into a function of its own, so that not even their functions exist until then.
// Files are replaced atomically (write, then rename): a `mon` starting during a build reads
// either the old file or the new one, never half of one.
//
// Next to them:
//   dist/mon.cjs.map      its source map, and dist/rare.cjs.map (the stack of `mon --debug` names src/*.ts lines)
//   dist/sha256.json      each file's SHA-256, which names its V8 code cache (src/start/build.ts)
//   THIRD_PARTY_NOTICES   name, version and licence text of every package whose code is in dist/
// and the build fails when an output would load anything from node_modules at run time:
// the package has no dependencies to install.
import { build } from 'esbuild';
import { decodeMappings, embedGroups, encodeMappings, moduleGroups } from './groups.mjs';
import { rareSplit } from './rare.mjs';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';

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
  // The text prompts src/core/terminal-prompter.ts asks with, and nothing else: editor, expand,
  // rawlist, search, number and @inquirer's own select, checkbox and confirm stay out. With them,
  // what mon's own prompts (src/core/message-prompt.ts, src/core/choice-prompts.ts) are built
  // with, from the same copy of @inquirer/core (VENDOR_ALIASES).
  '@inquirer/prompts': {
    file: 'prompts.cjs',
    entry: [
      `export { input, password } from '@inquirer/prompts';`,
      `export { createPrompt, isDownKey, isEnterKey, isTabKey, isUpKey, makeTheme, useEffect, useKeypress, usePagination, usePrefix, useRef, useState } from '@inquirer/core';`,
    ].join('\n'),
  },
  'cli-table3': { file: 'cli-table3.cjs', entry: `module.exports = require('cli-table3');` },
  // --jq's engine: jq compiled to WebAssembly. Its .wasm is shipped beside this file
  // (`assets`), not inlined (base64 would make it a third bigger and slower to read), and
  // read from there: `__dirname` is dist/vendor at run time, wherever mon is installed.
  'jq-wasm': {
    file: 'jq.cjs',
    entry: [
      `const { loadJq } = require('jq-wasm');`,
      `const { readFile } = require('node:fs/promises');`,
      `const { join } = require('node:path');`,
      `exports.wasm = join(__dirname, 'jq.wasm');`,
      `exports.loadJq = async (wasmBinary) => loadJq({ wasmBinary: wasmBinary || (await readFile(exports.wasm)) });`,
      // src/output/jq.ts runs the engine in a worker thread, which requires this file by its path
      // (and is handed the .wasm, read by the main thread while the worker starts).
      `exports.file = __filename;`,
    ].join('\n'),
    assets: ['jq-wasm/jq.wasm'],
  },
  // `mon mcp`'s server (src/commands/mcp/): the SDK's low-level Server, the message schema its stdio transport (stdio.ts) reads with and
  // the request schemas it is given handlers for; loaded by `mon mcp` alone. It uses zod's
  // `z` from dist/vendor/zod.cjs (sharedZodPlugin: one zod, not a second copy of 100 KB), and
  // no ajv (ajvTrimPlugin: 130 KB that only validates elicitation answers, which mon never asks).
  '@modelcontextprotocol/sdk': {
    file: 'mcp.cjs',
    entry: [
      `export { Server } from '@modelcontextprotocol/sdk/server/index.js';`,
      `export { CallToolRequestSchema, ErrorCode, JSONRPCMessageSchema, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';`,
    ].join('\n'),
  },
};

/** Imports served by another package's vendor file: `import ... from '@inquirer/core'` gets prompts.cjs. */
export const VENDOR_ALIASES = {
  '@inquirer/core': '@inquirer/prompts',
  '@modelcontextprotocol/sdk/server/index.js': '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/sdk/types.js': '@modelcontextprotocol/sdk',
};

/**
 * Licences of code a package carries compiled (not in its JavaScript, so not found by the
 * metafile walk below): kept in scripts/notices/ and added to the package's notice. The
 * build fails when the package's version no longer matches a file there.
 */
const EMBEDDED_NOTICES = {
  // jq-wasm's versions name the jq they hold: 3.0.0-jq-1.8.2.
  'jq-wasm': (version) => {
    const jq = /-jq-(\d+\.\d+(?:\.\d+)?)$/.exec(version)?.[1];
    if (!jq) throw new Error(`jq-wasm ${version}: its version no longer names the jq it holds`);
    return `scripts/notices/jq-${jq}.txt`;
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20.18',
  legalComments: 'none',
  minify: !process.env.NOMINIFY,
  metafile: true,
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
    const names = [...Object.keys(VENDORED), ...Object.keys(VENDOR_ALIASES)]
      .map((name) => name.replace(/[/]/g, '\\/'))
      .join('|');
    b.onResolve({ filter: new RegExp(`^(${names})$`) }, (args) => ({ path: args.path, namespace: 'vendor' }));
    b.onLoad({ filter: /.*/, namespace: 'vendor' }, (args) => {
      const vendored = VENDORED[VENDOR_ALIASES[args.path] ?? args.path];
      return {
        contents: `module.exports = require('./vendor/${vendored.file}')${vendored.unwrap ?? ''};`,
        loader: 'js',
      };
    });
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

/**
 * @inquirer/prompts and its prompts say `"sideEffects": false` in their package.json, but
 * esbuild reads the nearest one, dist/esm/package.json, which does not: without this, the
 * unused prompts are bundled too (605 KB instead of 60 KB).
 */
const promptsTreeShakePlugin = {
  name: 'prompts-tree-shake',
  setup(b) {
    b.onResolve({ filter: /^@inquirer\// }, async (args) => {
      if (args.pluginData?.resolving) return undefined;
      const { kind, importer, resolveDir, namespace, with: attributes } = args;
      const resolved = await b.resolve(args.path, {
        kind,
        importer,
        resolveDir,
        namespace,
        with: attributes,
        pluginData: { resolving: true },
      });
      return resolved.errors.length ? undefined : { ...resolved, sideEffects: false };
    });
  },
};

/**
 * conf loads ajv (JSON-schema validation, with its formats) and semver (migrations) at the
 * top of its file; mon passes neither `schema` nor `migrations`, so they never run: leave
 * them out (150 KB). The stand-ins throw if conf ever reaches them. The build fails if
 * conf no longer guards them with those options.
 */
const confTrimPlugin = {
  name: 'conf-trim',
  setup(b) {
    const unused = /^(ajv\/dist\/2020\.js|ajv-formats|semver)$/;
    b.onResolve({ filter: unused }, (args) =>
      /[\\/]conf[\\/]/.test(args.importer) ? { path: args.path, namespace: 'conf-unused' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'conf-unused' }, (args) => ({
      contents: [
        `const unused = () => { throw new Error('mon bundles conf without ${args.path}'); };`,
        `module.exports = new Proxy(unused, { get: (target, key) => key === 'default' ? module.exports : unused });`,
      ].join('\n'),
      loader: 'js',
    }));
    b.onLoad({ filter: /[\\/]node_modules[\\/]conf[\\/]dist[\\/]source[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      for (const guard of [
        'if (!(options.schema ?? options.ajvOptions ?? options.rootSchema)) {',
        'if (options.migrations) {',
      ]) {
        if (!source.includes(guard)) throw new Error(`conf changed: "${guard}" not found in ${args.path}`);
      }
      return { contents: source, loader: 'js' };
    });
  },
};

/**
 * zod's `z` carries `z.locales` (and `z.core.locales`): its error messages in 40 languages (264 KB). mon uses the
 * English ones zod sets up by default: keep `z.locales.en`, leave the others out. The
 * build fails if zod no longer imports its locales where this expects.
 */
let zodLocalesTrimmed = false;
const zodLocalesPlugin = {
  name: 'zod-locales',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
      if (!/[\\/]zod[\\/]v4[\\/](classic[\\/]external|core[\\/]index)\.js$/.test(args.importer)) return undefined;
      zodLocalesTrimmed = true;
      return { path: join(args.resolveDir, '..', 'locales', 'en-only.js'), namespace: 'zod-locales' };
    });
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from './en.js';`,
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * The MCP SDK imports zod's classic API as `zod/v4` (and `zod`): give it dist/vendor/zod.cjs's
 * `z`, the same zod 4 mon bundles (the build fails when the SDK wants another major version).
 * Its `zod/v4-mini` and `zod/v3` imports, a few KB, stay bundled.
 */
const sharedZodPlugin = {
  name: 'shared-zod',
  setup(b) {
    b.onResolve({ filter: /^zod(\/v4)?$/ }, (args) =>
      /[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(args.importer)
        ? { path: args.path, namespace: 'shared-zod' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'shared-zod' }, () => {
      const here = createRequire(import.meta.url);
      const own = JSON.parse(readFileSync(here.resolve('zod/package.json'), 'utf8')).version;
      const sdk = createRequire(here.resolve('@modelcontextprotocol/sdk/server/index.js'));
      const theirs = JSON.parse(readFileSync(sdk.resolve('zod/package.json'), 'utf8')).version;
      if (own.split('.')[0] !== theirs.split('.')[0])
        throw new Error(`the MCP SDK uses zod ${theirs}, mon bundles zod ${own}: share no longer works`);
      return { contents: `module.exports = require('./zod.cjs').z;`, loader: 'js' };
    });
    b.onResolve({ filter: /^\.\/zod\.cjs$/, namespace: 'shared-zod' }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * The SDK's Server builds an ajv validator unless it is given one; mon's server gives its own
 * (src/commands/mcp/server.ts), so ajv, ajv-formats and fast-uri stay out. The stand-in throws
 * if the SDK ever builds it. The build fails if the SDK no longer lets the validator be given.
 */
const ajvTrimPlugin = {
  name: 'ajv-trim',
  setup(b) {
    b.onResolve({ filter: /[\\/]validation[\\/]ajv-provider\.js$/ }, (args) =>
      /[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(args.importer)
        ? { path: args.path, namespace: 'ajv-unused' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'ajv-unused' }, () => ({
      contents: `export class AjvJsonSchemaValidator { constructor() { throw new Error('mon bundles the MCP SDK without ajv: give the Server a jsonSchemaValidator'); } }`,
      loader: 'js',
    }));
    b.onLoad(
      { filter: /[\\/]@modelcontextprotocol[\\/]sdk[\\/]dist[\\/]esm[\\/]server[\\/]index\.js$/ },
      async (args) => {
        const source = await readFile(args.path, 'utf8');
        const guard = 'options?.jsonSchemaValidator ?? new AjvJsonSchemaValidator()';
        if (!source.includes(guard)) throw new Error(`the MCP SDK changed: "${guard}" not found in ${args.path}`);
        return { contents: source, loader: 'js' };
      },
    );
  },
};

// Rarely used code, built into dist/rare.cjs (scripts/rare.mjs): what crosses between the two bundles.
const rare = await rareSplit([...Object.keys(VENDORED), ...Object.keys(VENDOR_ALIASES)]);

function writeAtomically(outputFiles) {
  for (const file of outputFiles) {
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
}

// Used only with --debug (bin/mon.js turns Node's source maps on then), so that a crash names
// src/*.ts lines; no sources inside and no names (below): the stack needs only the mappings.
// Our code is all in mon.cjs and rare.cjs: the vendor files have none (their maps would double
// the package).
const ours = {
  ...common,
  define: { MON_VERSION: JSON.stringify(pkg.version) },
  sourcemap: 'linked',
  sourcesContent: false,
};
const rareBuild = build({
  ...ours,
  stdin: {
    contents: rare.rareEntry,
    resolveDir: process.cwd(),
    sourcefile: 'rare-entry.js',
  },
  outfile: 'dist/rare.cjs',
  plugins: [rare.rarePlugin, vendorPlugin, startupPlugin],
});
const results = await Promise.all([
  build({
    ...ours,
    stdin: {
      contents: rare.monEntry,
      resolveDir: process.cwd(),
      sourcefile: 'mon-entry.js',
    },
    outfile: 'dist/mon.cjs',
    plugins: [rare.monPlugin, vendorPlugin, startupPlugin],
    // Whitespace is minified after the nouns' groups are moved (scripts/groups.mjs), which finds
    // each module by the `// <path>` line esbuild writes before it when it keeps whitespace.
    minify: false,
    minifySyntax: ours.minify,
    minifyIdentifiers: ours.minify,
    minifyWhitespace: false,
  }),
  rareBuild,
  // What bin/mon.js hands over to (src/start/start.ts): a kept output, or the launch. Small:
  // read and compiled at every start but --version's, without a code cache.
  build({
    ...common,
    entryPoints: ['src/start/start.ts'],
    outfile: 'dist/start.cjs',
    plugins: [startupPlugin],
  }),
  // What start.cjs hands over to, compiled with its code cache (src/start/launch.ts): reads the
  // line and loads the bundle.
  build({
    ...common,
    entryPoints: ['src/start/launch.ts'],
    outfile: 'dist/launch.cjs',
    plugins: [startupPlugin],
  }),
  ...Object.values(VENDORED).map(({ file, entry }) =>
    build({
      ...common,
      stdin: { contents: entry, resolveDir: process.cwd(), sourcefile: `vendor-${file.replace(/\.cjs$/, '')}.js` },
      plugins: [
        lazyHttp2Plugin,
        promptsTreeShakePlugin,
        confTrimPlugin,
        zodLocalesPlugin,
        sharedZodPlugin,
        ajvTrimPlugin,
      ],
      outfile: `dist/vendor/${file}`,
    }),
  ),
]);

if (!zodLocalesTrimmed)
  throw new Error('zod changed: neither v4/classic/external.js nor v4/core/index.js imports ../locales/index.js');

// Each noun's run code, and each module only `import()` reaches, moved into a function of
// dist/mon.cjs that sets it up on first use (scripts/groups.mjs), and the map with it.
{
  const [code, map] = ['.cjs', '.cjs.map'].map((end) =>
    results[0].outputFiles.find((file) => file.path.endsWith(`mon${end}`)),
  );
  const embedded = await embedGroups({ code: code.text, map: map.text }, moduleGroups(rare.edges, rare.isRare), {
    minifyWhitespace: ours.minify,
  });
  results[0].outputFiles = [
    { path: code.path, text: embedded.code, contents: Buffer.from(embedded.code) },
    { path: map.path, text: embedded.map, contents: Buffer.from(embedded.map) },
  ];
}

// The source map is read by Node alone, for --debug's stack lines: their places (src/*.ts,
// line, column) come from the mappings; the function names are the bundle's own on Node 20, 22
// and 24 (test/e2e/crash-report.test.ts). So the map's `names` (the original name of every
// identifier the minifier renamed: 130 KB of its 840 KB) are left out, and with them each
// mapping's fifth field, which points into them (decodeMappings keeps four).
for (const result of results) {
  result.outputFiles = result.outputFiles.map((file) => {
    if (!file.path.endsWith('.map')) return file;
    const map = JSON.parse(file.text);
    map.mappings = encodeMappings(decodeMappings(map.mappings));
    map.names = [];
    const text = JSON.stringify(map);
    return { path: file.path, text, contents: Buffer.from(text) };
  });
}

// One copy of every module of src/: rare.cjs gets mon.cjs's (its state, its classes), never its own.
const srcInputs = (result) =>
  Object.values(result.metafile.outputs).flatMap((output) =>
    Object.keys(output.inputs).filter((input) => input.startsWith('src/')),
  );
const inMon = new Set(srcInputs(results[0]));
const twice = srcInputs(results[1]).filter((file) => inMon.has(file));
if (twice.length) throw new Error(`in both dist/mon.cjs and dist/rare.cjs: ${twice.join(', ')}`);

// Every file is ASCII: one other character (a ✓ in a regular expression or a tagged template,
// which esbuild cannot escape) makes V8 hold the whole source as two-byte text, and reading the
// bundle ~2 ms slower. Write such characters as \u escapes in src/.
for (const result of results) {
  for (const file of result.outputFiles) {
    const at = file.text.search(/[^\x00-\x7f]/);
    if (file.path.endsWith('.cjs') && at >= 0 && !process.env.NOMINIFY)
      throw new Error(`${file.path} is not ASCII at ${at}: "${file.text.slice(Math.max(0, at - 40), at + 10)}"`);
  }
}

// Nothing may be loaded from node_modules at run time: only Node's own modules and our vendor files.
const builtins = new Set(builtinModules);
for (const result of results) {
  for (const [output, { imports }] of Object.entries(result.metafile.outputs)) {
    for (const { path, external } of imports) {
      // A vendor file may require another beside it (mcp.cjs requires ./zod.cjs); mon.cjs and rare.cjs each
      // other. The start-up's files load the others themselves: they require only Node's own modules (start.cjs
      // gives the launch nothing else).
      const ownFile = output.startsWith('dist/vendor/')
        ? /^\.\/[\w-]+\.cjs$/
        : output === 'dist/mon.cjs'
          ? /^\.\/(vendor\/[\w-]+|rare)\.cjs$/
          : output === 'dist/rare.cjs'
            ? /^\.\/(vendor\/[\w-]+|mon)\.cjs$/
            : /^$/;
      const allowed = path.startsWith('node:') || builtins.has(path) || ownFile.test(path);
      if (external && !allowed) throw new Error(`${output} would require "${path}" at run time: bundle it instead.`);
    }
  }
}

/** The packages whose code is in dist/: every bundled input under node_modules, by its nearest package.json. */
function bundledPackages(metafiles) {
  const dirs = new Set();
  for (const metafile of metafiles) {
    for (const output of Object.values(metafile.outputs)) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        // Files only (not a plugin's virtual module), and only those that left code in the output.
        if (!input.includes('node_modules/') || /^[\w-]+:/.test(input) || bytesInOutput === 0) continue;
        let dir = dirname(input);
        while (!isPackageRoot(dir)) {
          if (dirname(dir) === dir) throw new Error(`no package.json above ${input}`);
          dir = dirname(dir);
        }
        dirs.add(dir);
      }
    }
  }
  return [...dirs]
    .map((dir) => {
      const { name, version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const files = readdirSync(dir).filter((file) => /^(licen[cs]e|copying)([-.][\w.-]*)?$/i.test(file));
      if (!files.length)
        throw new Error(`${name}@${version} (${dir}) has no licence file to ship in THIRD_PARTY_NOTICES.`);
      const own = files.map((file) => readFileSync(join(dir, file), 'utf8').trim());
      const embedded = EMBEDDED_NOTICES[name]?.(version);
      if (embedded && !existsSync(embedded))
        throw new Error(`${name}@${version} holds code whose licences ${embedded} should give: add that file.`);
      const text = [...own, ...(embedded ? [readFileSync(embedded, 'utf8').trim()] : [])].join('\n\n');
      return { name, version, license, text };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** A package's own folder: its package.json names it (dist/esm/package.json files only set the module type). */
function isPackageRoot(dir) {
  const file = join(dir, 'package.json');
  return existsSync(file) && Boolean(JSON.parse(readFileSync(file, 'utf8')).name);
}

function notices(packages) {
  const rule = '='.repeat(78);
  return [
    `${pkg.name} ${pkg.version} bundles code of the packages below into dist/. For each: its name, version,`,
    `licence, and the licence text from the package itself.`,
    '',
    ...packages.map(
      ({ name, version, license, text }) => `${rule}\n${name} ${version} (${license})\n${rule}\n\n${text}\n`,
    ),
  ].join('\n');
}

// Files a vendored package reads at run time (jq's .wasm), copied beside its vendor file.
const requireHere = createRequire(import.meta.url);
const assets = Object.values(VENDORED).flatMap(({ assets: names = [] }) =>
  names.map((name) => {
    const from = requireHere.resolve(name);
    return { path: join(process.cwd(), 'dist', 'vendor', basename(from)), contents: readFileSync(from) };
  }),
);

const metafiles = results.map((result) => result.metafile);
// The code-cache key of each file (bin/mon.js): its content, not its size or mtime.
const hashes = {};
for (const result of results) {
  for (const file of result.outputFiles) {
    if (file.path.endsWith('.cjs')) {
      hashes[relative('dist', file.path).split('\\').join('/')] = createHash('sha256')
        .update(file.contents)
        .digest('hex');
    }
  }
}
const root = process.cwd();
const extra = [
  { path: join(root, 'THIRD_PARTY_NOTICES'), contents: notices(bundledPackages(metafiles)) },
  // What went into each file, for the tests (test/e2e/package.test.ts); not shipped.
  { path: join(root, 'node_modules', '.cache', 'mon-build', 'metafiles.json'), contents: JSON.stringify(metafiles) },
  // Written last: a build stopped half-way leaves the old hashes, which no longer match any file's
  // size and mtime, also part of the cache's name.
  { path: join(root, 'dist', 'sha256.json'), contents: `${JSON.stringify(hashes, null, 2)}\n` },
];
mkdirSync(dirname(extra[1].path), { recursive: true });
for (const result of results) writeAtomically(result.outputFiles);
writeAtomically(assets);
writeAtomically(extra);

// A file an earlier build made and this one did not (a vendor file since merged, an old map)
// would be shipped all the same: remove it.
const written = new Set([
  ...results.flatMap((result) => result.outputFiles.map((file) => file.path)),
  ...assets.map((file) => file.path),
  ...extra.map((file) => file.path),
]);
for (const dir of ['dist', 'dist/vendor']) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(root, dir, entry.name);
    if (entry.isFile() && !written.has(path) && !entry.name.endsWith('.tmp')) rmSync(path, { force: true });
  }
}
