import { nounNode, verbNode } from '../../core/flags/tree';
import { CHECKS, CREATE, CREATE_DNS, DELETE, GET, LIST, RESULTS, RUN, STATUS } from './spec';

export const checks = nounNode(CHECKS, [
  verbNode(LIST, async () => (await import('./list')).listChecksRun),
  verbNode(GET, async () => (await import('./get')).getCheckRun),
  verbNode(STATUS, async () => (await import('./status')).checkStatusesRun),
  verbNode(RUN, async () => (await import('./run')).runChecksRun),
  verbNode(RESULTS, async () => (await import('./results')).checkResultsRun),
  verbNode(CREATE_DNS, async () => (await import('./create-dns')).createDnsCheckRun),
  verbNode(CREATE, async () => (await import('./create')).createCheckRun),
  verbNode(DELETE, async () => (await import('./delete')).deleteCheckRun),
]);
