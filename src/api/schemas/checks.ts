import { z } from 'zod';
import { RUNTIME_IDS } from './enums';
import {
  CHECK_LIMITS,
  CHECK_TYPES,
  DEFAULT_FREQUENCY,
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
  SECONDS_LEVEL_TYPES,
  SECONDS_OFFSETS,
  TRIGGER_SEVERITIES,
} from './checkValues';

export * from './checkValues';
export { RUNTIME_IDS };

// ---------------------------------------------------------------------------------------
// The frequencyOffset rules (spec): pure, so the builder, the prompts and tests share them.

export type OffsetRule =
  { kind: 'seconds'; allowed: readonly number[]; text: string } | { kind: 'range'; min: 1; max: number; text: string };

/** What frequencyOffset may be for a frequency (rules 1 to 3 of the spec). */
export function frequencyOffsetRule(frequency: number): OffsetRule {
  if (frequency === 0)
    return {
      kind: 'seconds',
      allowed: SECONDS_OFFSETS,
      text: 'frequencyOffset rule: 10, 20 or 30 seconds with frequency 0',
    };
  if (frequency <= 60)
    return {
      kind: 'range',
      min: 1,
      max: Math.floor(frequency * 10),
      text: 'frequencyOffset rule: 1..floor(frequency*10)',
    };
  return { kind: 'range', min: 1, max: Math.ceil(frequency / 60), text: 'frequencyOffset rule: 1..ceil(frequency/60)' };
}

export function offsetAllowed(frequency: number, offset: number): boolean {
  const rule = frequencyOffsetRule(frequency);
  if (rule.kind === 'seconds') return rule.allowed.includes(offset);
  return Number.isInteger(offset) && offset >= rule.min && offset <= rule.max;
}

/** Rule 4: seconds-level frequencies (0) exist only for API and TCP checks. */
export function secondsLevelAllowed(checkType: string): boolean {
  return (SECONDS_LEVEL_TYPES as readonly string[]).includes(checkType);
}

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

// ---------------------------------------------------------------------------------------
// The rules between fields.

/**
 * How a rule names another field in its message. The sandbox says "frequency 5"; the CLI
 * says "--frequency 5" or "frequency 5 (from --file)". `defaulted`: the body leaves the
 * field out, so the service's default applies.
 */
export type FieldLabel = (
  field: 'frequency' | 'maxResponseTime' | 'degradedResponseTime',
  value: number,
  defaulted: boolean,
) => string;

export const plainLabel: FieldLabel = (field, value, defaulted) =>
  `${defaulted ? 'the default ' : ''}${field} ${value}`;

type RefinementCtx = z.core.$RefinementCtx<unknown>;

/**
 * The spec's rules between fields. They run even when other fields are invalid (so that
 * one message lists every problem), hence the checks on each value's type.
 */
function checkRules(body: unknown, ctx: RefinementCtx, checkType: string | undefined, label: FieldLabel): void {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const fields = body as Record<string, unknown>;
  const givenFrequency = fields.frequency;
  const frequency = givenFrequency === undefined ? DEFAULT_FREQUENCY : givenFrequency;
  const offset = fields.frequencyOffset;
  const validFrequency = typeof frequency === 'number' && (FREQUENCIES as readonly number[]).includes(frequency);
  const validOffset = typeof offset === 'number' && Number.isInteger(offset) && offset >= 1;

  if (validFrequency && frequency === 0) {
    if (checkType !== undefined && !secondsLevelAllowed(checkType)) {
      ctx.addIssue({
        code: 'custom',
        path: ['frequency'],
        message: `0 (a run every 10, 20 or 30 seconds) is not available for ${checkType} checks: seconds-level frequencies exist only for API and TCP checks; use 1 minute or more`,
      });
    } else if (checkType !== undefined && offset === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['frequencyOffset'],
        message: `is required with ${label('frequency', 0, false)}: 10, 20 or 30 (the seconds between runs)`,
      });
    } else if (checkType !== undefined && validOffset && !offsetAllowed(0, offset)) {
      ctx.addIssue({
        code: 'custom',
        path: ['frequencyOffset'],
        input: offset,
        message: `must be 10, 20 or 30 for ${label('frequency', 0, false)} (${frequencyOffsetRule(0).text})`,
      });
    }
  } else if (validFrequency && validOffset && !offsetAllowed(frequency, offset)) {
    const rule = frequencyOffsetRule(frequency) as Extract<OffsetRule, { kind: 'range' }>;
    ctx.addIssue({
      code: 'custom',
      path: ['frequencyOffset'],
      input: offset,
      message: `must be between 1 and ${rule.max} for ${label('frequency', frequency, givenFrequency === undefined)} (${rule.text})`,
    });
  }

  // degradedResponseTime <= maxResponseTime, with the defaults (500, 1000) for what is left out.
  const inRange = (value: unknown): value is number =>
    typeof value === 'number' && value >= 0 && value <= CHECK_LIMITS.responseTimeMaxMs;
  const degraded =
    fields.degradedResponseTime === undefined
      ? CHECK_LIMITS.defaultDegradedResponseTimeMs
      : fields.degradedResponseTime;
  const max = fields.maxResponseTime === undefined ? CHECK_LIMITS.defaultMaxResponseTimeMs : fields.maxResponseTime;
  if (inRange(degraded) && inRange(max) && degraded > max) {
    if (fields.degradedResponseTime !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['degradedResponseTime'],
        input: degraded,
        message: `must not be greater than ${label('maxResponseTime', max, fields.maxResponseTime === undefined)} (degraded <= max)`,
      });
    } else {
      ctx.addIssue({
        code: 'custom',
        path: ['maxResponseTime'],
        input: max,
        message: `must not be less than ${label('degradedResponseTime', degraded, true)} (degraded <= max)`,
      });
    }
  }
}

/** POST /v1/checks/dns: the body, its rules, and the DNS-only rule for frequency 0. */
export function dnsCheckCreateSchema(label: FieldLabel = plainLabel) {
  return z
    .strictObject(checkBodyShape, closed)
    .superRefine((body, ctx) => checkRules(body, ctx, 'DNS', label), { when: () => true });
}
export type DnsCheckCreateBody = z.infer<ReturnType<typeof dnsCheckCreateSchema>>;

/**
 * The deprecated combined create (POST /v1/checks): the DNS body's fields plus `type` and
 * dependency files. The spec names the field `type` (the reference calls it `checkType`);
 * the spec wins. Frequency 0 is allowed for API and TCP checks only.
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

// ---------------------------------------------------------------------------------------
// Responses: lenient (the API may add fields), strict only about what mon shows.

const responseRequestSchema = z.looseObject({
  query: z.string().optional(),
  recordType: z.string().optional(),
  nameServer: z.string().nullable().optional(),
  port: z.number().nullable().optional(),
  protocol: z.string().nullable().optional(),
  assertions: z
    .array(
      z.looseObject({
        source: z.string().optional(),
        comparison: z.string().optional(),
        target: z.string().nullable().optional(),
      }),
    )
    .nullable()
    .optional(),
});

const alertChannelsResponseSchema = z
  .looseObject({
    email: z.array(z.looseObject({ address: z.string().optional() })).optional(),
    webhook: z.array(z.looseObject({ name: z.string().optional(), url: z.string().optional() })).optional(),
    slack: z.array(z.looseObject({ url: z.string().optional() })).optional(),
    sms: z.array(z.looseObject({ name: z.string().optional(), number: z.string().optional() })).optional(),
  })
  .nullable();

/** A created check as the API answers (DNS check response; the deprecated create's check). */
export const checkResponseSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  checkType: z.string().optional(),
  activated: z.boolean().optional(),
  muted: z.boolean().optional(),
  doubleCheck: z.boolean().optional(),
  shouldFail: z.boolean().optional(),
  runParallel: z.boolean().optional(),
  useGlobalAlertSettings: z.boolean().optional(),
  locations: z.array(z.string()).nullable().optional(),
  privateLocations: z.array(z.string()).nullable().optional(),
  tags: z.array(z.string()).nullable().optional(),
  description: z.string().nullable().optional(),
  frequency: z.number().optional(),
  frequencyOffset: z.number().nullable().optional(),
  runtimeId: z.string().nullable().optional(),
  groupId: z.number().nullable().optional(),
  groupOrder: z.number().nullable().optional(),
  degradedResponseTime: z.number().nullable().optional(),
  maxResponseTime: z.number().nullable().optional(),
  retryStrategy: z
    .looseObject({ type: z.string().optional(), maxRetries: z.number().optional() })
    .nullable()
    .optional(),
  triggerIncident: z
    .looseObject({ serviceId: z.string().optional(), severity: z.string().optional() })
    .nullable()
    .optional(),
  alertChannelSubscriptions: z
    .array(z.looseObject({ alertChannelId: z.number(), activated: z.boolean() }))
    .nullable()
    .optional(),
  alertChannels: alertChannelsResponseSchema.optional(),
  request: responseRequestSchema.nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().nullable().optional(),
});
export type CheckResponse = z.infer<typeof checkResponseSchema>;

export const dnsCheckResponseSchema = checkResponseSchema.extend({ checkType: z.literal('DNS').optional() });
