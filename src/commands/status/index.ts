import { verbNode } from '../../core/flags/tree';
import { STATUS } from './spec';

export const status = verbNode(STATUS, async () => (await import('./status')).statusRun);
