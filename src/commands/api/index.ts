import type { Ctx } from '../../core/context';
import { verbCommand } from '../../core/flags/commander';
import { API } from './spec';

export function apiCommand(ctx: Ctx) {
  return verbCommand(ctx, API, async () => (await import('./api')).apiRun);
}
