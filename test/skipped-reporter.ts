/**
 * Ends the run with the tests that did not run and why, so that a skip is never silent, and
 * with one plain line of counts ("vitest: N passed, N failed, N skipped") that CI reads.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SkippedReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    const skipped: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') failed++;
        else if (result.state === 'skipped') {
          const why = result.note ?? (test.options.mode === 'todo' ? 'todo' : 'skipped by its condition');
          skipped.push(`  ${module.relativeModuleId} > ${test.fullName}: ${why}`);
        }
      }
    }
    const lines = ['', ...(skipped.length ? [`Skipped (${skipped.length}):`, ...skipped] : [])];
    lines.push(`vitest: ${passed} passed, ${failed} failed, ${skipped.length} skipped`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
