import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { clearVariables } from './clean-env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** MON_CACHE_DIR for every mon the end-to-end tests run (see test/e2e/harness.ts). */
    codeCache: string;
    /** What the run's environment said before the suite cleared it (test/clean-env.ts): CI's value, for test/tools.ts. */
    runEnv: { CI?: string };
  }
}

/**
 * The agents' markers, MON_MODE and CI, cleared once from this process before any worker
 * starts (the workers inherit its environment; test/setup.ts clears them again in each, for a
 * pool that shares it): every mon the suite runs starts without them (test/clean-env.ts).
 */
const cleared = clearVariables(process.env);

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The end-to-end tests run bin/mon.js, which loads dist/: build it from src/ once per run,
 * so that `npx vitest run test/e2e` (or watch mode) never tests an old build. The build is
 * esbuild's (about a second); a failing build fails the run with esbuild's message.
 * MON_TEST_SKIP_BUILD=1 skips it, for runs that test only in-process code (mutation testing).
 */
export function buildDist(): void {
  if (process.env.MON_TEST_SKIP_BUILD === '1') return;
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`The build of dist/ failed (node scripts/build.mjs):\n${result.stdout}${result.stderr}`);
  }
}

/**
 * One code cache for the whole run, as a user's machine has one: bin/mon.js keeps V8's
 * compiled code there, and without it every one of the hundreds of processes the suite
 * starts would compile the bundle afresh.
 */
export default function setup(project: TestProject) {
  buildDist();
  // Watch mode: build again before each rerun, since a change in src/ is what triggered it.
  project.onTestsRerun(() => buildDist());
  const dir = mkdtempSync(join(tmpdir(), 'mon-code-cache-'));
  project.provide('codeCache', dir);
  project.provide('runEnv', { CI: cleared.CI });
  return () => rmSync(dir, { recursive: true, force: true });
}
