import type { Ctx } from '../../core/context';
import { nounCommand, verbCommand } from '../../core/flags/commander';
import { CHECKS, CREATE, CREATE_DNS } from './spec';

export function checksCommand(ctx: Ctx) {
  return nounCommand(ctx, CHECKS, [
    verbCommand(ctx, CREATE_DNS, async () => (await import('./create-dns')).createDnsCheckRun),
    verbCommand(ctx, CREATE, async () => (await import('./create')).createCheckRun),
  ]);
}
