import type { z } from 'zod';
import type { FieldLabel } from '../../../api/schemas/checks';
import { usageErrorFrom } from '../../../core/flags/parse';
import { bodyNames } from '../../../core/flags/spec';
import { formatPath, longestPrefix } from '../../../text/path';
import { isPlainObject, type FlagsBody } from './body';
import { CREATE } from '../spec';

/*
 * Every problem with a check body named as the user gave it: the flag (from the flag
 * table's body paths), or the body path and --file when the file gave the value.
 */

/** Body path → the flag that sets it (for messages about values the flags gave or could give). */
const FIELD_FLAGS: Readonly<Record<string, string>> = bodyNames(CREATE.flags);

type Body = Record<string, unknown>;

type Source = 'flag' | 'file' | 'none';

/**
 * Who gave the value at `path`: a flag (the flags' body has it, or replaced a list or value
 * above it), the --file body, or nobody (a missing value).
 */
function sourceOf(path: readonly PropertyKey[], flagsBody: Body, fileBody: Body | undefined): Source {
  const has = (root: Body | undefined): boolean => {
    let current: unknown = root;
    for (const key of path) {
      if (!isPlainObject(current)) return current !== undefined && current !== root;
      if (!Object.hasOwn(current, String(key))) return false;
      current = current[String(key)];
    }
    return current !== undefined;
  };
  if (has(flagsBody)) return 'flag';
  if (has(fileBody)) return 'file';
  return 'none';
}

export interface Provenance {
  flags: FlagsBody;
  file: Body | undefined;
}

/** What to call the value at `path` in a message. */
export function nameFor(path: readonly PropertyKey[], code: string, provenance: Provenance): string {
  const dotted = formatPath(path);
  const source = code === 'unrecognized_keys' ? 'file' : sourceOf(path, provenance.flags.body, provenance.file);
  if (source === 'file') return dotted ? `${dotted} (from --file)` : 'the --file body';
  if (source === 'flag') {
    const item = longestPrefix(dotted, provenance.flags.itemNames);
    if (item) return item.rest ? `${item.name} ${item.rest}` : item.name;
  }
  return longestPrefix(dotted, FIELD_FLAGS)?.name ?? dotted;
}

/** How the rules between fields name the other field: "--frequency 5", "frequency 5 (from --file)". */
export function labelFor(provenance: Provenance): FieldLabel {
  return (fieldName, value, defaulted) => {
    if (defaulted) return `the default ${FIELD_FLAGS[fieldName]} ${value}`;
    const source = sourceOf([fieldName], provenance.flags.body, provenance.file);
    if (source === 'flag') return `${FIELD_FLAGS[fieldName]} ${value}`;
    if (source === 'file') return `${fieldName} ${value} (from --file)`;
    return `${fieldName} ${value}`;
  };
}

/**
 * Validates the body with the schema (built to name fields as this command line gave them); on failure, one usage error (exit 2) listing every
 * problem, flag problems first (`ignore` leaves out what will still be asked for). Values of environment variables are never echoed (they
 * may be secrets), nor whole lists or objects (too long to help).
 */
export function validateBody<S extends z.ZodType>(
  schemaFor: (label: FieldLabel) => S,
  body: Body,
  provenance: Provenance,
  ignore: (issue: z.core.$ZodIssue) => boolean = () => false,
): z.infer<S> {
  const result = schemaFor(labelFor(provenance)).safeParse(body, { reportInput: true });
  const names: Record<string, string> = {};
  const issues: z.core.$ZodIssue[] = provenance.flags.problems.map((problem) => {
    names[problem.flag] = problem.flag;
    return { code: 'custom', path: [problem.flag], message: problem.message } as z.core.$ZodIssue;
  });
  const schemaIssues = result.success ? [] : result.error.issues.filter((issue) => !ignore(issue));
  if (issues.length === 0 && schemaIssues.length === 0) return result.data as z.infer<S>;
  for (const issue of schemaIssues) {
    const hideInput =
      issue.path[0] === 'environmentVariables' || (typeof issue.input === 'object' && issue.input !== null);
    const shown = hideInput ? ({ ...issue, input: undefined } as z.core.$ZodIssue) : issue;
    const key = formatPath(issue.path);
    names[key] = nameFor(issue.path, issue.code, provenance);
    issues.push(shown);
  }
  throw usageErrorFrom(issues, names);
}
