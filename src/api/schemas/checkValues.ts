/**
 * The values and limits of check bodies (docs/API.md, and the public OpenAPI description
 * for the rest). Kept free of zod so that command help and
 * shell completions can list them without loading the schemas; `checks.ts` re-exports them.
 */

/** Data-center locations a check runs from. */
export const LOCATIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'ca-central-1',
  'sa-east-1',
  'eu-west-1',
  'eu-central-1',
  'eu-west-2',
  'eu-west-3',
  'eu-north-1',
  'eu-south-1',
  'me-south-1',
  'ap-southeast-1',
  'ap-northeast-1',
  'ap-east-1',
  'ap-southeast-2',
  'ap-southeast-3',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-south-1',
  'af-south-1',
] as const;
export type Location = (typeof LOCATIONS)[number];

/** Minutes between runs; 0 means "every frequencyOffset seconds" (API and TCP checks only). */
export const FREQUENCIES = [0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const DEFAULT_FREQUENCY = 10;

/** With frequency 0, frequencyOffset is the period in seconds and must be one of these. */
export const SECONDS_OFFSETS = [10, 20, 30] as const;
/** The check types seconds-level frequencies exist for (spec, frequencyOffset rule 4). */
export const SECONDS_LEVEL_TYPES = ['API', 'TCP'] as const;

/** Every check type the API knows (the deprecated combined create's `type`). */
export const CHECK_TYPES = [
  'AGENTIC',
  'API',
  'BROWSER',
  'HEARTBEAT',
  'ICMP',
  'MULTI_STEP',
  'TCP',
  'PLAYWRIGHT',
  'URL',
  'DNS',
] as const;
export type CheckType = (typeof CHECK_TYPES)[number];

/** Every check type the API reports (a check result's, a check session's): the creatable ones and TRACEROUTE, SSL, GRPC. */
export const REPORTED_CHECK_TYPES = [...CHECK_TYPES, 'TRACEROUTE', 'SSL', 'GRPC'] as const;
export type ReportedCheckType = (typeof REPORTED_CHECK_TYPES)[number];

/** A check's current status, as the list's `status` filter names it (GET /v1/checks?status=). */
export const CHECK_STATUSES = ['passing', 'failing', 'degraded'] as const;
export type CheckStatusWord = (typeof CHECK_STATUSES)[number];

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SOA', 'NS', 'HTTPS'] as const;
export const DEFAULT_RECORD_TYPE = 'A';
export const DNS_PROTOCOLS = ['UDP', 'TCP'] as const;
export const DNS_ASSERTION_SOURCES = ['RESPONSE_CODE', 'RESPONSE_TIME', 'TEXT_ANSWER', 'JSON_ANSWER'] as const;
export const DNS_ASSERTION_COMPARISONS = [
  'EQUALS',
  'NOT_EQUALS',
  'HAS_KEY',
  'NOT_HAS_KEY',
  'HAS_VALUE',
  'NOT_HAS_VALUE',
  'IS_EMPTY',
  'NOT_EMPTY',
  'GREATER_THAN',
  'LESS_THAN',
  'CONTAINS',
  'NOT_CONTAINS',
  'IS_NULL',
  'NOT_NULL',
] as const;

export const RETRY_TYPES = ['FIXED', 'LINEAR', 'EXPONENTIAL', 'SINGLE_RETRY'] as const;
export const RETRY_ONLY_ON = ['NETWORK_ERROR'] as const;
export const RETRY_MAX_RETRIES = { min: 1, max: 10 } as const;
export const RETRY_MAX_DURATION_SECONDS = { min: 0, max: 600 } as const;

export const ESCALATION_TYPES = ['RUN_BASED', 'TIME_BASED'] as const;
export const FAILED_RUN_THRESHOLDS = [1, 2, 3, 4, 5] as const;
export const MINUTES_FAILING_THRESHOLDS = [5, 10, 15, 30] as const;
/** 100000 means "until resolved". */
export const REMINDER_AMOUNTS = [0, 1, 2, 3, 4, 5, 100000] as const;
export const REMINDER_INTERVALS = [1, 2, 3, 4, 5, 10, 15, 30] as const;
export const PARALLEL_FAILURE_PERCENTAGES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;

/** Incident severities a check's incident trigger may use (the same as incidents'). */
export const TRIGGER_SEVERITIES = ['CRITICAL', 'MAJOR', 'MEDIUM', 'MINOR'] as const;

/** The limits mon checks (docs/API.md; where the OpenAPI description is looser, these). */
export const CHECK_LIMITS = {
  descriptionMax: 500,
  environmentVariablesMax: 50,
  responseTimeMaxMs: 5000,
  defaultDegradedResponseTimeMs: 500,
  defaultMaxResponseTimeMs: 1000,
  queryMax: 100,
  nameServerMax: 100,
  dependencyPathMax: 1000,
} as const;

/** "every 10 minutes", "every hour", "every 30 seconds" (frequency 0 with its offset). */
export function describeFrequency(frequency: number, offset?: number | null): string {
  if (frequency === 0) return offset ? `every ${offset} seconds` : 'every few seconds';
  if (frequency === 1) return 'every minute';
  if (frequency === 60) return 'every hour';
  if (frequency === 1440) return 'every day';
  if (frequency > 60 && frequency % 60 === 0) return `every ${frequency / 60} hours`;
  return `every ${frequency} minutes`;
}
