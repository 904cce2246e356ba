import { verbNode } from '../../core/flags/tree';
import { COMPLETE_VALUES, COMPLETION } from './spec';

/** `mon completion SHELL`: the script is generated from the whole command tree it is handed. */
export const completion = verbNode(COMPLETION, async (tree) => (await import('./completion')).completionRun(tree));

/** `mon __complete SOURCE` (hidden): the values a completion script offers from the API. */
export const completeValues = verbNode(COMPLETE_VALUES, async () => (await import('./__complete')).completeValuesRun);
