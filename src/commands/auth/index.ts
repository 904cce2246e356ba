import type { Ctx } from '../../core/context';
import { nounCommand, verbCommand } from '../../core/flags/commander';
import { AUTH, LOGIN, LOGOUT, STATUS } from './spec';

export function authCommand(ctx: Ctx) {
  return nounCommand(ctx, AUTH, [
    verbCommand(ctx, LOGIN, async () => (await import('./login')).loginRun),
    verbCommand(ctx, STATUS, async () => (await import('./status')).statusRun),
    verbCommand(ctx, LOGOUT, async () => (await import('./logout')).logoutRun),
  ]);
}
