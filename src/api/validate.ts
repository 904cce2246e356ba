import type { z } from 'zod';
import { ApiError, statusLabel } from './errors';
import type { ApiResponse } from './request';
import { sanitize } from '../text/escape';
import { formatPath } from '../text/path';

/**
 * Checks a 2xx body against the resource's schema, so that a body of the wrong shape is a
 * clear error with the status instead of a crash further down. Schemas accept unknown
 * fields: the API may add some.
 */
export function parseResponse<S extends z.ZodType>(
  schema: S,
  response: ApiResponse,
  request: { method: string; path: string; uncertainHint?: string },
): z.infer<S> {
  const result = schema.safeParse(response.body);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 3)
    .map((issue) => `${formatPath(issue.path) || 'body'}: ${issue.message}`)
    .join('; ');
  const what =
    response.text.trim() === '' ? 'an empty body' : `a body that is not what the API describes (${sanitize(problems)})`;
  const check = 'Check the base URL (`mon auth status`); --debug shows the whole response.';
  throw new ApiError(
    'response',
    `The server answered ${statusLabel(response.status)} to ${request.method} ${request.path} with ${what}.`,
    {
      status: response.status,
      // A 2xx to a POST means it was done: retrying blindly would do it twice.
      hint: request.uncertainHint ? `${request.uncertainHint} ${check}` : check,
    },
  );
}
