import { nounNode, verbNode } from '../../core/flags/tree';
import { ADD, LIST, REMOVE, TEMPLATES } from './spec';

export const templates = nounNode(TEMPLATES, [
  verbNode(ADD, async () => (await import('./add')).addTemplateRun),
  verbNode(LIST, async () => (await import('./list')).listTemplatesRun),
  verbNode(REMOVE, async () => (await import('./remove')).removeTemplateRun),
]);
