import type { Ctx } from '../../core/context';
import { nounCommand, verbCommand } from '../../core/flags/commander';
import { GET, LIST, RUNTIMES } from './spec';

export function runtimesCommand(ctx: Ctx) {
  return nounCommand(ctx, RUNTIMES, [
    verbCommand(ctx, LIST, async () => (await import('./list')).listRuntimesRun),
    verbCommand(ctx, GET, async () => (await import('./get')).getRuntimeRun),
  ]);
}
