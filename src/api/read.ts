import type { z } from 'zod';
import { CHECKS } from './answer-checks.generated';
import type { ApiResponse } from './request';
import type { ResponseName, ResponseOf } from './schemas/responses';
import { ApiError, statusLabel } from './errors';
import { formatPath } from '../text/path';
import { sanitize } from '../text/escape';
import { joinHints, type Hint } from '../text/next';

/**
 * A 2xx answer's body as its schema (api/schemas/responses.ts) describes it, or a clear error
 * with the status (parseResponse). A body that fits the schema's shape, as one from a working
 * server does, is returned as it came, without loading zod; only one that does not loads the
 * schema, to say what is wrong with it.
 */
export async function readResponse<N extends ResponseName>(
  name: N,
  response: ApiResponse,
  request: { method: string; path: string; uncertainHint?: Hint },
): Promise<ResponseOf<N>> {
  if (CHECKS[name](response.body)) return response.body as ResponseOf<N>;
  const { RESPONSES } = await import('./schemas/responses');
  return parseResponse(RESPONSES[name], response, request) as ResponseOf<N>;
}

/**
 * Checks a 2xx body against the resource's schema, so that a body of the wrong shape is a
 * clear error with the status instead of a crash further down. Schemas accept unknown
 * fields: the API may add some.
 */
export function parseResponse<S extends z.ZodType>(
  schema: S,
  response: ApiResponse,
  request: { method: string; path: string; uncertainHint?: Hint },
): z.infer<S> {
  const result = schema.safeParse(response.body);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 3)
    .map((issue) => `${formatPath(issue.path) || 'body'}: ${issue.message}`)
    .join('; ');
  const what =
    response.text.trim() === '' ? 'an empty body' : `a body that is not what the API describes (${sanitize(problems)})`;
  const check: Hint = (next) => `Check the base URL (${next('auth status')}); --debug shows the whole response.`;
  throw new ApiError(
    'response',
    `The server answered ${statusLabel(response.status)} to ${request.method} ${request.path} with ${what}.`,
    {
      status: response.status,
      // A 2xx to a POST means it was done: retrying blindly would do it twice.
      hint: joinHints(request.uncertainHint, check),
    },
  );
}
