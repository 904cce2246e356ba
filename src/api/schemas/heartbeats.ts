import { z } from 'zod';
import { parseTime } from '../../text/time';
import { wholeNumber } from './common';
import { EVENTS_LIMIT, TIME_UNITS, toSeconds } from './enums';

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

export { TIME_UNITS, toSeconds, type TimeUnit } from './enums';

/** Spec limits: period 30 seconds to 365 days, grace 0 seconds to 365 days, description <= 500. */
export const HEARTBEAT_LIMITS = {
  periodMinSeconds: 30,
  periodMaxSeconds: 365 * 86_400,
  graceMaxSeconds: 365 * 86_400,
  descriptionMax: 500,
} as const;

/** "is required" for a missing field, else the rule. */
const required = (rule: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : rule);
const unitSchema = z.enum(TIME_UNITS, { error: required(`must be one of ${TIME_UNITS.join(', ')}`) });
const amountSchema = z
  .number({ error: required('must be a number') })
  .refine(Number.isFinite, { error: 'must be a finite number' });

/** A heartbeat monitor's configuration, with the ranges of docs/API.md (unknown fields are refused: likely typos). */
export const heartbeatMonitorSchema = z
  .strictObject(
    {
      name: z
        .string({ error: required('must be a string') })
        .trim()
        .min(1, { error: 'must not be empty' }),
      period: amountSchema,
      periodUnit: unitSchema,
      grace: amountSchema,
      graceUnit: unitSchema,
      description: z
        .string()
        .max(HEARTBEAT_LIMITS.descriptionMax, {
          error: `must be at most ${HEARTBEAT_LIMITS.descriptionMax} characters`,
        })
        .nullable()
        .optional(),
      activated: z.boolean().optional(),
      muted: z.boolean().optional(),
      alertChannels: z.array(z.unknown()).optional(),
      tags: z.array(z.string()).optional(),
    },
    { error: required('must be an object') },
  )
  .superRefine((monitor, ctx) => {
    const period = toSeconds(monitor.period, monitor.periodUnit);
    if (period < HEARTBEAT_LIMITS.periodMinSeconds || period > HEARTBEAT_LIMITS.periodMaxSeconds) {
      ctx.addIssue({
        code: 'custom',
        path: ['period'],
        message: `must be 30 seconds to 365 days (got ${monitor.period} ${monitor.periodUnit})`,
      });
    }
    const grace = toSeconds(monitor.grace, monitor.graceUnit);
    if (grace < 0 || grace > HEARTBEAT_LIMITS.graceMaxSeconds) {
      ctx.addIssue({
        code: 'custom',
        path: ['grace'],
        message: `must be 0 seconds to 365 days (got ${monitor.grace} ${monitor.graceUnit})`,
      });
    }
  });
export type HeartbeatMonitor = z.infer<typeof heartbeatMonitorSchema>;
