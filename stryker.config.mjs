// Mutation testing (`npm run test:mutation`): StrykerJS changes the code where a silent bug
// costs most, one small change (a mutant) at a time, and runs the in-process tests that
// cover it; a mutant no test notices is a gap in the tests. Not part of `npm test` or CI: it
// takes longer than a few minutes. The report: reports/mutation/index.html.
//
// Stryker 9 (not 10): it runs on the Node.js this project supports (>= 20.18); Stryker 10
// needs Node >= 22.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // Only the in-process tests (everything outside test/e2e): the end-to-end ones
  // run the built dist/, which holds no mutant. See vitest.config.ts (MON_MUTATION).
  vitest: { configFile: 'vitest.config.ts' },
  mutate: [
    // The API client's retry and timeout rules.
    'src/api/client.ts',
    'src/api/retry.ts',
    // Secret masking: the masks, and the redaction of --debug logs.
    'src/text/mask.ts',
    'src/api/request.ts:81-107',
    // The flag layer: tables → options, validation, errors, prompts.
    'src/core/flags/*.ts',
    // The sandbox's incident rules.
    'src/sandbox/modules/incidents.ts',
  ],
  // Per-test coverage picks the tests of each mutant. A mutant in code that runs when a module
  // loads (the flag tables, constants) would need every test run again for itself: they are
  // left out (reported as ignored). Per-test coverage also misses tests that reach a module
  // only through the command layer: with MON_MUTATION_TESTS (vitest.config.ts) naming the
  // tests of the mutated modules, every mutant runs all of those instead, static ones too.
  coverageAnalysis: process.env.MON_MUTATION_TESTS ? 'off' : 'perTest',
  ignoreStatic: !process.env.MON_MUTATION_TESTS,
  // The first run (every in-process test, with coverage per test) on a busy 2-core machine.
  dryRunTimeoutMinutes: 30,
  concurrency: 2,
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
