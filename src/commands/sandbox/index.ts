import type { Ctx } from '../../core/context';
import { verbCommand } from '../../core/flags/commander';
import { SANDBOX } from './spec';

export function sandboxCommand(ctx: Ctx) {
  return verbCommand(ctx, SANDBOX, async () => (await import('./serve')).sandboxRun);
}
