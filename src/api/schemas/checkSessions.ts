import { z } from 'zod';
import { closed, decimalNumber } from './common';
import { COMPLETION_WAIT_SECONDS } from './enums';

/*
 * Check sessions (the public description's POST /v1/check-sessions/trigger, GET
 * /v1/check-sessions/{id} and its /completion): running checks now and awaiting them. The
 * trigger body and the completion query, as the client sends them and the sandbox checks them
 * (docs/API.md), and the answers.
 */

const tag = z
  .string({ error: 'must be a tag' })
  .refine((text) => text.trim() !== '' && text.trim() !== '!', { error: 'must not be empty' });

/** A check ID as the trigger takes it: a GUID (8-4-4-4-12 hexadecimal digits). */
const checkIdSchema = z.guid({ error: 'must be a check ID (8-4-4-4-12 hexadecimal digits)' });

/**
 * Which checks to run. `checkId`: these checks. `matchTags`: a list of alternatives, each a list
 * of tags a check must all have (`!tag`: must not have); `[["web", "!slow"], ["api"]]` is
 * (web and not slow) or api. Both given: a check must match both. Neither: every check that
 * can run (heartbeats cannot).
 */
export const checkSessionTargetSchema = z.strictObject(
  {
    checkId: z.array(checkIdSchema, { error: 'must be a list of check IDs' }).optional(),
    matchTags: z
      .array(z.array(tag, { error: 'must be a list of tags (all of which a check must have)' }), {
        error: 'must be a list of lists of tags',
      })
      .optional(),
  },
  closed,
);
export type CheckSessionTarget = z.infer<typeof checkSessionTargetSchema>;

/** POST /v1/check-sessions/trigger. */
export const checkSessionTriggerSchema = z.strictObject(
  {
    target: checkSessionTargetSchema.optional(),
    refreshCache: z.boolean({ error: 'must be true or false' }).optional(),
  },
  closed,
);
export type CheckSessionTriggerBody = z.infer<typeof checkSessionTriggerSchema>;

/** GET /v1/check-sessions/{id}/completion's query: how long to wait, 1 to 30 seconds (a decimal is fine). */
export const completionQuerySchema = z.object({
  maxWaitSeconds: decimalNumber(
    COMPLETION_WAIT_SECONDS.min,
    COMPLETION_WAIT_SECONDS.max,
    `a number of seconds from ${COMPLETION_WAIT_SECONDS.min} to ${COMPLETION_WAIT_SECONDS.max}`,
  ).optional(),
});

// The answers: lenient (the API may add fields), strict only about what mon computes with.

/** One run of a session (the description's CheckSessionConciseCheckResult): failed when hasFailures or hasErrors. */
export const sessionResultSchema = z.looseObject({
  checkResultId: z.string(),
  checkId: z.string(),
  name: z.string().optional(),
  runLocation: z.string().optional(),
  hasErrors: z.boolean(),
  hasFailures: z.boolean(),
  isDegraded: z.boolean().optional(),
  responseTime: z.number().nullable().optional(),
});
export type SessionResult = z.infer<typeof sessionResultSchema>;

/**
 * A check session: one check's run now. `status` is STARTED or PROGRESS while it runs, then
 * PASSED, FAILED, DEGRADED, TIMED_OUT or CANCELLED; `results` are its runs, once it is done.
 */
export const checkSessionSchema = z.looseObject({
  checkSessionId: z.string(),
  checkId: z.string(),
  name: z.string().optional(),
  status: z.string(),
  startedAt: z.string().optional(),
  stoppedAt: z.string().nullable().optional(),
  timeElapsed: z.number().optional(),
  results: z.array(sessionResultSchema).optional(),
});
export type CheckSession = z.infer<typeof checkSessionSchema>;

/** POST /v1/check-sessions/trigger: a session for each check that matched. */
export const triggeredSessionsSchema = z.looseObject({ sessions: z.array(checkSessionSchema) });
