import type { z } from 'zod';
import { UsageError } from '../../errors';
import { formatPath } from '../../text/path';
import { sanitize } from '../../text/escape';

/**
 * Validates a command's options with its zod schema. Every problem is reported at once,
 * each naming the flag (or argument) it came from, as exit 2 before anything is sent.
 * `names` maps schema keys (or dotted paths of a body) to what the user typed.
 */
export function parseOptions<S extends z.ZodType>(schema: S, raw: unknown, names: Record<string, string>): z.infer<S> {
  const result = schema.safeParse(raw, { reportInput: true });
  if (result.success) return result.data;
  throw usageErrorFrom(result.error.issues, names);
}

export function usageErrorFrom(issues: readonly z.core.$ZodIssue[], names: Record<string, string>): UsageError {
  const lines = issues.map((issue) => {
    const path = formatPath(issue.path);
    const name = nameFor(path, names);
    const input = 'input' in issue && issue.input !== undefined ? ` (got ${show(issue.input)})` : '';
    return `${name ? `${name} ` : ''}${issue.message}${input}`;
  });
  const unique = [...new Set(lines)];
  if (unique.length === 1) return new UsageError(`${unique[0]}.`);
  return new UsageError(`${unique.length} problems:\n${unique.map((line) => `  ${line}`).join('\n')}`);
}

/** The longest mapped prefix of a path: `incidentUpdates[0].status` → `--status`. */
function nameFor(path: string, names: Record<string, string>): string {
  let candidate = path;
  for (;;) {
    if (Object.hasOwn(names, candidate)) return names[candidate]!;
    const cut = Math.max(candidate.lastIndexOf('.'), candidate.lastIndexOf('['));
    if (cut <= 0) return path;
    candidate = candidate.slice(0, cut);
  }
}

/** The value the user gave, quoted; escaped so that a pasted control character cannot act on the terminal. */
function show(input: unknown): string {
  const text = sanitize(JSON.stringify(input) ?? String(input));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
