import type { z } from 'zod';
import { formatPath, longestPrefix } from '../../text/path';
import { problemsError, type Problem } from './convert';
import { bodyNames, type VerbSpec } from './spec';

/*
 * A request body the flags built, checked with its request schema (zod, api/schemas/): each
 * problem named by the flag that gave the value, worded as the flags' own problems are
 * (convert.ts), as exit 2 before anything is sent.
 */

/**
 * Validates a value (a request body) with a zod schema. `names` maps schema keys or dotted
 * body paths to what the user typed, so every message names a flag.
 */
export function parseOptions<S extends z.ZodType>(schema: S, raw: unknown, names: Record<string, string>): z.infer<S> {
  const result = schema.safeParse(raw, { reportInput: true });
  if (result.success) return result.data;
  throw usageErrorFrom(result.error.issues, names);
}

/** A request body the flags built, checked with the request schema; problems named by the verb's table. */
export function checkBody<S extends z.ZodType>(schema: S, body: unknown, spec: Pick<VerbSpec, 'flags'>): z.infer<S> {
  return parseOptions(schema, body, bodyNames(spec.flags));
}

/** zod's issues as one error, each named by the flag (or body path) it is about. */
export function usageErrorFrom(issues: readonly z.core.$ZodIssue[], names: Record<string, string>) {
  return problemsError(
    issues.map((issue): Problem => {
      const path = formatPath(issue.path);
      return {
        name: longestPrefix(path, names)?.name ?? path,
        rule: issue.message,
        got: 'input' in issue ? issue.input : undefined,
      };
    }),
  );
}
