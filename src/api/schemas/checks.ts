import { z } from 'zod';
import { RUNTIME_IDS } from './enums';
import {
  CHECK_LIMITS,
  CHECK_TYPES,
  DNS_ASSERTION_COMPARISONS,
  DNS_ASSERTION_SOURCES,
  DNS_PROTOCOLS,
  DNS_RECORD_TYPES,
  ESCALATION_TYPES,
  FAILED_RUN_THRESHOLDS,
  FREQUENCIES,
  LOCATIONS,
  MINUTES_FAILING_THRESHOLDS,
  PARALLEL_FAILURE_PERCENTAGES,
  REMINDER_AMOUNTS,
  REMINDER_INTERVALS,
  RETRY_MAX_DURATION_SECONDS,
  RETRY_MAX_RETRIES,
  RETRY_ONLY_ON,
  RETRY_TYPES,
  TRIGGER_SEVERITIES,
} from './checkValues';

import { checkRules, plainLabel, type FieldLabel } from './checkRules';

export * from './checkValues';
export * from './checkRules';
export { RUNTIME_IDS };

// ---------------------------------------------------------------------------------------
// Building blocks with messages that read well after a flag name: "--port must be ...".

const list = (values: readonly (string | number)[]) =>
  values.length <= 2 ? values.join(' or ') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

const missing = (iss: { input?: unknown }) => iss.input === undefined;

const text = () => z.string({ error: (iss) => (missing(iss) ? 'is required' : 'must be text') });
const notEmpty = () => text().min(1, { error: 'must not be empty' });
const bool = () => z.boolean({ error: (iss) => (missing(iss) ? 'is required' : 'must be true or false') });
const number = () => z.number({ error: (iss) => (missing(iss) ? 'is required' : 'must be a number') });

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (iss) => (missing(iss) ? `is required: one of ${list(values)}` : `must be one of ${list(values)}`),
  });
}

function oneOfNumbers<const T extends readonly [number, ...number[]]>(values: T, unit = '') {
  return z.literal(values, {
    error: (iss) =>
      missing(iss) ? `is required: one of ${list(values)}${unit}` : `must be one of ${list(values)}${unit}`,
  });
}

/** Unknown fields are refused (a typo in a --file body should not vanish silently). */
const closed = {
  error: (iss: { code?: string; keys?: string[]; input?: unknown }) => {
    if (iss.code === 'unrecognized_keys' && iss.keys) {
      return `has unknown field${iss.keys.length > 1 ? 's' : ''} ${iss.keys.map((key) => JSON.stringify(key)).join(', ')}`;
    }
    return missing(iss) ? 'is required' : 'must be an object';
  },
};

const responseTime = () =>
  number()
    .min(0, { error: `must be between 0 and ${CHECK_LIMITS.responseTimeMaxMs} (ms)` })
    .max(CHECK_LIMITS.responseTimeMaxMs, { error: `must be between 0 and ${CHECK_LIMITS.responseTimeMaxMs} (ms)` });

// ---------------------------------------------------------------------------------------
// The DNS check create body.

export const dnsAssertionSchema = z.strictObject(
  {
    source: oneOf(DNS_ASSERTION_SOURCES),
    comparison: oneOf(DNS_ASSERTION_COMPARISONS),
    property: text().optional(),
    target: text().optional(),
    regex: text().nullable().optional(),
  },
  closed,
);
export type DnsAssertion = z.infer<typeof dnsAssertionSchema>;

export const dnsRequestSchema = z.strictObject(
  {
    query: notEmpty().max(CHECK_LIMITS.queryMax, { error: `must be at most ${CHECK_LIMITS.queryMax} characters` }),
    recordType: oneOf(DNS_RECORD_TYPES),
    nameServer: notEmpty()
      .max(CHECK_LIMITS.nameServerMax, { error: `must be at most ${CHECK_LIMITS.nameServerMax} characters` })
      .optional(),
    port: number()
      .int({ error: 'must be a port number from 1 to 65535' })
      .min(1, { error: 'must be a port number from 1 to 65535' })
      .max(65535, { error: 'must be a port number from 1 to 65535' })
      .optional(),
    protocol: oneOf(DNS_PROTOCOLS).optional(),
    assertions: z.array(dnsAssertionSchema, { error: 'must be a list' }).optional(),
  },
  closed,
);
export type DnsRequest = z.infer<typeof dnsRequestSchema>;

export const alertSettingsSchema = z.strictObject(
  {
    escalationType: oneOf(ESCALATION_TYPES).optional(),
    runBasedEscalation: z
      .strictObject({ failedRunThreshold: oneOfNumbers(FAILED_RUN_THRESHOLDS, ' (failed runs)').optional() }, closed)
      .optional(),
    timeBasedEscalation: z
      .strictObject(
        { minutesFailingThreshold: oneOfNumbers(MINUTES_FAILING_THRESHOLDS, ' (minutes)').optional() },
        closed,
      )
      .optional(),
    reminders: z
      .strictObject(
        {
          amount: oneOfNumbers(REMINDER_AMOUNTS, ' (100000: until resolved)').optional(),
          interval: oneOfNumbers(REMINDER_INTERVALS, ' (minutes)').optional(),
        },
        closed,
      )
      .optional(),
    parallelRunFailureThreshold: z
      .strictObject(
        { enabled: bool().optional(), percentage: oneOfNumbers(PARALLEL_FAILURE_PERCENTAGES, ' (percent)').optional() },
        closed,
      )
      .optional(),
    sslCertificates: z
      .strictObject(
        { enabled: bool().optional(), alertThreshold: number().int({ error: 'must be a whole number' }).optional() },
        closed,
      )
      .optional(),
  },
  closed,
);

export const retryStrategySchema = z.strictObject(
  {
    type: oneOf(RETRY_TYPES),
    baseBackoffSeconds: number().min(0, { error: 'must be >= 0' }).optional(),
    sameRegion: bool().optional(),
    maxRetries: number()
      .int({ error: `must be a whole number from ${RETRY_MAX_RETRIES.min} to ${RETRY_MAX_RETRIES.max}` })
      .min(RETRY_MAX_RETRIES.min, {
        error: `must be a whole number from ${RETRY_MAX_RETRIES.min} to ${RETRY_MAX_RETRIES.max}`,
      })
      .max(RETRY_MAX_RETRIES.max, {
        error: `must be a whole number from ${RETRY_MAX_RETRIES.min} to ${RETRY_MAX_RETRIES.max}`,
      })
      .optional(),
    maxDurationSeconds: number()
      .min(RETRY_MAX_DURATION_SECONDS.min, {
        error: `must be between ${RETRY_MAX_DURATION_SECONDS.min} and ${RETRY_MAX_DURATION_SECONDS.max} (seconds)`,
      })
      .max(RETRY_MAX_DURATION_SECONDS.max, {
        error: `must be between ${RETRY_MAX_DURATION_SECONDS.min} and ${RETRY_MAX_DURATION_SECONDS.max} (seconds)`,
      })
      .optional(),
    onlyOn: z.array(oneOf(RETRY_ONLY_ON), { error: 'must be a list' }).optional(),
  },
  closed,
);

export const triggerIncidentSchema = z.strictObject(
  {
    serviceId: notEmpty(),
    severity: oneOf(TRIGGER_SEVERITIES),
    name: notEmpty(),
    description: text(),
    notifySubscribers: bool(),
  },
  closed,
);

export const environmentVariableSchema = z.strictObject(
  {
    key: notEmpty(),
    value: text().nullable(),
    locked: bool().optional(),
    secret: bool().optional(),
  },
  closed,
);
export type EnvironmentVariable = z.infer<typeof environmentVariableSchema>;

export const alertChannelSubscriptionSchema = z.strictObject({ alertChannelId: number(), activated: bool() }, closed);

const checkBodyShape = {
  name: text().refine((name) => name.trim() !== '', { error: 'must not be empty' }),
  request: dnsRequestSchema,
  heartbeat: z.record(z.string(), z.unknown(), {
    error: (iss) => (missing(iss) ? 'is required (send {})' : 'must be an object'),
  }),
  script: text(),
  activated: bool().optional(),
  muted: bool().optional(),
  doubleCheck: bool().optional(),
  shouldFail: bool().optional(),
  locations: z.array(oneOf(LOCATIONS), { error: 'must be a list' }).nullable().optional(),
  tags: z.array(notEmpty(), { error: 'must be a list' }).optional(),
  alertSettings: alertSettingsSchema.nullable().optional(),
  useGlobalAlertSettings: bool().optional(),
  groupId: number().nullable().optional(),
  groupOrder: number().min(0, { error: 'must be >= 0' }).nullable().optional(),
  runtimeId: oneOf(RUNTIME_IDS).nullable().optional(),
  alertChannelSubscriptions: z.array(alertChannelSubscriptionSchema, { error: 'must be a list' }).optional(),
  retryStrategy: retryStrategySchema.nullable().optional(),
  triggerIncident: triggerIncidentSchema.nullable().optional(),
  runParallel: bool().optional(),
  description: text()
    .max(CHECK_LIMITS.descriptionMax, { error: `must be at most ${CHECK_LIMITS.descriptionMax} characters` })
    .nullable()
    .optional(),
  frequency: oneOfNumbers(FREQUENCIES, ' (minutes)').optional(),
  frequencyOffset: number()
    .int({ error: 'must be a whole number >= 1' })
    .min(1, { error: 'must be a whole number >= 1' })
    .optional(),
  scriptPath: notEmpty().nullable().optional(),
  sslCheckDomain: text().optional(),
  environmentVariables: z
    .array(environmentVariableSchema, { error: 'must be a list' })
    .max(CHECK_LIMITS.environmentVariablesMax, {
      error: (iss) =>
        `must have at most ${CHECK_LIMITS.environmentVariablesMax} variables (got ${(iss.input as unknown[]).length})`,
    })
    .nullable()
    .optional(),
  setupSnippetId: number().nullable().optional(),
  tearDownSnippetId: number().nullable().optional(),
  localSetupScript: text().nullable().optional(),
  localTearDownScript: text().nullable().optional(),
  degradedResponseTime: responseTime().nullable().optional(),
  maxResponseTime: responseTime().nullable().optional(),
  privateLocations: z.array(notEmpty(), { error: 'must be a list' }).nullable().optional(),
};

export const dependencySchema = z.strictObject(
  {
    path: notEmpty().max(CHECK_LIMITS.dependencyPathMax, {
      error: `must be at most ${CHECK_LIMITS.dependencyPathMax} characters`,
    }),
    content: notEmpty(),
  },
  closed,
);

export function dnsCheckCreateSchema(label: FieldLabel = plainLabel) {
  return z
    .strictObject(checkBodyShape, closed)
    .superRefine((body, ctx) => checkRules(body, ctx, 'DNS', label), { when: () => true });
}
export type DnsCheckCreateBody = z.infer<ReturnType<typeof dnsCheckCreateSchema>>;

/**
 * The deprecated combined create (POST /v1/checks): the DNS body's fields plus `type` and
 * dependency files. The field is `type` (the OpenAPI description calls it `checkType`;
 * docs/API.md). Frequency 0 is allowed for API and TCP checks only.
 */
export function combinedCheckCreateSchema(label: FieldLabel = plainLabel) {
  return z
    .strictObject(
      {
        ...checkBodyShape,
        type: oneOf(CHECK_TYPES),
        dependencies: z.array(dependencySchema, { error: 'must be a list' }).nullable().optional(),
      },
      closed,
    )
    .superRefine(
      (body, ctx) => {
        const type = (body as { type?: unknown } | undefined)?.type;
        checkRules(body, ctx, (CHECK_TYPES as readonly unknown[]).includes(type) ? (type as string) : undefined, label);
      },
      { when: () => true },
    );
}
export type CombinedCheckCreateBody = z.infer<ReturnType<typeof combinedCheckCreateSchema>>;

/** The `autoAssignAlerts` query parameter of both create operations (default true). */
export const autoAssignAlertsQuerySchema = z.object({
  autoAssignAlerts: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});
