import { verbNode } from '../../core/flags/tree';
import { API } from './spec';

export const api = verbNode(API, async () => (await import('./api')).apiRun);
