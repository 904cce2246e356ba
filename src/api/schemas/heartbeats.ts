import { z } from 'zod';
import { parseTime } from '../../text/time';
import { wholeNumber } from './common';
import { EVENTS_LIMIT } from './enums';
import {
  amountInWords,
  graceProblem,
  HEARTBEAT_LIMITS,
  periodProblem,
  TIME_UNITS,
  toSeconds,
  type HeartbeatTiming,
} from '../heartbeat-rules';

/** One ping or state change of a heartbeat monitor. Only `id` is required by the OpenAPI description. */
export const heartbeatEventSchema = z.looseObject({
  id: z.string(),
  // A state the OpenAPI description does not list yet is shown as it comes, not refused.
  state: z.string().optional(),
  timestamp: z.string().optional(),
  source: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
});
export type HeartbeatEvent = z.infer<typeof heartbeatEventSchema>;

/**
 * The success ratio of a period against the previous period of the same length, and how
 * many entities (events) the current period has. The whole object may be null: no data.
 */
export const availabilitySchema = z.looseObject({
  successRatio: z
    .looseObject({
      previousPeriod: z.number().nullable().optional(),
      currentPeriod: z.number().nullable().optional(),
    })
    .optional(),
  totalEntitiesCurrentPeriod: z.number().optional(),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const availabilityResponseSchema = availabilitySchema.nullable();

export const heartbeatEventStatsSchema = z.looseObject({
  last24Hours: availabilityResponseSchema.optional(),
  last7Days: availabilityResponseSchema.optional(),
});
export type HeartbeatEventStats = z.infer<typeof heartbeatEventStatsSchema>;

/** GET /v1/checks/heartbeats/{checkId}/events: a list of `{events, stats}` objects. */
export const heartbeatEventsResponseSchema = z.array(
  z.looseObject({
    events: z.array(heartbeatEventSchema).optional(),
    stats: heartbeatEventStatsSchema.optional(),
  }),
);
export type HeartbeatEventsResponse = z.infer<typeof heartbeatEventsResponseSchema>;

export const eventsLimitSchema = wholeNumber(EVENTS_LIMIT.min, EVENTS_LIMIT.max);

/** `startTime` / `endTime`: a date (YYYY-MM-DD, midnight UTC) or an ISO 8601 date-time. */
export const queryTimeSchema = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value.trim()) && parseTime(value) !== undefined, {
    error: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
  });

/** The window's rule, shared by the command's flags and the sandbox: it must not end before it starts. */
export function windowIsOrdered(start: Date | undefined, end: Date | undefined): boolean {
  return !start || !end || start.getTime() < end.getTime();
}

function orderedWindow(query: { startTime?: string; endTime?: string }, ctx: z.RefinementCtx): void {
  const start = query.startTime === undefined ? undefined : parseTime(query.startTime);
  const end = query.endTime === undefined ? undefined : parseTime(query.endTime);
  if (!windowIsOrdered(start, end)) {
    ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'must be before endTime' });
  }
}

/** The query of the availability read. */
export const availabilityQuerySchema = z
  .object({ startTime: queryTimeSchema.optional(), endTime: queryTimeSchema.optional() })
  .superRefine(orderedWindow);

/** The query of the events read. */
export const heartbeatEventsQuerySchema = z
  .object({
    startTime: queryTimeSchema.optional(),
    endTime: queryTimeSchema.optional(),
    limit: eventsLimitSchema.optional(),
  })
  .superRefine(orderedWindow);

/** "is required" for a missing field, else the rule. */
const required = (rule: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : rule);
const unitSchema = z.enum(TIME_UNITS, { error: required(`must be one of ${TIME_UNITS.join(', ')}`) });
// zod's number is finite: Infinity and NaN are "not a number" too.
const amountSchema = z.number({ error: required('must be a number') });
const nameSchema = z
  .string({ error: required('must be a string') })
  .trim()
  .min(1, { error: 'must not be empty' });
const descriptionSchema = z
  .string()
  .max(HEARTBEAT_LIMITS.descriptionMax, { error: `must be at most ${HEARTBEAT_LIMITS.descriptionMax} characters` })
  .nullable()
  .optional();

const timingShape = { period: amountSchema, periodUnit: unitSchema, grace: amountSchema, graceUnit: unitSchema };

/** The spec's ranges of a period and a grace (docs/API.md), as issues at `period` and `grace`. */
function checkTiming(timing: HeartbeatTiming, ctx: z.RefinementCtx): void {
  const period = periodProblem(toSeconds(timing.period, timing.periodUnit));
  if (period) {
    ctx.addIssue({
      code: 'custom',
      path: ['period'],
      message: `${period} (got ${amountInWords(timing.period, timing.periodUnit)})`,
    });
  }
  const grace = graceProblem(toSeconds(timing.grace, timing.graceUnit));
  if (grace) {
    ctx.addIssue({
      code: 'custom',
      path: ['grace'],
      message: `${grace} (got ${amountInWords(timing.grace, timing.graceUnit)})`,
    });
  }
}

/** A heartbeat monitor's configuration, with the ranges of docs/API.md (unknown fields are refused: likely typos). */
export const heartbeatMonitorSchema = z
  .strictObject(
    {
      name: nameSchema,
      ...timingShape,
      description: descriptionSchema,
      activated: z.boolean().optional(),
      muted: z.boolean().optional(),
      alertChannels: z.array(z.unknown()).optional(),
      tags: z.array(z.string()).optional(),
    },
    { error: required('must be an object') },
  )
  .superRefine(checkTiming);
export type HeartbeatMonitor = z.infer<typeof heartbeatMonitorSchema>;

/** `heartbeat` of a create or update body: period and grace, each a number and a unit, in the spec's ranges. */
export const heartbeatTimingSchema = z
  .looseObject(
    { ...timingShape, pingToken: z.string().nullable().optional() },
    { error: required('must be an object') },
  )
  .superRefine(checkTiming);

const alertChannelSubscriptionSchema = z.object({
  alertChannelId: z.number({ error: required('must be a number') }),
  activated: z.boolean({ error: required('must be true or false') }),
});

/** The fields of a heartbeat check mon knows; others (the description's check fields) pass to the server. */
const heartbeatBodyShape = {
  name: nameSchema,
  activated: z.boolean().optional(),
  muted: z.boolean().optional(),
  tags: z.array(z.string().trim().min(1, { error: 'must not be empty' })).optional(),
  description: descriptionSchema,
  alertChannelSubscriptions: z.array(alertChannelSubscriptionSchema).optional(),
  heartbeat: heartbeatTimingSchema,
};

/** POST /v1/checks/heartbeat: name and heartbeat (period, grace) required. */
export const heartbeatCreateBodySchema = z.looseObject(heartbeatBodyShape, { error: required('must be an object') });
export type HeartbeatCreateBody = z.infer<typeof heartbeatCreateBodySchema>;

/** PUT /v1/checks/heartbeat/{id}: every field optional (mon sends the current values for what is not changed). */
export const heartbeatUpdateBodySchema = z.looseObject(
  {
    ...heartbeatBodyShape,
    name: nameSchema.optional(),
    heartbeat: heartbeatTimingSchema.optional(),
  },
  { error: required('must be an object') },
);
export type HeartbeatUpdateBody = z.infer<typeof heartbeatUpdateBodySchema>;

/** A heartbeat check as the API answers (create, update, and GET /v1/checks/{id} for one). */
export const heartbeatCheckSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  checkType: z.string().optional(),
  activated: z.boolean().optional(),
  muted: z.boolean().optional(),
  tags: z.array(z.string()).optional(),
  description: z.string().nullable().optional(),
  alertChannelSubscriptions: z.array(z.looseObject({ alertChannelId: z.number() })).optional(),
  heartbeat: z.looseObject({
    ...timingShape,
    pingToken: z.string().nullable().optional(),
    pingUrl: z.string().optional(),
  }),
  created_at: z.string().optional(),
  updated_at: z.string().nullable().optional(),
});
export type HeartbeatCheck = z.infer<typeof heartbeatCheckSchema>;
