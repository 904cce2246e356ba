#!/usr/bin/env node
'use strict';
// Required by a test, this file only gives its reading of the command line (see below).
if (require.main !== module) return void (module.exports = { commandLineFacts: commandLineFacts });
// No inspector, ever: SIGUSR1 makes Node open its debugger on 127.0.0.1:9229, where any local
// user can run code inside mon (and read the key) - a supervisor that signals a process group
// would do it to a long `mon heartbeats exec` or `mon sandbox`. A listener of our own, set
// before anything else, takes the signal from the inspector (on every Node line mon runs on;
// --disable-sigusr1 exists only from 22.14 and cannot be given through #!). mon ignores it.
process.on('SIGUSR1', function () {});
// Starts mon as fast as Node allows, then hands over to the bundle. This file is the only
// place that ends the process; everything else returns an exit code.
//
// Any Node.js must be able to read this file (no `??`, no `?.`): on one too old for mon, the
// first thing it does is say so.
const MINIMUM = [20, 18];
const running = process.versions.node.split('.').map(Number);
if (running[0] < MINIMUM[0] || (running[0] === MINIMUM[0] && running[1] < MINIMUM[1])) {
  process.stderr.write(
    'mon needs Node.js ' +
      MINIMUM.join('.') +
      ' or newer; this is ' +
      process.versions.node +
      '. Install a newer one (https://nodejs.org/en/download, or `nvm install 20` with nvm) and run mon again.\n',
  );
  process.exit(1);
}

const fs = require('node:fs');

// The version needs none of mon: answer it before loading anything.
if (process.argv.length === 3 && process.argv[2] === '--version') {
  writeStdout(`mon ${require('../package.json').version}\n`);
  return;
}

// The bundle (dist/mon.cjs, one file, and dist/vendor/*.cjs loaded on first use) is compiled
// with a V8 code cache, the same way on every Node.js line: with vm.Script and `cachedData`
// kept in the user's cache directory, written after the command ran (so it holds every
// function the command compiled, not only the top level: on Node 22 and 24 this starts
// `mon incidents --help` ~17% and an API call ~20% sooner than module.enableCompileCache,
// whose cache holds what was compiled before the code ran). A cache file is named after the
// bundle's SHA-256 (dist/sha256.json, written by the build: hashing here would cost ~6 ms a
// start), size and mtime, Node's version and the architecture, so a new build or Node never
// runs an old one's code (V8 itself checks only the source's length). The cache directory is
// used only when it is the user's own and nobody else can write to it (created 0700); a cache
// V8 rejects (corrupt, foreign) is replaced; any failure to read or write it is ignored: it
// only costs speed.
const path = require('node:path');

const dist = path.join(__dirname, '..', 'dist');
const bundle = path.join(dist, 'mon.cjs');
const args = process.argv.slice(2);

// --debug, help and the command's words, read as the bundle will (see commandLineFacts below).
const facts = commandLineFacts(args, process.env);

// --debug (or MON_DEBUG=1): a crash's stack names src/*.ts lines (dist/mon.cjs.map). Node reads
// a file's map when it loads the file with source maps on, so they are turned on first; the
// plain loader is used (the stack is what matters in a debug run, not the last milliseconds).
const debug = facts.debug;

// undici parses HTTP with a WebAssembly module, and so does --jq's engine. V8 compiles it
// quickly (Liftoff), then optimizes it again on a background thread, and a short-lived
// process waits for that second compile at exit (100-300 ms); a command never runs long
// enough to profit from it. The flag is set first thing (V8 rejects a code cache made under
// other flags, so each flag state has caches of its own), and only when WebAssembly may run:
// undici is used only through a proxy (src/api/transport.ts; without one, node:http sends),
// so a command without a proxy variable or --jq skips it (loading node:v8 costs ~1.3 ms).
const offline = facts.help || ['completion', 'config'].includes(facts.words[0]);
const proxied = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some(function (name) {
  return process.env[name];
});
const wasm =
  !offline &&
  (proxied ||
    args.some(function (arg) {
      return arg === '--jq' || arg.startsWith('--jq=');
    }));
if (wasm) require('node:v8').setFlagsFromString('--liftoff-only');

function cacheDir() {
  const env = process.env;
  if (env.MON_CACHE_DIR) return env.MON_CACHE_DIR;
  const home = env.HOME || require('node:os').homedir();
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Caches', 'mon');
  if (process.platform === 'win32')
    return path.join(env.LOCALAPPDATA || path.join(home, 'AppData', 'Local'), 'mon', 'Cache');
  return path.join(env.XDG_CACHE_HOME || path.join(home, '.cache'), 'mon');
}

/**
 * The cache directory when it is safe to run code from: a directory owned by this user that
 * no group or other user can write to (whoever can write it can choose the code mon runs).
 * With `create`, a missing one is made (0700). undefined otherwise: mon runs without a cache.
 */
function trustedCacheDir(create) {
  const dir = cacheDir();
  try {
    if (create) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = fs.statSync(dir);
    if (!stat.isDirectory()) return undefined;
    // Windows: no owner IDs or mode bits to check (its ACLs keep a user's profile private).
    if (process.platform !== 'win32') {
      if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) return undefined;
      if ((stat.mode & 0o022) !== 0) return undefined;
    }
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * Compile a CommonJS file with vm.Script and a cachedData file next to the others. Each way of
 * running a command (its first two words, and whether it prints its help or JSON: `incidents
 * list`, `incidents list --help`, `incidents list --json` run different code) has caches of its
 * own, written after its first run: a cache holds every function the run that wrote it
 * compiled, so one shared by all would grow with each (help, completion, create, ...) and make
 * every start read and deserialize all of it (~1.5 ms more for `incidents list`), and one
 * written by a help would leave the command itself to compile its code at every start.
 */
const pendingCaches = [];
const commandName = (function () {
  const words = [];
  for (const word of facts.words.slice(0, 2)) {
    // A command's words; not an argument (`mon api /v1/...`, a typo is still a word).
    if (!/^[a-z][a-z-]{0,39}$/.test(word)) break;
    words.push(word);
  }
  const json = args.some(function (arg) {
    return arg === '--json' || arg === '--jq' || arg.startsWith('--jq=');
  });
  return (words.join('.') || 'mon') + (facts.help ? '.help' : json ? '.json' : '');
})();

let hashes;
/** The SHA-256 of a file of dist/, from the build's list; computed here only when the list lacks it. */
function contentHash(file, source) {
  if (hashes === undefined) {
    try {
      hashes = JSON.parse(fs.readFileSync(path.join(dist, 'sha256.json'), 'utf8'));
    } catch {
      hashes = {};
    }
  }
  const known = hashes[path.relative(dist, file).split(path.sep).join('/')];
  if (typeof known === 'string' && /^[0-9a-f]{64}$/.test(known)) return known;
  if (source === undefined) return undefined;
  return require('node:crypto').createHash('sha256').update(source).digest('hex');
}

/**
 * A dist/ file's build: its SHA-256 (the first 32 digits), size and mtime. Without `source`,
 * undefined when the build's list lacks it (hashing here would cost more than it saves).
 */
const buildKeys = new Map();
function buildKey(file, source) {
  let key = buildKeys.get(file);
  if (key === undefined) {
    const stat = fs.statSync(file);
    const hash = contentHash(file, source);
    key = hash === undefined ? undefined : `${hash.slice(0, 32)}-${stat.size}-${Math.floor(stat.mtimeMs)}`;
    if (key !== undefined) buildKeys.set(file, key);
  }
  return key;
}

function compileCached(file, requireFn, dir) {
  const vm = require('node:vm');
  const source = fs.readFileSync(file, 'utf8');
  const base = path.basename(file, '.cjs');
  const flags = wasm ? 'liftoff' : 'default';
  const key = buildKey(file, source);
  const name = `${base}-${key}-${process.version}-${process.arch}-${flags}-${commandName}.v8cache`;
  let cachedData;
  try {
    cachedData = dir === undefined ? undefined : fs.readFileSync(path.join(dir, name));
  } catch {
    cachedData = undefined;
  }
  // Node's own wrapper of a CommonJS file (Module.wrap), without loading node:module (~0.4 ms).
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  const mod = { exports: {}, filename: file, id: file, loaded: false };
  script.runInThisContext()(mod.exports, requireFn, mod, file, path.dirname(file));
  if (cachedData === undefined || script.cachedDataRejected) pendingCaches.push({ script, name, base, key });
  return mod.exports;
}

function loadWithCachedData() {
  // Read from the cache only when it is trustworthy; it is made (0700) when written.
  const dir = trustedCacheDir(false);
  // The bundle requires its vendor files (dist/vendor/*.cjs) lazily: give those a cache too.
  const vendors = new Map();
  // Beside the vendor files, the bundle and they require only Node's own modules, which this
  // file's require gives as well (Module.createRequire costs ~5 ms on its first call).
  const requireFrom = (file) => (id) =>
    id.startsWith('.') ? require('node:module').createRequire(file)(id) : require(id);
  const requireFn = (id) => {
    if (!id.startsWith('./vendor/')) return requireFrom(bundle)(id);
    const file = path.join(dist, id);
    if (!vendors.has(file)) vendors.set(file, compileCached(file, requireFrom(file), dir));
    return vendors.get(file);
  };
  const exports = compileCached(bundle, requireFn, dir);
  // Written after the command ran, so the functions it used are in the cache too.
  process.once('beforeExit', () => {
    // Only after a run that worked: one that failed (no key yet, a typo in a flag) compiled
    // its error's code, not the command's, which would then be compiled at every start.
    const target = pendingCaches.length && !process.exitCode ? trustedCacheDir(true) : undefined;
    if (target === undefined) return;
    for (const { script, name, base, key } of pendingCaches) {
      try {
        writeAtomically(target, name, script.createCachedData());
        removeStaleCaches(target, base, key);
      } catch {
        // A read-only or full disk only costs speed.
      }
    }
  });
  return exports;
}

/** Writes `dir/file` whole or not at all (a full disk leaves no half-written file behind), readable by its owner only. */
function writeAtomically(dir, file, data) {
  const temp = path.join(dir, `${file}.${process.pid}.tmp`);
  try {
    fs.writeFileSync(temp, data, { mode: 0o600 });
    fs.renameSync(temp, path.join(dir, file));
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * A cache file's name after `<base>-`: the build's key, the Node.js version and architecture,
 * the flags, the command (and `.commands`, the list of commands that earlier versions kept).
 */
const CACHE_NAME =
  /^([0-9a-f]{32}-\d+-\d+)-(v\d+\.\d+\.\d+[^-]*-[^-]+)-(?:default|liftoff)(?:-[a-z.-]+)?\.v8cache(?:\.commands)?$/;
/** The most Node.js versions (and architectures) whose caches are kept beside this one's. */
const OTHER_RUNTIMES_KEPT = 3;
/** The most commands whose caches this Node.js keeps of a build (typos are commands too): the least recently written go. */
const COMMANDS_KEPT = 60;

/**
 * After this Node.js wrote a cache of `base`: its caches of earlier builds are of no use any
 * more, and are removed, and of this build it keeps COMMANDS_KEPT commands' at most. Those of
 * other Node.js versions stay (a user who switches with nvm or volta, or a CI matrix sharing a
 * cache, would otherwise recompile at every switch), up to OTHER_RUNTIMES_KEPT of them: beyond,
 * the least recently written go.
 */
function removeStaleCaches(dir, base, key) {
  const own = `${process.version}-${process.arch}`;
  const mtime = (file) => fs.statSync(path.join(dir, file)).mtimeMs;
  const remove = (file) => fs.rmSync(path.join(dir, file), { force: true });
  const current = [];
  const others = new Map(); // runtime -> { files, newest }
  for (const file of fs.readdirSync(dir)) {
    const parsed = file.startsWith(`${base}-`) ? CACHE_NAME.exec(file.slice(base.length + 1)) : null;
    if (!parsed) continue;
    const [, build, runtime] = parsed;
    if (runtime === own) {
      if (build !== key) remove(file);
      else current.push({ file, written: mtime(file) });
      continue;
    }
    const entry = others.get(runtime) || { files: [], newest: 0 };
    entry.files.push(file);
    entry.newest = Math.max(entry.newest, mtime(file));
    others.set(runtime, entry);
  }
  current.sort((a, b) => b.written - a.written);
  for (const { file } of current.slice(COMMANDS_KEPT)) remove(file);
  const byAge = [...others.values()].sort((a, b) => b.newest - a.newest);
  for (const { files } of byAge.slice(OTHER_RUNTIMES_KEPT)) files.forEach(remove);
}

/*
 * Output that depends only on the command line and the terminal's width (help, completion
 * scripts: the bundle says which, src/cli.ts) is kept in the cache directory after it was first
 * printed, and printed from there without loading the bundle: `mon incidents --help` then
 * costs what `mon --version` does. Its file is named after the bundle's build (a new build
 * never prints an old one's help), the width and the command line itself. Only a command line
 * of words and -h/--help qualifies: a flag could change what is printed.
 */
const REUSABLE_KEPT = 500;
const reusable = (function () {
  if (debug || args.length > 4) return undefined;
  if (!args.every((arg) => !arg.startsWith('-') || arg === '-h' || arg === '--help')) return undefined;
  if (!(facts.help || facts.words[0] === 'completion' || args.length <= 1)) return undefined;
  try {
    const build = buildKey(bundle);
    const line = encodeURIComponent(args.join('\u0000'));
    if (build === undefined || line.length > 200) return undefined;
    // What the bundle wraps to (src/io.ts): the terminal's columns, 80 when not a terminal.
    const tty = fs.fstatSync(1).isCharacterDevice() && require('node:tty').isatty(1);
    const width = tty ? `tty${process.stdout.columns || 80}` : '80';
    return { build, name: `out-${build}-${width}-${line}.txt` };
  } catch {
    // No bundle (mon says so below), or no stdout.
    return undefined;
  }
})();

if (reusable !== undefined) {
  const dir = trustedCacheDir(false);
  const file = dir === undefined ? undefined : path.join(dir, reusable.name);
  let kept;
  try {
    // Most one-word command lines (`mon status`) are not kept: asking first costs less than the error.
    kept = file !== undefined && fs.existsSync(file) ? fs.readFileSync(file) : undefined;
  } catch {
    kept = undefined;
  }
  if (kept !== undefined) {
    writeStdout(kept);
    return;
  }
}

/** Keeps what the command printed, when the bundle says it can be printed again (see above). */
function keepReusable(text) {
  const dir = trustedCacheDir(true);
  if (dir === undefined) return;
  try {
    let count = 0;
    for (const file of fs.readdirSync(dir)) {
      if (!file.startsWith('out-')) continue;
      // Another build's outputs are of no use any more.
      if (!file.startsWith(`out-${reusable.build}-`)) fs.rmSync(path.join(dir, file), { force: true });
      else count++;
    }
    if (count < REUSABLE_KEPT) writeAtomically(dir, reusable.name, text);
  } catch {
    // A read-only or full disk only costs speed.
  }
}

/**
 * Writes to stdout without building process.stdout (~5 ms): synchronously, all of it. A
 * non-blocking pipe that is full hands the rest to the stream; a reader that went away
 * (`| head -1`) ends the writing, as it does in the bundle.
 */
function writeStdout(text) {
  const buffer = Buffer.from(text);
  let at = 0;
  while (at < buffer.length) {
    try {
      at += fs.writeSync(1, buffer, at);
    } catch (error) {
      if (error && error.code === 'EAGAIN') process.stdout.write(buffer.subarray(at));
      else if (!error || error.code !== 'EPIPE') throw error;
      return;
    }
  }
}

let cli;
try {
  if (debug) {
    process.setSourceMapsEnabled(true);
    cli = require(bundle);
  } else {
    cli = loadWithCachedData();
  }
} catch (error) {
  if (error && (error.code === 'ENOENT' || error.code === 'MODULE_NOT_FOUND') && !fs.existsSync(bundle)) {
    process.stderr.write('mon: the build output (dist/mon.cjs) is missing. Run `npm run build` (or `npm ci`) first.\n');
    process.exit(1);
  }
  throw error;
}

cli.run(process.argv.slice(2), reusable === undefined ? {} : { reusableOutput: keepReusable }).then((code) => {
  process.exitCode = code;
  // A keep-alive socket or a stray timer must not keep a finished command alive.
  setTimeout(() => process.exit(), 2000).unref();
});

/**
 * What must be known before the bundle is loaded: --debug (or MON_DEBUG), whether help is
 * asked, and the command's words, where a global flag's value is not a word (`mon --profile
 * config incidents list` runs `incidents list`). The bundle reads the same facts with
 * src/core/flags/early.ts, from the global flag table; loading that here would cost ~2 ms a
 * start, so these few lines stay, and test/core/flags/early.test.ts holds the two readings
 * together (for every global flag that takes a value too).
 */
function commandLineFacts(argv, env) {
  const debugEnv = env.MON_DEBUG;
  const facts = {
    debug: debugEnv !== undefined && debugEnv !== '' && debugEnv !== '0' && debugEnv.toLowerCase() !== 'false',
    help: false,
    words: [],
  };
  for (let at = 0; at < argv.length; at++) {
    const word = argv[at];
    if (word === '--') break;
    if (!word.startsWith('-') || word === '-') facts.words.push(word);
    else if (word === '--debug') facts.debug = true;
    else if (word === '-h' || word === '--help') facts.help = true;
    else if (takesGlobalValue(word) && at + 1 < argv.length && !argv[at + 1].startsWith('-')) at++;
  }
  if (facts.words[0] === 'help') facts.help = true;
  return facts;
}

/** The global flags that take a value (src/core/flags/globals.ts), and `-q` at the end of a group of short ones. */
function takesGlobalValue(word) {
  return (
    ['--profile', '--base-url', '--account', '--ping-url', '--jq', '--timeout'].indexOf(word) >= 0 ||
    /^-[A-Za-z]*q$/.test(word)
  );
}
