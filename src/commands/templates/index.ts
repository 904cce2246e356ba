import type { Ctx } from '../../core/context';
import { nounCommand, verbCommand } from '../../core/flags/commander';
import { ADD, LIST, REMOVE, TEMPLATES } from './spec';

export function templatesCommand(ctx: Ctx) {
  return nounCommand(ctx, TEMPLATES, [
    verbCommand(ctx, ADD, async () => (await import('./add')).addTemplateRun),
    verbCommand(ctx, LIST, async () => (await import('./list')).listTemplatesRun),
    verbCommand(ctx, REMOVE, async () => (await import('./remove')).removeTemplateRun),
  ]);
}
