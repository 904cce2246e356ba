/**
 * Every limit and rule of the API (docs/API.md, the spec's "Limits") as cases on both sides:
 * the bound itself accepted, one past it refused. The cases are derived from where the rules
 * are defined, so that a new rule gets both sides without a test written for it:
 *
 * - the request schemas (src/api/schemas/): every bound they carry (a number's range, a
 *   text's length, a list's count, an enum's values), read from their JSON Schema;
 * - the flag tables (src/commands/<noun>/spec.ts): every `int` flag's min and max, every
 *   `text` flag's max, every `enum` flag's values, and the schema bound of every field a flag
 *   writes (`body`);
 * - the rules between fields, which no JSON Schema says (frequencyOffset by frequency,
 *   degradedResponseTime <= maxResponseTime, a heartbeat's period and grace), from the
 *   functions that define them (checkRules.ts, heartbeat-rules.ts).
 *
 * And so that a derived table cannot drift with the code it is derived from, SPEC_LIMITS
 * writes the spec's limits out as the spec states them: every one must be found among the
 * derived bounds (test/rules/schemas.test.ts).
 */
import { z } from 'zod';

/** Where a value is, in a body or a query: `request.query`, `locations[]`, `incidentUpdates[].description`. */
export type FieldPath = string;

export type Bound =
  | { path: FieldPath; kind: 'range'; min?: number; max?: number; integer: boolean }
  | { path: FieldPath; kind: 'length'; min?: number; max?: number }
  | { path: FieldPath; kind: 'count'; min?: number; max?: number }
  | { path: FieldPath; kind: 'values'; values: readonly (string | number)[] };

/** The numbers zod gives every `.int()` (the safe integers): a property of numbers, not a rule of the API. */
const SAFE = Number.MAX_SAFE_INTEGER;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: (string | number)[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

/** Every bound a request schema carries, with the path of the field it is on. */
export function boundsOf(schema: z.ZodType): Bound[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const found: Bound[] = [];
  const visit = (node: JsonSchema, path: string) => {
    for (const branch of node.anyOf ?? []) visit(branch, path);
    const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
    if (node.enum) found.push({ path, kind: 'values', values: node.enum });
    if (types.includes('number') || types.includes('integer')) {
      const integer = types.includes('integer');
      const min = node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : node.minimum;
      const max = node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : node.maximum;
      const range = {
        ...(min !== undefined && min > -SAFE ? { min } : {}),
        ...(max !== undefined && max < SAFE ? { max } : {}),
      };
      if (Object.keys(range).length && !node.enum) found.push({ path, kind: 'range', integer, ...range });
    }
    if (types.includes('string') && (node.minLength !== undefined || node.maxLength !== undefined)) {
      found.push({
        path,
        kind: 'length',
        ...(node.minLength !== undefined ? { min: node.minLength } : {}),
        ...(node.maxLength !== undefined ? { max: node.maxLength } : {}),
      });
    }
    if (types.includes('array') || node.items) {
      if (node.minItems !== undefined || node.maxItems !== undefined) {
        found.push({
          path,
          kind: 'count',
          ...(node.minItems !== undefined ? { min: node.minItems } : {}),
          ...(node.maxItems !== undefined ? { max: node.maxItems } : {}),
        });
      }
      if (node.items) visit(node.items, `${path}[]`);
    }
    for (const [key, child] of Object.entries(node.properties ?? {})) visit(child, path ? `${path}.${key}` : key);
  };
  visit(json, '');
  return found;
}

/** One value tried against a rule, and whether the rule lets it through. */
export interface Case {
  /** What is tried, for the test's name: "degradedResponseTime 5000 (the most)". */
  what: string;
  path: FieldPath;
  value: unknown;
  accepted: boolean;
  /** A value of an enum between its first and its last (a run of mon each for all of them is long: the CLI tries the ends). */
  between?: boolean;
}

/** A value of `length` characters. */
export const textOf = (length: number) => 'x'.repeat(length);

/** A value not among `values` (of the same type): one past the largest number, or a word none is. */
function notAmong(values: readonly (string | number)[]): string | number {
  if (values.every((value) => typeof value === 'number')) {
    const numbers = values as number[];
    return Math.max(...numbers) + 1;
  }
  return 'NOT_ONE_OF_THEM';
}

/**
 * The cases of a bound: each end accepted and one past it refused; every value of an enum
 * accepted and one that is none of them refused. `item(i)` makes the i-th item of a list
 * (for the count of a list).
 */
export function casesOf(bound: Bound, item?: (index: number) => unknown): Case[] {
  const cases: Case[] = [];
  const add = (what: string, value: unknown, accepted: boolean, between = false) =>
    cases.push({ what: `${bound.path} ${what}`, path: bound.path, value, accepted, ...(between ? { between } : {}) });
  switch (bound.kind) {
    case 'range':
      if (bound.min !== undefined) {
        add(`${bound.min} (the least)`, bound.min, true);
        add(`${bound.min - 1} (one below)`, bound.min - 1, false);
      }
      if (bound.max !== undefined) {
        add(`${bound.max} (the most)`, bound.max, true);
        add(`${bound.max + 1} (one above)`, bound.max + 1, false);
      }
      break;
    case 'length':
      if (bound.min !== undefined) {
        add(`of ${bound.min} characters (the fewest)`, textOf(bound.min), true);
        if (bound.min > 0) add(`of ${bound.min - 1} characters (one fewer)`, textOf(bound.min - 1), false);
      }
      if (bound.max !== undefined) {
        add(`of ${bound.max} characters (the most)`, textOf(bound.max), true);
        add(`of ${bound.max + 1} characters (one more)`, textOf(bound.max + 1), false);
      }
      break;
    case 'count': {
      if (!item) throw new Error(`${bound.path}: a count needs the list's items (give an item maker)`);
      const list = (count: number) => Array.from({ length: count }, (_, index) => item(index));
      if (bound.min !== undefined) {
        add(`with ${bound.min} items (the fewest)`, list(bound.min), true);
        if (bound.min > 0) add(`with ${bound.min - 1} items (one fewer)`, list(bound.min - 1), false);
      }
      if (bound.max !== undefined) {
        add(`with ${bound.max} items (the most)`, list(bound.max), true);
        add(`with ${bound.max + 1} items (one more)`, list(bound.max + 1), false);
      }
      break;
    }
    case 'values':
      bound.values.forEach((value, index) =>
        add(`${JSON.stringify(value)} (one of the values)`, value, true, index > 0 && index < bound.values.length - 1),
      );
      add(`${JSON.stringify(notAmong(bound.values))} (none of them)`, notAmong(bound.values), false);
      break;
  }
  return cases;
}

/**
 * `body` with `value` at `path`: `a.b` an object's field; `a[]` a list of one item (the
 * item `items[a[]]` gives, or the value itself at the end of the path).
 */
export function withValue(
  body: unknown,
  path: FieldPath,
  value: unknown,
  items: Record<string, unknown> = {},
): Record<string, unknown> {
  const copy = structuredClone(body) as Record<string, unknown>;
  const steps = path.split('.');
  let at: Record<string, unknown> = copy;
  let walked = '';
  steps.forEach((step, index) => {
    const last = index === steps.length - 1;
    const list = step.endsWith('[]');
    const key = list ? step.slice(0, -2) : step;
    walked = walked ? `${walked}.${step}` : step;
    if (last) {
      at[key] = list ? [value] : value;
      return;
    }
    if (list) {
      const item = structuredClone(items[walked] ?? {}) as Record<string, unknown>;
      at[key] = [item];
      at = item;
    } else {
      if (typeof at[key] !== 'object' || at[key] === null) at[key] = {};
      at = at[key] as Record<string, unknown>;
    }
  });
  return copy;
}

/**
 * The spec's limits (/work/shared/spec/monitoring-api.md, "Limits" and the field tables), as
 * it states them, on the field of each request they bind. Each must be among the bounds
 * derived from the schemas; a schema that drifts from the spec fails there, whatever the
 * tables derived from it then say.
 */
export const SPEC_LIMITS: { schema: string; bound: Bound; spec: string }[] = [
  {
    schema: 'incident create',
    bound: { path: 'name', kind: 'length', max: 255 },
    spec: 'Incident name: max 255 characters',
  },
  {
    schema: 'incident put',
    bound: { path: 'name', kind: 'length', max: 255 },
    spec: 'Incident name: max 255 characters',
  },
  {
    schema: 'incident create',
    bound: { path: 'services', kind: 'count', min: 1 },
    spec: 'Incident services: min 1 item',
  },
  { schema: 'incident put', bound: { path: 'services', kind: 'count', min: 1 }, spec: 'Incident services: min 1 item' },
  {
    schema: 'incident create',
    bound: { path: 'severity', kind: 'values', values: ['CRITICAL', 'MAJOR', 'MEDIUM', 'MINOR'] },
    spec: 'Incident severity: CRITICAL, MAJOR, MEDIUM, MINOR',
  },
  {
    schema: 'incident update',
    bound: { path: 'status', kind: 'values', values: ['INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED'] },
    spec: 'Incident update status: INVESTIGATING, IDENTIFIED, MONITORING, RESOLVED',
  },
  {
    schema: 'DNS check',
    bound: { path: 'description', kind: 'length', max: 500 },
    spec: 'Check description: max 500 characters',
  },
  {
    schema: 'DNS check',
    bound: { path: 'environmentVariables', kind: 'count', max: 50 },
    spec: 'environmentVariables: max 50 items',
  },
  {
    schema: 'DNS check',
    bound: { path: 'degradedResponseTime', kind: 'range', min: 0, max: 5000, integer: false },
    spec: 'degradedResponseTime: 0 to 5000 ms',
  },
  {
    schema: 'DNS check',
    bound: { path: 'maxResponseTime', kind: 'range', min: 0, max: 5000, integer: false },
    spec: 'maxResponseTime: 0 to 5000 ms',
  },
  {
    schema: 'DNS check',
    bound: { path: 'groupOrder', kind: 'range', min: 0, integer: false },
    spec: 'groupOrder: >= 0',
  },
  {
    schema: 'DNS check',
    bound: { path: 'frequencyOffset', kind: 'range', min: 1, integer: true },
    spec: 'frequencyOffset: >= 1 (and the frequency rules: RELATIONS)',
  },
  {
    schema: 'DNS check',
    bound: { path: 'frequency', kind: 'values', values: [0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440] },
    spec: 'frequency: one of 0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440',
  },
  {
    schema: 'DNS check',
    bound: {
      path: 'runtimeId',
      kind: 'values',
      values: ['2026.04', '2025.04', '2024.09', '2024.02', '2023.09', '2023.02', '2022.10'],
    },
    spec: 'runtimeId: one of 2026.04, 2025.04, 2024.09, 2024.02, 2023.09, 2023.02, 2022.10',
  },
  {
    schema: 'DNS check',
    bound: {
      path: 'locations[]',
      kind: 'values',
      values: [
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
      ],
    },
    spec: 'Location values',
  },
  {
    schema: 'combined check',
    bound: {
      path: 'type',
      kind: 'values',
      values: ['AGENTIC', 'API', 'BROWSER', 'HEARTBEAT', 'ICMP', 'MULTI_STEP', 'TCP', 'PLAYWRIGHT', 'URL', 'DNS'],
    },
    spec: 'Known check types',
  },
  {
    schema: 'heartbeat create',
    bound: { path: 'description', kind: 'length', max: 500 },
    spec: 'Heartbeat description: max 500 characters',
  },
  {
    schema: 'heartbeat create',
    bound: { path: 'heartbeat.periodUnit', kind: 'values', values: ['seconds', 'minutes', 'hours', 'days'] },
    spec: 'periodUnit: seconds, minutes, hours, days',
  },
  {
    schema: 'heartbeat create',
    bound: { path: 'heartbeat.graceUnit', kind: 'values', values: ['seconds', 'minutes', 'hours', 'days'] },
    spec: 'graceUnit: seconds, minutes, hours, days',
  },
  {
    schema: 'list query',
    bound: { path: 'limit', kind: 'range', min: 1, max: 100, integer: true },
    spec: 'List page size: 1 to 100',
  },
  {
    schema: 'events query',
    bound: { path: 'limit', kind: 'range', min: 1, max: 10, integer: true },
    spec: 'Heartbeat events limit: at most 10',
  },
];

/** The spec's rules between fields and its ranges in units (no JSON Schema says them): RELATIONS in rules.ts. */
export const SPEC_HEARTBEAT = {
  periodMinSeconds: 30,
  periodMaxSeconds: 365 * 86_400,
  graceMinSeconds: 0,
  graceMaxSeconds: 365 * 86_400,
} as const;
