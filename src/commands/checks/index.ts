import type { Ctx } from '../../core/context';
import { nounCommand, verbCommand } from '../../core/flags/commander';
import { CHECKS, CREATE, CREATE_DNS, DELETE, GET, LIST, STATUS } from './spec';

export function checksCommand(ctx: Ctx) {
  return nounCommand(ctx, CHECKS, [
    verbCommand(ctx, LIST, async () => (await import('./list')).listChecksRun),
    verbCommand(ctx, GET, async () => (await import('./get')).getCheckRun),
    verbCommand(ctx, STATUS, async () => (await import('./status')).checkStatusesRun),
    verbCommand(ctx, CREATE_DNS, async () => (await import('./create-dns')).createDnsCheckRun),
    verbCommand(ctx, CREATE, async () => (await import('./create')).createCheckRun),
    verbCommand(ctx, DELETE, async () => (await import('./delete')).deleteCheckRun),
  ]);
}
