#!/usr/bin/env node
'use strict';
// Starts mon as fast as Node allows, then hands over to the bundle. This file is the only
// place that ends the process; everything else returns an exit code.
//
// The bundle (dist/mon.cjs, one file) is compiled with a V8 code cache: on Node >= 22.8
// through module.enableCompileCache(), on Node 20 by compiling it with vm.Script and
// `cachedData` kept in the user's cache directory. The cache file is named after mon's
// version, the bundle's size and mtime, Node's version and the architecture, so a new build
// or Node never uses an old one; a cache V8 rejects (corrupt, foreign) is replaced, and any
// failure to read or write it is ignored.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const bundle = path.join(__dirname, '..', 'dist', 'mon.cjs');

// undici parses HTTP with a WebAssembly module. V8 compiles it quickly (Liftoff), then
// optimizes it again on a background thread, and a short-lived process waits for that
// second compile at exit (100-300 ms); a command never runs long enough to profit from it.
// The flag is set first thing (V8 rejects a code cache made under other flags, so each
// flag state has caches of its own), and skipped by what never makes a request: help,
// completions and config (loading node:v8 costs ~2 ms).
const args = process.argv.slice(2);
const offline =
  args.includes('--help') ||
  args.includes('-h') ||
  ['help', 'completion', 'config'].includes(args.find((arg) => !arg.startsWith('-')));
if (!offline) require('node:v8').setFlagsFromString('--liftoff-only');

function cacheDir() {
  const env = process.env;
  if (env.MON_CACHE_DIR) return env.MON_CACHE_DIR;
  const home = env.HOME || require('node:os').homedir();
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Caches', 'mon');
  if (process.platform === 'win32')
    return path.join(env.LOCALAPPDATA || path.join(home, 'AppData', 'Local'), 'mon', 'Cache');
  return path.join(env.XDG_CACHE_HOME || path.join(home, '.cache'), 'mon');
}

function loadWithCompileCache() {
  try {
    Module.enableCompileCache(path.join(cacheDir(), `compile-cache-${offline ? 'default' : 'liftoff'}`));
  } catch {
    // No cache: slower, not broken.
  }
  return require(bundle);
}

/**
 * Node 20: compile a CommonJS file with vm.Script and a cachedData file next to the others.
 * A cache holds the functions the runs that wrote it had compiled; a command whose code it
 * does not hold yet (its first run) writes it again, adding its own, so `mon incidents
 * --help` is as quick as `mon incidents list` whichever came first. `<cache>.commands`
 * lists the commands whose code is in.
 */
const pendingCaches = [];
const commandKey =
  args
    .filter((arg) => !arg.startsWith('-'))
    .slice(0, 2)
    .join(' ') || '(none)';

function readLines(file) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

function compileCached(file, requireFn) {
  const vm = require('node:vm');
  const stat = fs.statSync(file);
  const source = fs.readFileSync(file, 'utf8');
  const base = path.basename(file, '.cjs');
  const flags = offline ? 'default' : 'liftoff';
  const name = `${base}-${stat.size}-${Math.floor(stat.mtimeMs)}-${process.version}-${process.arch}-${flags}.v8cache`;
  const cacheFile = path.join(cacheDir(), name);
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const mod = { exports: {}, filename: file, id: file, loaded: false };
  script.runInThisContext()(mod.exports, requireFn, mod, file, path.dirname(file));
  const fresh = cachedData === undefined || script.cachedDataRejected;
  const commands = fresh ? [] : readLines(`${cacheFile}.commands`);
  if (!commands.includes(commandKey))
    pendingCaches.push({ script, cacheFile, base, commands: [...commands, commandKey] });
  return mod.exports;
}

function loadWithCachedData() {
  // The bundle requires its vendor files (dist/vendor/*.cjs) lazily: give those a cache too.
  const vendors = new Map();
  const bundleRequire = Module.createRequire(bundle);
  const requireFn = (id) => {
    if (!id.startsWith('./vendor/')) return bundleRequire(id);
    const file = path.join(path.dirname(bundle), id);
    if (!vendors.has(file)) vendors.set(file, compileCached(file, Module.createRequire(file)));
    return vendors.get(file);
  };
  const exports = compileCached(bundle, requireFn);
  // Written after the command ran, so the functions it used are in the cache too.
  process.once('beforeExit', () => {
    for (const { script, cacheFile, base, commands } of pendingCaches) {
      try {
        const dir = path.dirname(cacheFile);
        fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
        const write = (target, data) => {
          const temp = `${target}.${process.pid}.tmp`;
          fs.writeFileSync(temp, data, { mode: 0o600 });
          fs.renameSync(temp, target);
        };
        write(cacheFile, script.createCachedData());
        write(`${cacheFile}.commands`, `${commands.join('\n')}\n`);
        // Caches of earlier builds of the same file are of no use any more.
        const current = path.basename(cacheFile).replace(/-(default|liftoff)\.v8cache$/, '');
        for (const old of fs.readdirSync(dir)) {
          if (old.startsWith(`${base}-`) && !old.startsWith(current)) {
            fs.rmSync(path.join(dir, old), { force: true });
          }
        }
      } catch {
        // A read-only or full disk only costs speed.
      }
    }
  });
  return exports;
}

// The version needs none of mon: answer it straight away.
if (args.length === 1 && args[0] === '--version') {
  process.stdout.write(`mon ${require('../package.json').version}\n`);
  return;
}

let cli;
try {
  cli = typeof Module.enableCompileCache === 'function' ? loadWithCompileCache() : loadWithCachedData();
} catch (error) {
  if (error && (error.code === 'ENOENT' || error.code === 'MODULE_NOT_FOUND') && !fs.existsSync(bundle)) {
    process.stderr.write('mon: the build output (dist/mon.cjs) is missing. Run `npm run build` (or `npm ci`) first.\n');
    process.exit(1);
  }
  throw error;
}

cli.run(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  // A keep-alive socket or a stray timer must not keep a finished command alive.
  setTimeout(() => process.exit(), 2000).unref();
});
