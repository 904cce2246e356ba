import { readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { TEST_MS } from './test/timeouts.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Two layers (README, "Tests"): the in-process tests (everything outside test/e2e: `cli()`
 * against an in-memory sandbox, and the pure modules) and the end-to-end tests (test/e2e: the
 * real bin/mon.js in processes of its own).
 *
 * The files of each layer share one module graph per worker (`isolate: false`): src/ and the
 * helpers are loaded once per worker instead of once per file, which was most of the
 * in-process files' time and a quarter of the end-to-end files' CPU (92 s against 124 s,
 * measured on 2 cores). They can: no test mocks a module, stubs a global or changes
 * process.env, every run builds its own context (config dir, sandbox, clock), and what the
 * end-to-end helpers keep is per file (test/e2e/harness.ts: the secrets a file knows).
 */
export default defineConfig({
  define: { MON_VERSION: JSON.stringify(pkg.version) },
  test: {
    globalSetup: ['test/global-setup.ts'],
    // In every worker: a clean environment, and the tests' own fetch calls on connections of their own.
    setupFiles: ['test/setup.ts'],
    // The usual report, then the skipped tests with their reasons and a line of counts.
    reporters: ['default', './test/skipped-reporter.ts'],
    // Generous: tests wait for events, and these only end a wait that never ends (test/timeouts.ts).
    testTimeout: TEST_MS,
    hookTimeout: TEST_MS,
    // Four files at a time on two cores: the end-to-end tests mostly wait (on the processes they
    // spawn, on a screen to settle, on a server), so the suite used 40% of the CPU with two and
    // took twice as long (298 s against 147 s for vitest, measured on this branch).
    maxWorkers: 4,
    ...(process.env.MON_MUTATION
      ? {
          // Mutation testing (npm run test:mutation) runs the in-process tests only: the
          // end-to-end ones run dist/, which holds no mutant. MON_MUTATION_TESTS
          // (comma-separated files) narrows a mutation run to the tests of the mutated modules,
          // e.g. with `--coverageAnalysis off` where per-test coverage misses some.
          include: process.env.MON_MUTATION_TESTS?.split(',') ?? ['test/**/*.test.ts'],
          // One module graph for the files of a run, as in the in-process project below: Stryker
          // starts vitest afresh for every mutant, and each file loading zod and src/ again was
          // a third of a mutant's time (3 files of test/api/schemas: 6.9 s against 9.2 s).
          isolate: false,
          // ... and leaves out those that build or read the bundle, which reach none of the
          // mutated code (and would build the mutated sources in Stryker's copy).
          exclude: [
            ...configDefaults.exclude,
            'test/e2e/**',
            'test/scripts/**',
            'test/cli.test.ts',
            'test/commands/completion/completion.test.ts',
          ],
        }
      : {
          projects: [
            {
              extends: true,
              test: {
                name: 'in-process',
                include: ['test/**/*.test.ts'],
                exclude: [...configDefaults.exclude, 'test/e2e/**'],
                isolate: false,
              },
            },
            { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], isolate: false } },
          ],
        }),
  },
});
