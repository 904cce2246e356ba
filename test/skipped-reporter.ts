/**
 * Ends the run with the tests that did not run and why, so that a skip is never silent, and
 * with one plain line of counts ("vitest: N passed, N failed, N skipped") that CI reads.
 *
 * The line tells the truth when a run fails outside a test: a test that never ran because a
 * hook of its file or block failed (a `beforeAll` that threw or timed out) is counted as failed,
 * not skipped, and an error no test carries (an `afterAll`'s, a file that could not be loaded, an
 * unhandled error) counts as one failure more. So "0 failed" is printed only by a run that exits 0.
 */
import type { Reporter, SerializedError, TestCase, TestModule, TestRunEndReason, TestSuite } from 'vitest/node';

/** The first line of an error's message, for the list. */
function firstLine(error: { message?: string; name?: string } | undefined): string {
  return (error?.message ?? error?.name ?? 'an error').split('\n')[0]!;
}

/** The errors of the block or file `test` is in (its hooks' and its loading's), innermost first. */
function enclosingErrors(test: TestCase): readonly { message?: string }[] {
  for (let parent: TestSuite | TestModule = test.parent; ; parent = (parent as TestSuite).parent) {
    const errors = parent.errors();
    if (errors.length) return errors;
    if (parent.type === 'module') return [];
  }
}

/** Every error of a file's blocks and of the file itself. */
function blockErrors(module: TestModule): { where: string; error: { message?: string } }[] {
  const found = module.errors().map((error) => ({ where: module.relativeModuleId, error }));
  for (const suite of module.children.allSuites())
    for (const error of suite.errors()) found.push({ where: `${module.relativeModuleId} > ${suite.fullName}`, error });
  return found;
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: string[];
  /** What failed outside a test, and the tests a failed hook kept from running. */
  failures: string[];
}

/** The counts of a finished run (exported for test/reporter.test.ts). */
export function countRun(
  testModules: ReadonlyArray<TestModule>,
  unhandledErrors: ReadonlyArray<SerializedError> = [],
): Counts {
  const counts: Counts = { passed: 0, failed: 0, skipped: [], failures: [] };
  for (const module of testModules) {
    /** The errors some test was counted failed for: not counted again. */
    const carried = new Set<unknown>();
    for (const test of module.children.allTests()) {
      const result = test.result();
      if (result.state === 'passed') counts.passed++;
      else if (result.state === 'failed') counts.failed++;
      else if (result.state === 'skipped' || result.state === 'pending') {
        // Not skipped by its own mode (skip, skipIf, todo) and in a block whose hook failed:
        // it never ran because of that failure.
        const errors = test.options.mode === 'run' || test.options.mode === 'only' ? enclosingErrors(test) : [];
        if (errors.length) {
          counts.failed++;
          for (const error of errors) carried.add(error);
          counts.failures.push(
            `  ${module.relativeModuleId} > ${test.fullName}: did not run, a hook failed (${firstLine(errors[0])})`,
          );
          continue;
        }
        const why =
          (result.state === 'skipped' ? result.note : undefined) ??
          (test.options.mode === 'todo' ? 'todo' : 'skipped by its condition');
        counts.skipped.push(`  ${module.relativeModuleId} > ${test.fullName}: ${why}`);
      }
    }
    for (const { where, error } of blockErrors(module)) {
      if (carried.has(error)) continue;
      counts.failed++;
      counts.failures.push(`  ${where}: failed outside its tests (${firstLine(error)})`);
    }
  }
  for (const error of unhandledErrors) {
    counts.failed++;
    counts.failures.push(`  unhandled error: ${firstLine(error)}`);
  }
  return counts;
}

export default class SkippedReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    _reason: TestRunEndReason,
  ): void {
    const { passed, failed, skipped, failures } = countRun(testModules, unhandledErrors);
    const lines = [''];
    if (skipped.length) lines.push(`Skipped (${skipped.length}):`, ...skipped);
    if (failures.length) lines.push(`Failed in a hook or while loading (${failures.length}):`, ...failures);
    lines.push(`vitest: ${passed} passed, ${failed} failed, ${skipped.length} skipped`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
