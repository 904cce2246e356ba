import type { Ctx } from '../../core/context';
import { nounCommand, verbCommand } from '../../core/flags/commander';
import { ADD, LIST, REMOVE, TEMPLATES } from './spec';

const load = async () => import('./templates');

export function templatesCommand(ctx: Ctx) {
  return nounCommand(ctx, TEMPLATES, [
    verbCommand(ctx, ADD, async () => (await load()).addTemplateRun),
    verbCommand(ctx, LIST, async () => (await load()).listTemplatesRun),
    verbCommand(ctx, REMOVE, async () => (await load()).removeTemplateRun),
  ]);
}
