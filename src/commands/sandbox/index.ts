import type { Command } from 'commander';
import type { Ctx } from '../../core/context';
import { nounCommand, verbCommand } from '../../core/flags/commander';
import { ADVANCE, CLOCK, INFO, REQUESTS, RESET, SANDBOX } from './spec';

/** The part of commander's Command this file steers (not in its typings). */
interface Dispatching {
  _parseCommand(operands: string[], unknown: string[]): unknown;
  _dispatchSubcommand(name: string, operands: string[], unknown: string[]): unknown;
}

/** `mon sandbox` serves (its own action); its subcommands inspect and control a sandbox. */
export function sandboxCommand(ctx: Ctx): Command {
  const command = verbCommand(ctx, SANDBOX, async () => (await import('./serve')).sandboxRun)
    .addCommand(verbCommand(ctx, INFO, async () => (await import('./info')).sandboxInfoRun))
    .addCommand(verbCommand(ctx, RESET, async () => (await import('./reset')).sandboxResetRun))
    .addCommand(
      nounCommand(ctx, CLOCK, [
        verbCommand(ctx, ADVANCE, async () => (await import('./clock')).sandboxClockAdvanceRun),
      ]),
    )
    .addCommand(verbCommand(ctx, REQUESTS, async () => (await import('./requests')).sandboxRequestsRun));
  // Commander gives the words after a subcommand's name to the parent's options first, so
  // `mon sandbox reset --data FILE` would hand --data to `mon sandbox` and reset the default
  // file. When a subcommand is named, its words go to it alone.
  const steered = command as unknown as Dispatching;
  const parse = steered._parseCommand.bind(command);
  steered._parseCommand = (operands, unknown) =>
    operands[0] !== undefined && command.commands.some((sub) => sub.name() === operands[0])
      ? steered._dispatchSubcommand(operands[0], operands.slice(1), unknown)
      : parse(operands, unknown);
  return command;
}
