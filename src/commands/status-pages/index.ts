import type { Ctx } from '../../core/context';
import { nounCommand, verbCommand } from '../../core/flags/commander';
import { GET, LIST, OPEN, STATUS_PAGES } from './spec';

export function statusPagesCommand(ctx: Ctx) {
  return nounCommand(ctx, STATUS_PAGES, [
    verbCommand(ctx, LIST, async () => (await import('./list')).listStatusPagesRun),
    verbCommand(ctx, GET, async () => (await import('./get')).getStatusPageRun),
    verbCommand(ctx, OPEN, async () => (await import('./open')).openStatusPageRun),
  ]);
}
