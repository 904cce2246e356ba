import type { Command } from 'commander';
import type { Ctx } from '../../core/context';
import { nounCommand, verbCommand } from '../../core/flags/commander';
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
export function sandboxCommand(ctx: Ctx): Command {
  const command = verbCommand(ctx, SANDBOX, async () => (await import('./sandbox')).sandboxRun)
    .addCommand(verbCommand(ctx, INFO, async () => (await import('./info')).sandboxInfoRun))
    .addCommand(verbCommand(ctx, RESET, async () => (await import('./reset')).sandboxResetRun))
    .addCommand(
      nounCommand(ctx, CLOCK, [
        verbCommand(ctx, ADVANCE, async () => (await import('./clock/advance')).sandboxClockAdvanceRun),
      ]),
    )
    .addCommand(
      nounCommand(ctx, SANDBOX_CHECKS, [
        verbCommand(ctx, CHECK_FAIL, async () => (await import('./checks/fail')).sandboxCheckFailRun),
        verbCommand(ctx, CHECK_DEGRADE, async () => (await import('./checks/degrade')).sandboxCheckDegradeRun),
        verbCommand(ctx, CHECK_PASS, async () => (await import('./checks/pass')).sandboxCheckPassRun),
      ]),
    )
    .addCommand(verbCommand(ctx, REQUESTS, async () => (await import('./requests')).sandboxRequestsRun));
  return command;
}
