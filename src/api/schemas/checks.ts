import { z } from 'zod';
import { closed } from './common';
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

/** Every field of these is optional (a missing one is never refused), so the rule is all there is to say. */
function oneOfNumbers<const T extends readonly [number, ...number[]]>(values: T, unit: string) {
  return z.literal(values, { error: `must be one of ${list(values)}${unit}` });
}

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

/*
 * Updates (the public description's PUT /v1/checks/{id} and PUT /v1/checks/dns/{id}): what the
 * body gives replaces the stored value, the rest stays as it is. Each field by the create's
 * rules; the rules between fields (frequencyOffset, the response times) are those of the
 * check once updated: checkConfigurationSchema, on the stored check with the body over it.
 */

const dependenciesSchema = z.array(dependencySchema, { error: 'must be a list' }).nullable().optional();

/**
 * PUT /v1/checks/{id}: any field of the create body, and dependency files; `heartbeat`,
 * `script` and `sslCheckDomain` may be null. Its `request` is a DNS check's, whole: the
 * description's update names a shape it does not hold for it (ChecksV1DnsRequestPatch), and
 * the create body's is the one to use (docs/API.md).
 */
export const checkUpdateSchema = z.strictObject(checkBodyShape, closed).partial().extend({
  heartbeat: checkBodyShape.heartbeat.nullable().optional(),
  script: text().nullable().optional(),
  sslCheckDomain: text().nullable().optional(),
  dependencies: dependenciesSchema,
});
export type CheckUpdateBody = z.infer<typeof checkUpdateSchema>;

/** A DNS check's fields beyond the common ones: none of the script checks' (heartbeat, script, variables...). */
const SCRIPT_FIELDS = [
  'heartbeat',
  'script',
  'scriptPath',
  'sslCheckDomain',
  'environmentVariables',
  'setupSnippetId',
  'tearDownSnippetId',
  'localSetupScript',
  'localTearDownScript',
] as const;

/**
 * PUT /v1/checks/dns/{id}: `name` is required, the rest is optional; a DNS check's fields only.
 * What the service decides (`id`, `created_at`, `updated_at`, `alertChannels`, `checkType`
 * DNS) may be sent and is left as it is, so a check read back and sent again is an update.
 */
export const dnsCheckUpdateSchema = z
  .strictObject(checkBodyShape, closed)
  .omit(
    Object.fromEntries(SCRIPT_FIELDS.map((field) => [field, true])) as { [K in (typeof SCRIPT_FIELDS)[number]]: true },
  )
  .partial()
  .extend({
    name: checkBodyShape.name,
    checkType: z.literal('DNS', { error: 'must be DNS' }).optional(),
    id: text().optional(),
    created_at: text().optional(),
    updated_at: text().nullable().optional(),
    alertChannels: z.unknown().optional(),
  });
export type DnsCheckUpdateBody = z.infer<typeof dnsCheckUpdateSchema>;

/**
 * The rules between a check's fields, on its configuration once updated (the stored check with
 * the update's body over it): the create's, for its type.
 */
export function checkConfigurationSchema(checkType: string, label: FieldLabel = plainLabel) {
  return z.looseObject({}).superRefine((check, ctx) => checkRules(check, ctx, checkType, label));
}

/** The `autoAssignAlerts` query parameter of the creates and the updates (default true). */
export const autoAssignAlertsQuerySchema = z.object({
  autoAssignAlerts: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});
