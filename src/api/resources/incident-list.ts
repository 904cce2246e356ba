import type { ApiRequest } from '../request';

/*
 * The incident list's request, apart from the rest of incidents.ts so that `mon incidents list
 * --json` can send it without loading the schemas (zod): commands/incidents/list.ts.
 */

export const INCIDENTS = '/v1/status-pages/incidents';

export function incidentListRequest(query: { limit?: number; nextId?: string }): ApiRequest {
  return { method: 'GET', path: INCIDENTS, query };
}
