import type { z } from 'zod';
import { ApiError } from './errors';
import type { ApiResponse } from './client';
import { sanitize } from '../output/text';

/** A path in a body as people write it: `entries[0].name`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    '',
  );
}

/**
 * Checks a 2xx body against the resource's schema, so that a body of the wrong shape is a
 * clear error with the status instead of a crash further down. Schemas accept unknown
 * fields: the API may add some.
 */
export function parseResponse<S extends z.ZodType>(
  schema: S,
  response: ApiResponse,
  label: { method: string; path: string },
): z.infer<S> {
  const result = schema.safeParse(response.body);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 3)
    .map((issue) => `${formatPath(issue.path) || 'body'}: ${issue.message}`)
    .join('; ');
  throw new ApiError(
    'response',
    `The server answered ${response.status} to ${label.method} ${label.path}, but the body is not what the API describes (${sanitize(problems)}).`,
    { status: response.status, hint: 'Check the base URL (`mon auth status`); --debug shows the whole response.' },
  );
}
