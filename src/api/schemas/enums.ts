/**
 * The incident, runtime and outage-operation values of the API (docs/API.md), kept free of zod so that
 * flag tables, help and shell completions can list them without loading the schemas (like checkValues.ts).
 */

export const SEVERITIES = ['CRITICAL', 'MAJOR', 'MEDIUM', 'MINOR'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const INCIDENT_STATUSES = ['INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export const INCIDENT_NAME_MAX = 255;

export const RUNTIME_IDS = ['2026.04', '2025.04', '2024.09', '2024.02', '2023.09', '2023.02', '2022.10'] as const;
export const RUNTIME_STAGES = ['ALPHA', 'BETA', 'CURRENT', 'DEPRECATED', 'REMOVED', 'STABLE'] as const;

/** Page size of the status-page and incident lists: 1 to 100, default 20. */
export const PAGE_LIMIT = { min: 1, max: 100, default: 20 } as const;

/** The heartbeat events read returns at most this many events per request (spec: limit <= 10, default 10). */
export const EVENTS_LIMIT = { min: 1, max: 10, default: 10 } as const;

/*
 * The outage operations (the public description's maintenance windows, check sessions and
 * check results; docs/API.md).
 */

/** A maintenance window: name at most 200 characters, description at most 2,000, repeated every 1 to 365 units. */
export const MAINTENANCE_LIMITS = {
  nameMax: 200,
  descriptionMax: 2000,
  repeatIntervalMin: 1,
  repeatIntervalMax: 365,
  /** statusPageVisibility.reminderMinutesBefore: at most 3 reminders, each 60 to 10,080 minutes (a week) before. */
  remindersMax: 3,
  reminderMinutesMin: 60,
  reminderMinutesMax: 10_080,
} as const;
export const REPEAT_UNITS = ['DAY', 'WEEK', 'MONTH'] as const;
export type RepeatUnit = (typeof REPEAT_UNITS)[number];
/** The maintenance-window list's page size: 1 to 100, the API's default 10. */
export const MAINTENANCE_PAGE_LIMIT = { min: 1, max: 100, default: 10 } as const;
/** The operators of its `startsAt` and `endsAt` filters (`startsAt[gte]=2026-03-02`). */
export const DATE_CONSTRAINTS = ['gt', 'gte', 'lt', 'lte'] as const;
export type DateConstraint = (typeof DATE_CONSTRAINTS)[number];

/** How long GET /v1/check-sessions/{id}/completion may wait for a session to finish: 1 to 30 seconds. */
export const COMPLETION_WAIT_SECONDS = { min: 1, max: 30 } as const;
/** A check session's status while it runs and when it is done. */
export const CHECK_SESSION_STATUSES = [
  'STARTED',
  'PROGRESS',
  'FAILED',
  'PASSED',
  'DEGRADED',
  'PROGRESS_FAILED',
  'PROGRESS_DEGRADED',
  'TIMED_OUT',
  'CANCELLED',
] as const;

/** The check-results list: 1 to 100 results a page (the API's default 10), from a window of at most 6 hours. */
export const CHECK_RESULTS_LIMIT = { min: 1, max: 100, default: 10 } as const;
export const CHECK_RESULTS_WINDOW_SECONDS = 6 * 3600;
export const RESULT_TYPES = ['FINAL', 'ATTEMPT', 'ALL'] as const;
export type ResultType = (typeof RESULT_TYPES)[number];
