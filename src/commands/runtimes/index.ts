import { nounNode, verbNode } from '../../core/flags/tree';
import { GET, LIST, RUNTIMES } from './spec';

export const runtimes = nounNode(RUNTIMES, [
  verbNode(LIST, async () => (await import('./list')).listRuntimesRun),
  verbNode(GET, async () => (await import('./get')).getRuntimeRun),
]);
