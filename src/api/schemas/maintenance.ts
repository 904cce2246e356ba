import { z } from 'zod';
import { calendarDateOf, isNamedTimeZone } from '../maintenance-rules';
import { closed, wholeNumber } from './common';
import {
  DATE_CONSTRAINTS,
  MAINTENANCE_LIMITS,
  MAINTENANCE_PAGE_LIMIT,
  REPEAT_UNITS,
  SEVERITIES,
  type DateConstraint,
} from './enums';

/*
 * Maintenance windows (the public description's GET|POST /v1/maintenance-windows and
 * GET|PUT|DELETE /v1/maintenance-windows/{id}): the bodies and the list's query, as the client
 * sends them and the sandbox checks them (docs/API.md), and the answer. The description calls
 * startsAt and endsAt dates; the API takes and gives date-times, and mon sends date-times
 * (a window from now for an hour), so either is accepted: a date is its midnight UTC.
 */

const { nameMax, descriptionMax, repeatIntervalMin, repeatIntervalMax } = MAINTENANCE_LIMITS;
const { remindersMax, reminderMinutesMin, reminderMinutesMax } = MAINTENANCE_LIMITS;

/** A date (YYYY-MM-DD, its midnight UTC) or an ISO 8601 date-time with an offset. */
export const dateOrDateTimeSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: (iss) =>
    iss.input === undefined
      ? 'is required: a date (YYYY-MM-DD) or an ISO 8601 date-time'
      : 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset (2026-03-02T14:00:00Z)',
});

const notEmpty = (what = 'text') =>
  z
    .string({ error: (iss) => (iss.input === undefined ? 'is required' : `must be ${what}`) })
    .refine((text) => text.trim() !== '', { error: 'must not be empty' });

const bool = () => z.boolean({ error: 'must be true or false' });

/** A whole number in [min, max] (a body's: not from text); `rule` says which. */
function integerIn(min: number, max: number, rule: string) {
  const error = `must be ${rule}`;
  // The number's error words its int, min and max checks too.
  return z.number({ error }).int().min(min).max(max);
}
const tagsSchema = z.array(notEmpty('a tag'), { error: 'must be a list of tags' });

const repeatUnitSchema = z.enum(REPEAT_UNITS, {
  error: (iss) =>
    iss.input === undefined
      ? `is required: ${REPEAT_UNITS.join(', ')} (with repeatInterval null, the window does not repeat)`
      : `must be one of ${REPEAT_UNITS.join(', ')}`,
});

const timezoneSchema = z
  .string({ error: 'must be a named IANA time zone' })
  .refine(isNamedTimeZone, { error: 'must be a named IANA time zone such as Europe/Berlin or UTC (not an offset)' });

const guidListSchema = z.array(notEmpty('an ID'), { error: 'must be a list of IDs' });

/**
 * statusPageVisibility's own rules, on a body's object or on a stored one with an update over
 * it. They run even when a field is invalid (every problem is named at once), hence the checks
 * on each value's type.
 */
function visibilityRules(visibility: unknown, ctx: z.core.$RefinementCtx<unknown>): void {
  if (!visibility || typeof visibility !== 'object') return;
  const { affectAllServices, statusPageIds, serviceIds } = visibility as Record<string, unknown>;
  const count = (list: unknown) => (Array.isArray(list) ? list.length : 0);
  if (affectAllServices === true && count(serviceIds) > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['serviceIds'],
      message: 'must be empty with affectAllServices true (all services of the linked pages are affected)',
    });
  }
  if (count(statusPageIds) > 0 && count(serviceIds) === 0 && affectAllServices !== true) {
    ctx.addIssue({
      code: 'custom',
      path: ['statusPageIds'],
      message: 'needs serviceIds (the affected services) or affectAllServices true',
    });
  }
}

const visibilityShape = {
  enabled: bool().optional(),
  severity: z.enum(SEVERITIES, { error: `must be one of ${SEVERITIES.join(', ')}` }).optional(),
  affectAllServices: bool().optional(),
  notifyOnStart: bool().optional(),
  notifyOnEnd: bool().optional(),
  suppressAutoIncidents: bool().optional(),
  reminderMinutesBefore: z
    .array(
      integerIn(
        reminderMinutesMin,
        reminderMinutesMax,
        `a whole number of minutes from ${reminderMinutesMin} to ${reminderMinutesMax}`,
      ),
      { error: 'must be a list of minutes' },
    )
    .max(remindersMax, { error: `must have at most ${remindersMax} reminders` })
    .optional(),
  autoStart: bool().optional(),
  autoEnd: bool().optional(),
  showAffectedServices: bool().optional(),
  statusPageIds: guidListSchema.optional(),
  serviceIds: guidListSchema.optional(),
};

export const statusPageVisibilitySchema = z
  .strictObject(visibilityShape, closed)
  .superRefine(visibilityRules, { when: () => true });
export type StatusPageVisibility = z.infer<typeof statusPageVisibilitySchema>;

/** The visibility a window has once an update's object is laid over its stored one: the same rules. */
export const mergedVisibilitySchema = z.looseObject({}).superRefine(visibilityRules);

const windowShape = {
  name: notEmpty().max(nameMax, { error: `must be at most ${nameMax} characters` }),
  tags: tagsSchema.optional(),
  startsAt: dateOrDateTimeSchema,
  endsAt: dateOrDateTimeSchema,
  repeatInterval: integerIn(
    repeatIntervalMin,
    repeatIntervalMax,
    `a whole number from ${repeatIntervalMin} to ${repeatIntervalMax}, or null`,
  )
    .nullable()
    .optional(),
  repeatUnit: repeatUnitSchema,
  repeatEndsAt: dateOrDateTimeSchema.nullable().optional(),
  timezone: timezoneSchema.nullable().optional(),
  pauseAllChecks: bool().optional(),
  silenceAlertsTags: tagsSchema.optional(),
  silenceAllAlerts: bool().optional(),
  description: z
    .string({ error: 'must be text' })
    .max(descriptionMax, { error: `must be at most ${descriptionMax} characters` })
    .nullable()
    .optional(),
  statusPageVisibility: statusPageVisibilitySchema.optional(),
};

/** The time rules of a window, on a body or on a stored window with an update over it. */
function scheduleRules(
  window: { startsAt?: unknown; endsAt?: unknown; repeatEndsAt?: unknown },
  ctx: z.core.$RefinementCtx<unknown>,
): void {
  // It runs even when the body is no object (`when`): null, a number, a list have no times to compare.
  if (!window || typeof window !== 'object') return;
  const instant = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : NaN);
  const starts = instant(window.startsAt);
  const ends = instant(window.endsAt);
  if (!Number.isNaN(starts) && !Number.isNaN(ends) && ends <= starts) {
    ctx.addIssue({
      code: 'custom',
      path: ['endsAt'],
      input: window.endsAt,
      message: `must be after startsAt (${String(window.startsAt)})`,
    });
  }
  // Only a repeatEndsAt that reads as a time has a date (its own rule words any other).
  const repeatEnds = Number.isNaN(instant(window.repeatEndsAt))
    ? undefined
    : calendarDateOf(window.repeatEndsAt as string);
  if (repeatEnds !== undefined && !Number.isNaN(starts)) {
    if (repeatEnds < new Date(starts).toISOString().slice(0, 10)) {
      ctx.addIssue({
        code: 'custom',
        path: ['repeatEndsAt'],
        input: window.repeatEndsAt,
        message: `must not be before the date of startsAt (${String(window.startsAt)})`,
      });
    }
  }
}

/** POST /v1/maintenance-windows: name, startsAt, endsAt and repeatUnit are required; endsAt after startsAt. */
export const maintenanceWindowCreateSchema = z
  .strictObject(windowShape, closed)
  .superRefine(scheduleRules, { when: () => true });
export type MaintenanceWindowCreateBody = z.infer<typeof maintenanceWindowCreateSchema>;

/**
 * PUT /v1/maintenance-windows/{id}: any of the create body's fields; what is left out stays.
 * (The description lets repeatUnit be null here but lists no null among its values, in the
 * body or the answer: a window stops repeating with repeatInterval null.)
 */
export const maintenanceWindowUpdateSchema = z
  .strictObject(windowShape, closed)
  .partial()
  .superRefine(scheduleRules, { when: () => true });
export type MaintenanceWindowUpdateBody = z.infer<typeof maintenanceWindowUpdateSchema>;

/** A stored window with an update laid over it: the same time rules (endsAt after startsAt...). */
export const mergedWindowSchema = z.looseObject({}).superRefine(scheduleRules);

/** A filter on startsAt or endsAt: `{gte: '2026-03-02'}` is sent as `startsAt[gte]=2026-03-02`. */
export type DateFilter = Partial<Record<DateConstraint, string>>;

const filterKeys = (field: 'startsAt' | 'endsAt') =>
  Object.fromEntries(DATE_CONSTRAINTS.map((op) => [`${field}[${op}]`, dateOrDateTimeSchema.optional()])) as Record<
    `${typeof field}[${DateConstraint}]`,
    z.ZodOptional<typeof dateOrDateTimeSchema>
  >;

/**
 * GET /v1/maintenance-windows's query as it goes over the wire: page from 1, limit 1 to 100
 * (the API's default 10), and the date filters. Another parameter is refused (a plain
 * `startsAt=` names no operator).
 */
export const maintenanceWindowListQuerySchema = z.strictObject(
  {
    limit: wholeNumber(MAINTENANCE_PAGE_LIMIT.min, MAINTENANCE_PAGE_LIMIT.max).optional(),
    page: wholeNumber(1).optional(),
    ...filterKeys('startsAt'),
    ...filterKeys('endsAt'),
  },
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `has unknown parameter${iss.keys.length > 1 ? 's' : ''} ${iss.keys.join(', ')} (the filters are startsAt[gt|gte|lt|lte] and endsAt[gt|gte|lt|lte])`
        : 'must be a query',
  },
);

// The answer: lenient (the API may add fields), strict only about what mon computes with.

export const maintenanceWindowSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  tags: z.array(z.string()).nullable().optional(),
  startsAt: z.string(),
  endsAt: z.string(),
  repeatInterval: z.number().nullable().optional(),
  repeatUnit: z.string().nullable().optional(),
  repeatEndsAt: z.string().nullable().optional(),
  timezone: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  pauseAllChecks: z.boolean().optional(),
  silenceAlertsTags: z.array(z.string()).nullable().optional(),
  silenceAllAlerts: z.boolean().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().nullable().optional(),
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;

/** GET /v1/maintenance-windows: one page, a bare array. */
export const maintenanceWindowListSchema = z.array(maintenanceWindowSchema);
