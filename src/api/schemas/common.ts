import { z } from 'zod';
import { PAGE_LIMIT } from './enums';
import { numberOfText, pathIdProblems, wholeNumberRule } from '../rules';

/** An object's error: unknown fields are refused by name (a typo in a --file body should not vanish silently). */
export const closed = {
  error: (iss: { code?: string; keys?: string[]; input?: unknown }) => {
    if (iss.code === 'unrecognized_keys' && iss.keys) {
      return `has unknown field${iss.keys.length > 1 ? 's' : ''} ${iss.keys.map((key) => JSON.stringify(key)).join(', ')}`;
    }
    return iss.input === undefined ? 'is required' : 'must be an object';
  },
};

/** `{ length, entries, nextId }`: one page of a nextId-paginated list. */
export function paginated<T extends z.ZodType>(entry: T) {
  return z.looseObject({
    length: z.number().int(),
    entries: z.array(entry),
    nextId: z.string().nullable().optional(),
  });
}

/** An integer in [min, max], also from a string (flags and query parameters arrive as text). */
export function wholeNumber(min: number, max: number = Number.MAX_SAFE_INTEGER) {
  const rule = wholeNumberRule(min, max);
  return z.preprocess(
    numberOfText,
    // The number's error words every check of it (int, min, max) too.
    z.number({ error: rule }).int().min(min).max(max),
  );
}

/** A number in [min, max] (a decimal is fine), also from a string (query parameters arrive as text); `rule` says which. */
export function decimalNumber(min: number, max: number, rule: string) {
  return z.preprocess(
    numberOfText,
    z
      .number({ error: `must be ${rule}` })
      .min(min)
      .max(max),
  );
}

export const pageLimitSchema = wholeNumber(PAGE_LIMIT.min, PAGE_LIMIT.max);

/** The query of a paginated list, as the client sends it and the sandbox checks it. */
export const listQuerySchema = z.object({
  limit: pageLimitSchema.optional(),
  nextId: z.string().min(1, { error: 'must not be empty' }).optional(),
});

/** An ID that goes into a URL path (rules.ts's pathIdProblems: each rule it breaks is an issue). */
export const pathIdSchema = z.string().check((context) => {
  for (const message of pathIdProblems(context.value))
    context.issues.push({ code: 'custom', message, input: context.value, continue: true });
});
