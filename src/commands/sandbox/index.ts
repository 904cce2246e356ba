import type { Ctx } from '../../core/context';
import { nounCommand, verbCommand } from '../../core/flags/commander';
import { ADVANCE, CLOCK, INFO, REQUESTS, RESET, SANDBOX } from './spec';

/**
 * `mon sandbox` serves (its own action); its subcommands inspect and control a sandbox.
 * Its options are read only before a subcommand's name, so `mon sandbox info --data FILE`
 * gives --data to `info`.
 */
export function sandboxCommand(ctx: Ctx) {
  return verbCommand(ctx, SANDBOX, async () => (await import('./serve')).sandboxRun)
    .enablePositionalOptions()
    .addCommand(verbCommand(ctx, INFO, async () => (await import('./info')).sandboxInfoRun))
    .addCommand(verbCommand(ctx, RESET, async () => (await import('./reset')).sandboxResetRun))
    .addCommand(
      nounCommand(CLOCK, [verbCommand(ctx, ADVANCE, async () => (await import('./clock')).sandboxClockAdvanceRun)]),
    )
    .addCommand(verbCommand(ctx, REQUESTS, async () => (await import('./requests')).sandboxRequestsRun));
}
