import type { Ctx } from '../../core/context';
import { verbCommand } from '../../core/flags/commander';
import { STATUS } from './spec';

export function statusCommand(ctx: Ctx) {
  return verbCommand(ctx, STATUS, async () => (await import('./status')).statusRun);
}
