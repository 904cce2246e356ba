import { nounNode, verbNode } from '../../core/flags/tree';
import { END, LIST, MAINTENANCE, RECOVER, RUN } from './spec';

/** `mon maintenance`: each verb's table (spec.ts) with its run function, loaded when it runs. */
export const maintenance = nounNode(MAINTENANCE, [
  verbNode(RUN, async () => (await import('./run')).maintenanceRunRun),
  verbNode(LIST, async () => (await import('./list')).listWindowsRun),
  verbNode(END, async () => (await import('./end')).endWindowRun),
  verbNode(RECOVER, async () => (await import('./recover')).recoverRun),
]);
