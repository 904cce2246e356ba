/**
 * The cases of every request of test/rules/requests.ts: each bound its schema carries (both
 * sides, derive.ts), and the rules between fields, from the functions that define them; each
 * judged by the spec's own statement of the rules (requests.ts), so that a rule and the cases
 * derived from it cannot be wrong together.
 */
import { frequencyOffsetRule, FREQUENCIES } from '../../src/api/schemas/checks';
import { HEARTBEAT_LIMITS, inLargestUnit } from '../../src/api/heartbeat-rules';
import { boundsOf, casesOf, withValue } from './derive';
import { relationsAllow, type RequestRules } from './requests';

export interface RequestCase {
  /** For the test's name. */
  what: string;
  /** The body (or query) sent. */
  value: Record<string, unknown>;
  /** The field the case is about: its path, e.g. `request.query`. */
  path: string;
  /** The top-level fields a refusal may name: the field's, or those of the rule between fields. */
  fields: string[];
  /** A value of an enum between its first and last (derive.ts). */
  between?: boolean;
  accepted: boolean;
}

/** The rules between fields of a check body: its frequency and offset, its response times. */
function checkRelations(): { what: string; path: string; fields: Record<string, unknown> }[] {
  const cases: { what: string; path: string; fields: Record<string, unknown> }[] = [];
  for (const frequency of FREQUENCIES) {
    const rule = frequencyOffsetRule(frequency);
    const offsets =
      rule.kind === 'seconds'
        ? [...rule.allowed, Math.min(...rule.allowed) - 1, Math.max(...rule.allowed) + 1, rule.allowed[0]! + 5]
        : [rule.min, rule.max, rule.max + 1];
    for (const offset of offsets) {
      cases.push({
        what: `frequency ${frequency} with frequencyOffset ${offset} (${rule.text})`,
        path: 'frequencyOffset',
        fields: { frequency, frequencyOffset: offset },
      });
    }
  }
  // degradedResponseTime <= maxResponseTime: equal at every point, one past, and against the defaults (500, 1000).
  for (const both of [0, 800, 5000]) {
    cases.push({
      what: `degradedResponseTime == maxResponseTime == ${both}`,
      path: 'degradedResponseTime',
      fields: { degradedResponseTime: both, maxResponseTime: both },
    });
  }
  cases.push(
    {
      what: 'degradedResponseTime 801 > maxResponseTime 800',
      path: 'degradedResponseTime',
      fields: { degradedResponseTime: 801, maxResponseTime: 800 },
    },
    {
      what: 'degradedResponseTime 1000, maxResponseTime left to its default (1000)',
      path: 'degradedResponseTime',
      fields: { degradedResponseTime: 1000, maxResponseTime: undefined },
    },
    {
      what: 'degradedResponseTime 1001, maxResponseTime left to its default (1000)',
      path: 'degradedResponseTime',
      fields: { degradedResponseTime: 1001, maxResponseTime: undefined },
    },
    {
      what: 'maxResponseTime 500, degradedResponseTime left to its default (500)',
      path: 'maxResponseTime',
      fields: { degradedResponseTime: undefined, maxResponseTime: 500 },
    },
    {
      what: 'maxResponseTime 499, degradedResponseTime left to its default (500)',
      path: 'maxResponseTime',
      fields: { degradedResponseTime: undefined, maxResponseTime: 499 },
    },
  );
  return cases;
}

/** A heartbeat's period and grace at their bounds and one second past, in seconds and in the largest unit. */
function heartbeatRelations(): { what: string; path: string; fields: Record<string, unknown> }[] {
  const timing = (field: 'period' | 'grace', seconds: number, other: Record<string, unknown>) => {
    const shapes = [{ amount: seconds, unit: 'seconds' }, inLargestUnit(Math.max(seconds, 0))];
    return shapes
      .filter((shape, index) => index === 0 || shape.unit !== 'seconds')
      .map((shape) => ({
        what: `${field} ${shape.amount} ${shape.unit}`,
        path: `heartbeat.${field}`,
        fields: { heartbeat: { ...other, [field]: shape.amount, [`${field}Unit`]: shape.unit } },
      }));
  };
  const grace = { grace: 0, graceUnit: 'seconds' };
  const period = { period: 1, periodUnit: 'hours' };
  return [
    ...timing('period', HEARTBEAT_LIMITS.periodMinSeconds, grace),
    ...timing('period', HEARTBEAT_LIMITS.periodMinSeconds - 1, grace),
    ...timing('period', HEARTBEAT_LIMITS.periodMaxSeconds, grace),
    ...timing('period', HEARTBEAT_LIMITS.periodMaxSeconds + 1, grace),
    ...timing('grace', 0, period),
    ...timing('grace', -1, period),
    ...timing('grace', HEARTBEAT_LIMITS.graceMaxSeconds, period),
    ...timing('grace', HEARTBEAT_LIMITS.graceMaxSeconds + 1, period),
  ];
}

/** The events window: it must not end before it starts (to the second, both sides). */
function windowRelations(): { what: string; path: string; fields: Record<string, unknown> }[] {
  const end = '2026-03-02T10:00:00Z';
  return [
    { what: 'startTime a second before endTime', start: '2026-03-02T09:59:59Z' },
    { what: 'startTime == endTime', start: end },
    { what: 'startTime a second after endTime', start: '2026-03-02T10:00:01Z' },
  ].map(({ what, start }) => ({ what, path: 'startTime', fields: { startTime: start, endTime: end } }));
}

const WINDOW_ORDERED = (fields: Record<string, unknown>) =>
  fields.startTime === undefined || Date.parse(String(fields.startTime)) < Date.parse(String(fields.endTime));

/** Every case of a request: its bounds, then its rules between fields. */
export function casesFor(rules: RequestRules): RequestCase[] {
  const cases: RequestCase[] = [];
  const judge = (
    what: string,
    path: string,
    value: Record<string, unknown>,
    bound: boolean,
    relation?: Record<string, unknown>,
    between?: boolean,
  ) => {
    const sent = rules.beside ? rules.beside(value) : value;
    const accepted =
      bound && relationsAllow(rules.name, sent) && (rules.name !== 'events query' || WINDOW_ORDERED(sent));
    const fields = relation ? Object.keys(relation) : [path.split(/[.[]/)[0]!];
    cases.push({
      what,
      value: rules.where === 'query' ? asQuery(sent) : sent,
      path,
      fields,
      accepted,
      ...(between ? { between } : {}),
    });
  };
  for (const bound of boundsOf(rules.schema)) {
    for (const one of casesOf(bound, rules.items?.[bound.path])) {
      const value = withValue(rules.base, one.path, one.value, rules.within);
      judge(one.what, one.path, value, one.accepted, undefined, one.between);
    }
  }
  const relations = rules.name.endsWith(' check')
    ? checkRelations()
    : rules.name.startsWith('heartbeat')
      ? heartbeatRelations()
      : rules.name === 'events query'
        ? windowRelations()
        : [];
  for (const relation of relations) {
    const value = { ...structuredClone(rules.base), ...relation.fields };
    for (const [key, field] of Object.entries(value)) if (field === undefined) delete value[key];
    judge(relation.what, relation.path, value, true, relation.fields);
  }
  return cases;
}

/** A query's values as the URL carries them: text. */
function asQuery(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, Array.isArray(field) ? field.map(String) : String(field)]),
  );
}
