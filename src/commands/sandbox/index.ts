import { nounNode, verbNode } from '../../core/flags/tree';
import {
  ADVANCE,
  CHECK_DEGRADE,
  CHECK_FAIL,
  CHECK_PASS,
  CLOCK,
  INFO,
  REQUESTS,
  RESET,
  SANDBOX,
  SANDBOX_CHECKS,
} from './spec';

/** `mon sandbox` serves (its own action); its subcommands inspect and control a sandbox. */
export const sandbox = verbNode(SANDBOX, async () => (await import('./sandbox')).sandboxRun, [
  verbNode(INFO, async () => (await import('./info')).sandboxInfoRun),
  verbNode(RESET, async () => (await import('./reset')).sandboxResetRun),
  nounNode(CLOCK, [verbNode(ADVANCE, async () => (await import('./clock/advance')).sandboxClockAdvanceRun)]),
  nounNode(SANDBOX_CHECKS, [
    verbNode(CHECK_FAIL, async () => (await import('./checks/fail')).sandboxCheckFailRun),
    verbNode(CHECK_DEGRADE, async () => (await import('./checks/degrade')).sandboxCheckDegradeRun),
    verbNode(CHECK_PASS, async () => (await import('./checks/pass')).sandboxCheckPassRun),
  ]),
  verbNode(REQUESTS, async () => (await import('./requests')).sandboxRequestsRun),
]);
