import { verbNode } from '../../core/flags/tree';
import { SCHEMA } from './spec';

/** `mon schema [COMMAND...]`: derived from the whole command tree it is handed. */
export const schema = verbNode(SCHEMA, async (tree) => (await import('./schema')).schemaRun(tree));
