import { nounNode, verbNode } from '../../core/flags/tree';
import { CONFIG, GET, LIST, PATH, SET, UNSET } from './spec';

export const config = nounNode(CONFIG, [
  verbNode(LIST, async () => (await import('./list')).configListRun),
  verbNode(GET, async () => (await import('./get')).configGetRun),
  verbNode(SET, async () => (await import('./set')).configSetRun),
  verbNode(UNSET, async () => (await import('./unset')).configUnsetRun),
  verbNode(PATH, async () => (await import('./path')).configPathRun),
]);
