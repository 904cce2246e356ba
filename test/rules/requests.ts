/**
 * The requests whose rules test/rules/ tries: each with its schema (where the bounds are
 * derived from), a valid body to change one field of, and how the sandbox is asked. And the
 * spec's rules between fields, written as the spec states them (the oracle the derived
 * cases are judged by).
 */
import type { z } from 'zod';
import { combinedCheckCreateSchema, dnsCheckCreateSchema } from '../../src/api/schemas/checks';
import { checkListQuerySchema } from '../../src/api/schemas/checkReads';
import { listQuerySchema } from '../../src/api/schemas/common';
import {
  heartbeatCreateBodySchema,
  heartbeatEventsQuerySchema,
  heartbeatUpdateBodySchema,
} from '../../src/api/schemas/heartbeats';
import {
  incidentCreateBodySchema,
  incidentPutBodySchema,
  incidentUpdateBodySchema,
} from '../../src/api/schemas/incidents';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../src/sandbox/server';
import { sandboxCall, TEST_ACCOUNT } from '../helpers';
import type { FieldPath } from './derive';

const SERVICES = Object.values(SEED_SERVICES);
const service = (index: number) => ({ id: SERVICES[index % SERVICES.length]!, name: 'Any', accountId: TEST_ACCOUNT });

/** The sandbox's answer to a request of the rule's, with `value` as the body or the query. */
export type Send = (sandbox: Sandbox, value: Record<string, unknown>) => Promise<{ status: number; body: unknown }>;

export interface RequestRules {
  name: string;
  schema: z.ZodType;
  /** A valid body (or query) with room for every bound: the cases change one field of it. */
  base: Record<string, unknown>;
  /** The i-th item of a list, for a case on the count of that list. */
  items?: Record<FieldPath, (index: number) => unknown>;
  /** The item a case on a field inside a list is set in (`request.assertions[]`). */
  within?: Record<FieldPath, unknown>;
  /** What a user gives beside a value for it to be one the rules between fields allow (frequency 0 needs an offset). */
  beside?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** Where the sandbox reads it: `body` or `query`. */
  where: 'body' | 'query';
  send: Send;
  /**
   * Fields on which the sandbox has a rule more than the schema: the accepted side there is
   * the schema's only (the sandbox refuses a service that is on no status page, whatever its length).
   */
  sandboxAlsoNeeds?: Record<FieldPath, string>;
}

/** A query as the URL carries it (values as text, a list as repeated parameters). */
export function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Things made in the sandbox for the requests that need them (an incident to update, a monitor). */
async function made(sandbox: Sandbox, kind: 'incident' | 'heartbeat'): Promise<{ id: string; updateId?: string }> {
  if (kind === 'incident') {
    const { body } = await sandboxCall(sandbox, 'POST', '/v1/status-pages/incidents', {
      name: 'Bounds',
      severity: 'MINOR',
      services: [service(0)],
      incidentUpdates: [{ description: 'Began' }],
    });
    const incident = body as { id: string; incidentUpdates: { id: string }[] };
    return { id: incident.id, updateId: incident.incidentUpdates[0]!.id };
  }
  const { body } = await sandboxCall(sandbox, 'POST', '/v1/checks/heartbeat', {
    name: 'Bounds',
    heartbeat: { period: 1, periodUnit: 'hours', grace: 0, graceUnit: 'minutes' },
  });
  return { id: (body as { id: string }).id };
}

const CHECK_BASE = {
  name: 'Bounds',
  request: { query: 'example.com', recordType: 'A' },
  heartbeat: {},
  script: '',
  // Room on both sides for either response time's bounds: degraded <= max whichever moves.
  degradedResponseTime: 0,
  maxResponseTime: 5000,
};
const CHECK_ITEMS = {
  environmentVariables: (index: number) => ({ key: `KEY_${index}`, value: 'v' }),
  dependencies: (index: number) => ({ path: `lib/${index}.js`, content: 'x' }),
};
const CHECK_WITHIN = {
  'request.assertions[]': { source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NOERROR' },
  'environmentVariables[]': { key: 'KEY', value: 'v' },
  'dependencies[]': { path: 'lib/a.js', content: 'x' },
  'alertChannelSubscriptions[]': { alertChannelId: 1001, activated: true },
};
const TRIGGER = {
  triggerIncident: {
    serviceId: SEED_SERVICES.api,
    severity: 'MINOR',
    name: 'Check failing',
    description: 'd',
    notifySubscribers: false,
  },
};
const HEARTBEAT_BASE = {
  name: 'Bounds',
  heartbeat: { period: 60, periodUnit: 'minutes', grace: 0, graceUnit: 'minutes' },
};

export const REQUESTS: RequestRules[] = [
  {
    name: 'DNS check',
    schema: dnsCheckCreateSchema(),
    base: { ...CHECK_BASE, ...TRIGGER, retryStrategy: { type: 'FIXED' } },
    items: CHECK_ITEMS,
    within: CHECK_WITHIN,
    where: 'body',
    send: (sandbox, body) => sandboxCall(sandbox, 'POST', '/v1/checks/dns', body),
    sandboxAlsoNeeds: { 'triggerIncident.serviceId': 'a service of a status page' },
  },
  {
    name: 'combined check',
    schema: combinedCheckCreateSchema(),
    base: { ...CHECK_BASE, ...TRIGGER, retryStrategy: { type: 'FIXED' }, type: 'DNS' },
    items: CHECK_ITEMS,
    within: CHECK_WITHIN,
    // A run every 10 seconds: frequency 0 and its offset.
    beside: (body) =>
      body.frequency === 0 && body.frequencyOffset === undefined ? { ...body, frequencyOffset: 10 } : body,
    where: 'body',
    send: (sandbox, body) => sandboxCall(sandbox, 'POST', '/v1/checks', body),
    sandboxAlsoNeeds: { 'triggerIncident.serviceId': 'a service of a status page' },
  },
  {
    name: 'heartbeat create',
    schema: heartbeatCreateBodySchema,
    base: HEARTBEAT_BASE,
    within: { 'alertChannelSubscriptions[]': { alertChannelId: 1001, activated: true } },
    where: 'body',
    send: (sandbox, body) => sandboxCall(sandbox, 'POST', '/v1/checks/heartbeat', body),
  },
  {
    name: 'heartbeat update',
    schema: heartbeatUpdateBodySchema,
    base: HEARTBEAT_BASE,
    within: { 'alertChannelSubscriptions[]': { alertChannelId: 1001, activated: true } },
    where: 'body',
    send: async (sandbox, body) =>
      sandboxCall(sandbox, 'PUT', `/v1/checks/heartbeat/${(await made(sandbox, 'heartbeat')).id}`, body),
  },
  {
    name: 'incident create',
    schema: incidentCreateBodySchema,
    base: { name: 'Bounds', severity: 'MINOR', services: [service(0)], incidentUpdates: [{ description: 'Began' }] },
    items: { services: service, incidentUpdates: (index) => ({ description: `Update ${index}` }) },
    within: { 'services[]': service(0), 'incidentUpdates[]': { description: 'Began' } },
    where: 'body',
    send: (sandbox, body) => sandboxCall(sandbox, 'POST', '/v1/status-pages/incidents', body),
    sandboxAlsoNeeds: { 'services[].id': 'a service of a status page' },
  },
  {
    name: 'incident put',
    schema: incidentPutBodySchema,
    base: { name: 'Bounds', severity: 'MINOR', services: [service(0)] },
    items: { services: service },
    within: { 'services[]': service(0) },
    where: 'body',
    send: async (sandbox, body) =>
      sandboxCall(sandbox, 'PUT', `/v1/status-pages/incidents/${(await made(sandbox, 'incident')).id}`, body),
    sandboxAlsoNeeds: { 'services[].id': 'a service of a status page' },
  },
  {
    name: 'incident update',
    schema: incidentUpdateBodySchema,
    base: { description: 'An update' },
    where: 'body',
    send: async (sandbox, body) =>
      sandboxCall(
        sandbox,
        'POST',
        `/v1/status-pages/incidents/${(await made(sandbox, 'incident')).id}/incident-updates`,
        body,
      ),
  },
  {
    name: 'incident update edit',
    schema: incidentUpdateBodySchema,
    base: { description: 'An update' },
    where: 'body',
    send: async (sandbox, body) => {
      const { id, updateId } = await made(sandbox, 'incident');
      return sandboxCall(sandbox, 'PUT', `/v1/status-pages/incidents/${id}/incident-updates/${updateId}`, body);
    },
  },
  {
    name: 'list query',
    schema: listQuerySchema,
    base: {},
    where: 'query',
    send: (sandbox, query) => sandboxCall(sandbox, 'GET', `/v1/status-pages/incidents${queryString(query)}`),
    sandboxAlsoNeeds: { nextId: 'the ID of an entry of the list (test/rules/sandbox.test.ts)' },
  },
  {
    name: 'status pages query',
    schema: listQuerySchema,
    base: {},
    where: 'query',
    send: (sandbox, query) => sandboxCall(sandbox, 'GET', `/v1/status-pages${queryString(query)}`),
    sandboxAlsoNeeds: { nextId: 'the ID of an entry of the list (test/rules/sandbox.test.ts)' },
  },
  {
    name: 'events query',
    schema: heartbeatEventsQuerySchema,
    base: {},
    where: 'query',
    send: async (sandbox, query) =>
      sandboxCall(
        sandbox,
        'GET',
        `/v1/checks/heartbeats/${(await made(sandbox, 'heartbeat')).id}/events${queryString(query)}`,
      ),
  },
  {
    name: 'checks query',
    schema: checkListQuerySchema,
    base: {},
    where: 'query',
    send: (sandbox, query) => sandboxCall(sandbox, 'GET', `/v1/checks${queryString(query)}`),
  },
];

/** The request of that name. */
export function request(name: string): RequestRules {
  const found = REQUESTS.find((one) => one.name === name);
  if (!found) throw new Error(`no request named ${name} in test/rules/requests.ts`);
  return found;
}

/* The spec's rules between fields, as it states them (its frequencyOffset rules 1 to 4, the response times' defaults). */

const SPEC_FREQUENCIES = [0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440];

/** Whether the spec allows this check body's frequency, offset and response times (for a check of `type`). */
export function specAllowsCheck(body: Record<string, unknown>, type: string): boolean {
  const frequency = (body.frequency as number | undefined) ?? 10;
  const offset = body.frequencyOffset as number | undefined;
  if (SPEC_FREQUENCIES.includes(frequency)) {
    if (frequency === 0) {
      // Rule 4: seconds-level frequencies for API and TCP checks only; rule 1: 10, 20 or 30 seconds.
      if (type !== 'API' && type !== 'TCP') return false;
      if (offset === undefined || ![10, 20, 30].includes(offset)) return false;
    } else if (typeof offset === 'number' && offset >= 1 && Number.isInteger(offset)) {
      const most = frequency <= 60 ? Math.floor(frequency * 10) : Math.ceil(frequency / 60);
      if (offset > most) return false;
    }
  }
  const degraded = body.degradedResponseTime === undefined ? 500 : body.degradedResponseTime;
  const max = body.maxResponseTime === undefined ? 1000 : body.maxResponseTime;
  const inRange = (value: unknown) => typeof value === 'number' && value >= 0 && value <= 5000;
  return !(inRange(degraded) && inRange(max) && (degraded as number) > (max as number));
}

const UNIT_SECONDS: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 };

/** Whether the spec allows this heartbeat's period (30 s to 365 days) and grace (0 to 365 days). */
export function specAllowsHeartbeat(body: Record<string, unknown>): boolean {
  const timing = body.heartbeat as Record<string, unknown> | undefined;
  if (!timing) return true;
  const seconds = (amount: unknown, unit: unknown) =>
    typeof amount === 'number' && typeof unit === 'string' && unit in UNIT_SECONDS
      ? amount * UNIT_SECONDS[unit]!
      : undefined;
  const period = seconds(timing.period, timing.periodUnit);
  const grace = seconds(timing.grace, timing.graceUnit);
  const periodOk = period === undefined || (period >= 30 && period <= 365 * 86_400);
  const graceOk = grace === undefined || (grace >= 0 && grace <= 365 * 86_400);
  return periodOk && graceOk;
}

/** Whether the spec's rules between fields allow `body` for the request of that name. */
export function relationsAllow(name: string, body: Record<string, unknown>): boolean {
  if (name === 'DNS check') return specAllowsCheck(body, 'DNS');
  if (name === 'combined check') return specAllowsCheck(body, String(body.type));
  if (name.startsWith('heartbeat')) return specAllowsHeartbeat(body);
  return true;
}
