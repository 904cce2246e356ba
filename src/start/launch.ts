import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RunOptions } from '../cli';
import { trustedCacheDir } from './cache-dir';
import { type CodeCache, saveCaches } from './code-cache';
import { commandName, lineFacts, type LineFacts } from './command-line';
import { keepOutput, type Reusable } from './output-cache';

/*
 * The launch (dist/launch.cjs): what the start-up (start.ts) hands a line over to when it has no
 * kept output for it. It reads the line, loads the bundle (dist/mon.cjs) with its code cache
 * and runs the command, then writes the caches that were missing (its own among them) and
 * keeps the output that may be printed again. start.ts compiles it with its own code cache, so
 * that none of this is parsed or compiled at a start once a run of it has worked.
 */

/** What the bundle gives (src/cli.ts). */
interface Cli {
  run(argv: string[], options?: RunOptions): Promise<number>;
}

/** What start.ts hands over. */
export interface Handover {
  argv: string[];
  dist: string;
  env: NodeJS.ProcessEnv;
  /** The trusted cache directory (cache-dir.ts), or undefined: no caches are read. */
  dir: string | undefined;
  /** The name the line's output is kept under, when it may be kept (output-cache.ts). */
  named: Reusable | undefined;
  /** The cache the launch itself was loaded with. */
  launchCache: CodeCache;
  /** start.ts's loader: the one compiled, with its state (the build's hashes read once, WebAssembly compiled once). */
  CodeCache: typeof CodeCache;
}

/** What dist/launch.cjs gives. */
export interface Launch {
  launch(handover: Handover): number | Promise<number>;
}

export function launch({ argv, dist, env, dir, named, launchCache, CodeCache }: Handover): number | Promise<number> {
  const bundle = join(dist, 'mon.cjs');
  const facts = lineFacts(argv, env);
  // --debug (or MON_DEBUG=1): a crash's stack names src/*.ts lines (dist/mon.cjs.map). Node reads
  // a file's map when it loads the file with source maps on, so they are turned on first; the
  // plain loader is used (the stack is what matters in a debug run, not the last milliseconds).
  if (facts.debug) {
    requireWhole(dist);
    process.setSourceMapsEnabled(true);
    return (process.getBuiltinModule('node:module').createRequire(bundle)(bundle) as Cli).run(argv);
  }
  const wasm = mayRunWebAssembly(facts, env);
  // undici parses HTTP with a WebAssembly module, and so does --jq's engine. V8 compiles it
  // quickly (Liftoff), then optimizes it again on a background thread, and a short-lived
  // process waits for that second compile at exit (100-300 ms); a command never runs long
  // enough to profit from it. The flag is set first thing (V8 refuses a code cache made under
  // other flags, so each flag state has caches of its own), and only when WebAssembly may run
  // (loading node:v8 costs ~1.3 ms).
  if (wasm) process.getBuiltinModule('node:v8').setFlagsFromString('--liftoff-only');

  let options: RunOptions = {};
  if (named !== undefined) {
    options = {
      reusableOutput: (text) => {
        const target = trustedCacheDir(true, env);
        try {
          if (target !== undefined) keepOutput(target, named, text);
        } catch {
          // A read-only or full disk only costs speed.
        }
      },
    };
  }

  const cache = new CodeCache(dist, dir, wasm ? 'liftoff' : 'default', commandName(facts));
  requireWhole(dist);
  const cli = loadBundle(dist, bundle, cache);
  // Written after the command ran, so the functions it used are in the caches too; only when it
  // worked. The launch's own cache only under the flags it is used with (V8's default).
  process.once('beforeExit', () => {
    if (!process.exitCode) saveCaches(wasm ? [cache] : [launchCache, cache], env);
  });
  return cli.run(argv, options);
}

/**
 * The rarely used code (dist/rare.cjs, scripts/rare.mjs) is loaded on first use, deep in a
 * command: a build without it is a missing build, said before the bundle runs (bin/mon.js).
 */
function requireWhole(dist: string): void {
  const rare = join(dist, 'rare.cjs');
  if (!existsSync(rare)) throw Object.assign(new Error(`${rare} is missing`), { code: 'ENOENT' });
}

/**
 * May WebAssembly run? undici runs only through a proxy (api/transport.ts; without one,
 * node:http sends), and jq's engine only with --jq; neither for a help, completion or config.
 */
function mayRunWebAssembly(facts: LineFacts, env: NodeJS.ProcessEnv): boolean {
  if (facts.help || ['completion', 'config'].includes(facts.words[0] ?? '')) return false;
  return facts.jq || ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((name) => env[name]);
}

/**
 * The bundle, compiled with its code cache, and the other files of dist/ it requires, each on
 * first use, each once, the same way: dist/rare.cjs (the rarely used commands, which requires
 * the modules it shares from the bundle: `./mon.cjs` is the bundle already loaded) and the
 * vendor files (dist/vendor/*.cjs, and those one requires beside it: mcp.cjs requires zod.cjs).
 * Beside those, they require only Node's own modules (scripts/build.mjs fails otherwise),
 * given without a require of their own (Module.createRequire costs ~5 ms on its first call).
 */
function loadBundle(dist: string, bundle: string, cache: CodeCache): Cli {
  const loaded = new Map<string, unknown>();
  const requireIn =
    (from: string) =>
    (id: string): unknown => {
      if (!/^\.\/(vendor\/)?[\w-]+\.cjs$/.test(id))
        return id.startsWith('.')
          ? process.getBuiltinModule('node:module').createRequire(from)(id)
          : (process.getBuiltinModule(id) ?? process.getBuiltinModule('node:module').createRequire(from)(id));
      const file = join(dirname(from), id);
      if (!loaded.has(file)) loaded.set(file, cache.load(file, requireIn(file)));
      return loaded.get(file);
    };
  const cli = cache.load(bundle, requireIn(bundle)) as Cli;
  loaded.set(bundle, cli);
  return cli;
}
