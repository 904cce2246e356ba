import type { Ctx } from '../../core/context';
import { nounCommand, verbCommand } from '../../core/flags/commander';
import { CONFIG, GET, LIST, PATH, SET, UNSET } from './spec';

export function configCommand(ctx: Ctx) {
  return nounCommand(ctx, CONFIG, [
    verbCommand(ctx, LIST, async () => (await import('./list')).configListRun),
    verbCommand(ctx, GET, async () => (await import('./get')).configGetRun),
    verbCommand(ctx, SET, async () => (await import('./set')).configSetRun),
    verbCommand(ctx, UNSET, async () => (await import('./unset')).configUnsetRun),
    verbCommand(ctx, PATH, async () => (await import('./path')).configPathRun),
  ]);
}
