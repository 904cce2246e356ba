import { nounNode, verbNode } from '../../core/flags/tree';
import { GET, LIST, OPEN, STATUS_PAGES } from './spec';

export const statusPages = nounNode(STATUS_PAGES, [
  verbNode(LIST, async () => (await import('./list')).listStatusPagesRun),
  verbNode(GET, async () => (await import('./get')).getStatusPageRun),
  verbNode(OPEN, async () => (await import('./open')).openStatusPageRun),
]);
