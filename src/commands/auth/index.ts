import { nounNode, verbNode } from '../../core/flags/tree';
import { AUTH, LOGIN, LOGOUT, STATUS } from './spec';

export const auth = nounNode(AUTH, [
  verbNode(LOGIN, async () => (await import('./login')).loginRun),
  verbNode(STATUS, async () => (await import('./status')).statusRun),
  verbNode(LOGOUT, async () => (await import('./logout')).logoutRun),
]);
