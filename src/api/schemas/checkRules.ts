import type { z } from 'zod';
import { CHECK_LIMITS, DEFAULT_FREQUENCY, FREQUENCIES, SECONDS_LEVEL_TYPES, SECONDS_OFFSETS } from './checkValues';

// The frequencyOffset rules (spec): pure, so the builder, the prompts and tests share them.

export type OffsetRule =
  { kind: 'seconds'; allowed: readonly number[]; text: string } | { kind: 'range'; min: 1; max: number; text: string };

/** What frequencyOffset may be for a frequency (docs/API.md, Checks). */
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
 * The rules between fields (docs/API.md). They run even when other fields are invalid (so that
 * one message lists every problem), hence the checks on each value's type.
 */
export function checkRules(body: unknown, ctx: RefinementCtx, checkType: string | undefined, label: FieldLabel): void {
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
