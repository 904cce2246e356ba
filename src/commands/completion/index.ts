import type { Command } from 'commander';
import type { Ctx } from '../../core/context';
import { verbCommand } from '../../core/flags/commander';
import { COMPLETE_VALUES, COMPLETION } from './spec';

/** `mon completion SHELL`: the script is generated from the whole command tree it is handed. */
export function completionCommand(ctx: Ctx, tree: () => Promise<Command>) {
  return verbCommand(ctx, COMPLETION, async () => (await import('./completion')).completionRun(tree));
}

/** `mon __complete SOURCE` (hidden): the values a completion script offers from the API. */
export function completeValuesCommand(ctx: Ctx) {
  return verbCommand(ctx, COMPLETE_VALUES, async () => (await import('./__complete')).completeValuesRun);
}
