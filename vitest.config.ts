import { readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  define: { MON_VERSION: JSON.stringify(pkg.version) },
  test: {
    // Mutation testing (npm run test:mutation) runs the in-process tests only: the end-to-end
    // ones run dist/, which holds no mutant.
    // MON_MUTATION_TESTS (comma-separated files) narrows a mutation run to the tests of the
    // mutated modules, e.g. with `--coverageAnalysis off` where per-test coverage misses some.
    include: process.env.MON_MUTATION
      ? (process.env.MON_MUTATION_TESTS?.split(',') ?? ['test/**/*.test.ts'])
      : ['test/**/*.test.ts'],
    // ... and leaves out those that build or read the bundle, which reach none of the
    // mutated code (and would build the mutated sources in Stryker's copy).
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.MON_MUTATION
        ? ['test/e2e/**', 'test/scripts/**', 'test/cli.test.ts', 'test/commands/completion/completion.test.ts']
        : []),
    ],
    globalSetup: ['test/global-setup.ts'],
    // The usual report, then the skipped tests with their reasons and a line of counts.
    reporters: ['default', './test/skipped-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // End-to-end tests spawn processes; two cores, so keep parallelism modest.
    maxWorkers: 2,
  },
});
