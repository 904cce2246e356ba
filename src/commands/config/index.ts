import type { Ctx } from '../../core/context';
import { nounCommand, verbCommand } from '../../core/flags/commander';
import { CONFIG, GET, LIST, PATH, SET, UNSET } from './spec';

const load = async () => import('./config');

export function configCommand(ctx: Ctx) {
  return nounCommand(ctx, CONFIG, [
    verbCommand(ctx, LIST, async () => (await load()).configListRun),
    verbCommand(ctx, GET, async () => (await load()).configGetRun),
    verbCommand(ctx, SET, async () => (await load()).configSetRun),
    verbCommand(ctx, UNSET, async () => (await load()).configUnsetRun),
    verbCommand(ctx, PATH, async () => (await load()).configPathRun),
  ]);
}
