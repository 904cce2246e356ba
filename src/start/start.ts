import { join } from 'node:path';
import { trustedCacheDir } from './cache-dir';
import { CodeCache } from './code-cache';
import type { Launch } from './launch';
import { keptOutput, outputName } from './output-cache';
import { print } from './print';

/*
 * mon's start-up (dist/start.cjs, loaded by bin/mon.js once the Node.js version is known to be
 * enough and the command line is not `--version`): prints a kept output without loading mon,
 * or hands over to the launch (dist/launch.cjs, launch.ts), compiled with its code cache, which
 * reads the line and runs the command. Gives the exit code; bin/mon.js ends the process.
 *
 * This file and what it imports are compiled at every start, without a cache (~0.15 M
 * instructions per KB): only what a kept output and loading the launch need is here, and the
 * rest (reading the line, loading the bundle, writing caches) is in the launch, whose cache
 * holds every function a run of it compiled.
 */

export { print };

/** The command name the launch's caches are kept under (code-cache.ts), beside the commands' own. */
export const LAUNCH = 'launch';

export function start(argv: string[], dist: string, env: NodeJS.ProcessEnv = process.env): number | Promise<number> {
  const dir = trustedCacheDir(false, env);
  const bundle = join(dist, 'mon.cjs');
  // A kept output is found by the line's words (output-cache.ts), before the line is read.
  const named = outputName(argv, dist, bundle, env);
  const kept = named && dir ? keptOutput(dir, named.name) : undefined;
  if (kept !== undefined) return print(kept.toString());
  // The launch's cache is made and used under V8's default flags (the launch may set others).
  const cache = new CodeCache(dist, dir, 'default', LAUNCH);
  // The launch requires only Node's own modules (scripts/build.mjs fails otherwise).
  const launch = cache.load(join(dist, 'launch.cjs'), (id) => process.getBuiltinModule(id)) as Launch;
  return launch.launch({ argv, dist, env, dir, named, launchCache: cache, CodeCache });
}
