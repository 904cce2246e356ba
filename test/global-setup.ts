import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** MON_CACHE_DIR for every mon the end-to-end tests run (see test/e2e/harness.ts). */
    codeCache: string;
  }
}

/**
 * One code cache for the whole run, as a user's machine has one: bin/mon.js keeps V8's
 * compiled code there, and without it every one of the hundreds of processes the suite
 * starts would compile the bundle afresh.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'mon-code-cache-'));
  project.provide('codeCache', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
