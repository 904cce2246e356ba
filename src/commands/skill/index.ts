import { verbNode } from '../../core/flags/tree';
import { SKILL } from './spec';

/** `mon skill [--write DIR]`: generated from the whole command tree it is handed. */
export const skill = verbNode(SKILL, async (tree) => (await import('./skill')).skillRun(tree));
