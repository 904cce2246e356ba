import { z } from 'zod';
import { checkResponseSchema } from './checkResponses';
import { CHECK_STATUSES, CHECK_TYPES } from './checkValues';
import { pageLimitSchema, wholeNumber } from './common';
import { TIME_UNITS } from '../heartbeat-rules';

/*
 * The reads of checks (the public OpenAPI description's GET /v1/checks, /v1/checks/{id} and
 * /v1/check-statuses): the list's query, as the client sends it and the sandbox checks it,
 * and what the answers carry. Answers are lenient (the API may add fields), strict only
 * about what mon computes with.
 */

/** A heartbeat's schedule in a check (checkType HEARTBEAT); the ping token is a secret. */
export const checkHeartbeatSchema = z.looseObject({
  period: z.number(),
  periodUnit: z.enum(TIME_UNITS),
  grace: z.number(),
  graceUnit: z.enum(TIME_UNITS),
  pingToken: z.string().nullable().optional(),
  pingUrl: z.string().nullable().optional(),
});
export type CheckHeartbeat = z.infer<typeof checkHeartbeatSchema>;

/** A check as the list and the read answer it: any type; a heartbeat carries its schedule. */
export const checkSchema = checkResponseSchema.extend({
  checkType: z.string(),
  heartbeat: checkHeartbeatSchema.nullable().optional(),
});
export type Check = z.infer<typeof checkSchema>;

/** GET /v1/checks: one page, a bare array. */
export const checkListSchema = z.array(checkSchema);

/** GET /v1/checks's query: page from 1, limit 1 to 100 (the API's default 10), and the filters. */
export const checkListQuerySchema = z.object({
  page: wholeNumber(1).optional(),
  limit: pageLimitSchema.optional(),
  checkType: z.enum(CHECK_TYPES, { error: `must be one of ${CHECK_TYPES.join(', ')}` }).optional(),
  /** Checks with at least one of these tags. */
  tag: z.array(z.string().min(1, { error: 'must not be empty' })).optional(),
  /** A case-insensitive part of the name. */
  search: z.string().optional(),
  status: z.enum(CHECK_STATUSES, { error: `must be one of ${CHECK_STATUSES.join(', ')}` }).optional(),
});
export type CheckListQuery = z.infer<typeof checkListQuerySchema>;

/**
 * A check's current status. For a heartbeat a "result" is a ping: `lastCheckRunId` is its
 * last ping (null: never pinged) and `updated_at` that ping's time.
 */
export const checkStatusSchema = z.looseObject({
  name: z.string(),
  checkId: z.string(),
  hasFailures: z.boolean().optional(),
  hasErrors: z.boolean().optional(),
  isDegraded: z.boolean().optional(),
  lastRunLocation: z.string().nullable().optional(),
  lastCheckRunId: z.string().nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().nullable().optional(),
});
export type CheckStatus = z.infer<typeof checkStatusSchema>;

/** GET /v1/check-statuses: the description lets an entry be null (getCheckStatuses leaves it out). */
export const checkStatusListSchema = z.array(checkStatusSchema.nullable());
