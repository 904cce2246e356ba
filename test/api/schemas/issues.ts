import type { z } from 'zod';

/** What a schema says of a body: each issue as `path: message` ({} when it is accepted). */
export function issues(schema: z.ZodType, body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}
