import { join } from 'node:path';
import type { RunOptions } from '../cli';
import { trustedCacheDir } from './cache-dir';
import { CodeCache } from './code-cache';
import { commandName, lineFacts, type LineFacts } from './command-line';
import { keepOutput, keptOutput, reusableOutput } from './output-cache';
import { print } from './print';

/*
 * mon's start-up (dist/start.cjs, loaded by bin/mon.js once the Node.js version is known to be
 * enough and the command line is not `--version`): prints a kept output without loading mon,
 * or loads the bundle (dist/mon.cjs) with its code cache and runs the command. Gives the exit
 * code; bin/mon.js ends the process.
 */

export { print };

/** What the bundle gives (src/cli.ts). */
interface Cli {
  run(argv: string[], options?: RunOptions): Promise<number>;
}

export function start(argv: string[], dist: string, env: NodeJS.ProcessEnv = process.env): number | Promise<number> {
  const facts = lineFacts(argv, env);
  const bundle = join(dist, 'mon.cjs');
  // --debug (or MON_DEBUG=1): a crash's stack names src/*.ts lines (dist/mon.cjs.map). Node reads
  // a file's map when it loads the file with source maps on, so they are turned on first; the
  // plain loader is used (the stack is what matters in a debug run, not the last milliseconds).
  if (facts.debug) {
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
  const reusable = reusableOutput(argv, facts, dist, bundle);
  if (reusable !== undefined) {
    const dir = trustedCacheDir(false, env);
    const kept = dir === undefined ? undefined : keptOutput(dir, reusable.name);
    if (kept !== undefined) return print(kept.toString());
    options = {
      reusableOutput: (text) => {
        const target = trustedCacheDir(true, env);
        try {
          if (target !== undefined) keepOutput(target, reusable, text);
        } catch {
          // A read-only or full disk only costs speed.
        }
      },
    };
  }

  const cache = new CodeCache(dist, wasm ? 'liftoff' : 'default', commandName(facts), env);
  const cli = loadBundle(dist, bundle, cache);
  // Written after the command ran, so the functions it used are in the cache too; only when it worked.
  process.once('beforeExit', () => {
    if (!process.exitCode) cache.save();
  });
  return cli.run(argv, options);
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
 * The bundle, compiled with its code cache; the vendor files it requires (dist/vendor/*.cjs,
 * on first use, and those one requires beside it) too. Beside those, the bundle and they require only Node's own modules
 * (scripts/build.mjs fails otherwise), given without a require of their own
 * (Module.createRequire costs ~5 ms on its first call).
 */
function loadBundle(dist: string, bundle: string, cache: CodeCache): Cli {
  const vendors = new Map<string, unknown>();
  const requireFrom = (file: string) => (id: string) =>
    id.startsWith('.')
      ? process.getBuiltinModule('node:module').createRequire(file)(id)
      : (process.getBuiltinModule(id) ?? process.getBuiltinModule('node:module').createRequire(file)(id));
  const requireFn = (id: string): unknown => {
    if (!id.startsWith('./vendor/')) return requireFrom(bundle)(id);
    const file = join(dist, id);
    // A vendor file requires another beside it (mcp.cjs requires zod.cjs): the same copy the bundle gets.
    const fromVendor = (other: string) =>
      /^\.\/[\w-]+\.cjs$/.test(other) ? requireFn(`./vendor/${other.slice(2)}`) : requireFrom(file)(other);
    if (!vendors.has(file)) vendors.set(file, cache.load(file, fromVendor));
    return vendors.get(file);
  };
  return cache.load(bundle, requireFn) as Cli;
}
