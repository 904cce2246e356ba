import { CHECKS } from 'mon:answer-checks';
import type { ApiResponse } from './request';
import type { ResponseName, ResponseOf } from './schemas/responses';
import { parseResponse } from './validate';

/**
 * A 2xx answer's body as its schema (api/schemas/responses.ts) describes it, or a clear error
 * with the status (`validate.ts`). A body that fits the schema's shape, as one from a working
 * server does, is returned as it came, without loading zod; only one that does not loads the
 * schema, to say what is wrong with it.
 */
export async function readResponse<N extends ResponseName>(
  name: N,
  response: ApiResponse,
  request: { method: string; path: string; uncertainHint?: string },
): Promise<ResponseOf<N>> {
  if (CHECKS[name]!(response.body)) return response.body as ResponseOf<N>;
  const { RESPONSES } = await import('./schemas/responses');
  return parseResponse(RESPONSES[name], response, request) as ResponseOf<N>;
}
