/**
 * What mon accepts from the server (api/schemas/responses.ts, the answers' schemas), as a user
 * of the API client sees it: a valid answer (docs/API.md, the spec's fields) is read as it came,
 * unknown fields kept; a body that is not what the API describes is an error naming the field
 * and what it must be. Each answer's fields are written out below as the spec states them
 * (`string`, `number|null?`: nullable and optional); the cases are derived from that table:
 * each field left out (refused only if required), null (accepted only if nullable) and of the
 * wrong kind (always refused), each beside a body that is accepted.
 */
import { describe, expect, it } from 'vitest';
import { parseResponse } from '../../../src/api/read';
import { RESPONSES, type ResponseName } from '../../../src/api/schemas/responses';

/** What the user reads when an answer does not fit: the problems in the error's parentheses, or 'accepted'. */
function read(name: ResponseName, body: unknown): unknown {
  try {
    return parseResponse(
      RESPONSES[name],
      { status: 200, headers: {}, body, text: JSON.stringify(body) ?? '' },
      {
        method: 'GET',
        path: '/v1/x',
      },
    );
  } catch (error) {
    const message = (error as Error).message;
    const problem = /with a body that is not what the API describes \((.*)\)\.$/.exec(message);
    if (!problem) throw error;
    return { refused: problem[1] };
  }
}

/** A field's kind as the spec words it; `|null`: null is fine; `?`: it may be left out. */
type Kind = 'string' | 'number' | 'int' | 'boolean' | 'array' | 'object' | 'record' | 'unit' | 'amount' | 'DNS';
type Rule = `${Kind}${'' | '|null'}${'' | '?'}`;

/** A value of another kind, and the words zod (or the schema) uses for the refusal. */
const WRONG: Record<Kind, { value: unknown; says: string; missing: string; null: string }> = {
  string: {
    value: 1,
    says: 'Invalid input: expected string, received number',
    missing: 'Invalid input: expected string, received undefined',
    null: 'Invalid input: expected string, received null',
  },
  number: {
    value: '1',
    says: 'Invalid input: expected number, received string',
    missing: 'Invalid input: expected number, received undefined',
    null: 'Invalid input: expected number, received null',
  },
  int: {
    value: 1.5,
    says: 'Invalid input: expected int, received number',
    missing: 'Invalid input: expected number, received undefined',
    null: 'Invalid input: expected number, received null',
  },
  boolean: {
    value: 'true',
    says: 'Invalid input: expected boolean, received string',
    missing: 'Invalid input: expected boolean, received undefined',
    null: 'Invalid input: expected boolean, received null',
  },
  array: {
    value: 'x',
    says: 'Invalid input: expected array, received string',
    missing: 'Invalid input: expected array, received undefined',
    null: 'Invalid input: expected array, received null',
  },
  object: {
    value: 'x',
    says: 'Invalid input: expected object, received string',
    missing: 'Invalid input: expected object, received undefined',
    null: 'Invalid input: expected object, received null',
  },
  record: {
    value: 'x',
    says: 'Invalid input: expected record, received string',
    missing: 'Invalid input: expected record, received undefined',
    null: 'Invalid input: expected record, received null',
  },
  // A heartbeat's period and grace units, and their amounts (the request's words).
  unit: {
    value: 'weeks',
    says: 'must be one of seconds, minutes, hours, days',
    missing: 'is required',
    null: 'must be one of seconds, minutes, hours, days',
  },
  amount: { value: '30', says: 'must be a number', missing: 'is required', null: 'must be a number' },
  DNS: {
    value: 'API',
    says: 'Invalid input: expected "DNS"',
    missing: 'Invalid input: expected "DNS"',
    null: 'Invalid input: expected "DNS"',
  },
};

interface Answer {
  name: ResponseName;
  /** A whole answer, every field given. */
  valid: unknown;
  /** Every field (dotted path; a number is a list's item) and its rule. */
  fields: Record<string, Rule>;
}

function at(body: unknown, path: string[]): { parent: Record<string, unknown>; key: string } {
  let parent = body as Record<string, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  return { parent, key: path.at(-1)! };
}

/** `body` with the value at `path` set (or left out: undefined). */
function edited(body: unknown, path: string, value: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(body)) as unknown;
  const { parent, key } = at(copy, path.split('.'));
  if (value === undefined) delete parent[key];
  else parent[key] = value;
  return copy;
}

/** `a.0.b` as people read it (formatPath): `a[0].b`. */
const shown = (path: string) => path.replace(/(^|\.)(\d+)/g, '[$2]');

interface Case {
  what: string;
  body: unknown;
  /** undefined: accepted, else the problem the user reads. */
  refused?: string;
}

/** The cases of one answer's table: each field left out, null, and of the wrong kind. */
function casesOf(answer: Answer): Case[] {
  const cases: Case[] = [];
  for (const [path, rule] of Object.entries(answer.fields)) {
    const kind = rule.replace('|null', '').replace('?', '') as Kind;
    const words = WRONG[kind];
    const item = /(^|\.)\d+$/.test(path);
    if (!item) {
      cases.push({
        what: `${path} left out`,
        body: edited(answer.valid, path, undefined),
        refused: rule.endsWith('?') ? undefined : `${shown(path)}: ${words.missing}`,
      });
    }
    cases.push({
      what: `${path} null`,
      body: edited(answer.valid, path, null),
      refused: rule.includes('|null') ? undefined : `${shown(path)}: ${words.null}`,
    });
    cases.push({
      what: `${path} ${JSON.stringify(words.value)}`,
      body: edited(answer.valid, path, words.value),
      refused: `${shown(path)}: ${words.says}`,
    });
  }
  return cases;
}

const service = {
  id: 'svc-1',
  name: 'API',
  accountId: 'acc-1',
  created_at: '2026-03-02',
  updated_at: '2026-03-02T10:00:00.000Z',
};
const serviceFields = (at: string): Record<string, Rule> => ({
  [at]: 'object',
  [`${at}.id`]: 'string',
  [`${at}.name`]: 'string',
  [`${at}.accountId`]: 'string?',
  [`${at}.created_at`]: 'string?',
  [`${at}.updated_at`]: 'string|null?',
});

const incidentUpdate = {
  id: 'upd-1',
  description: 'Investigating slow logins',
  status: 'INVESTIGATING',
  publicIncidentUpdateDate: '2026-03-02T10:00:00.000Z',
  created_at: '2026-03-02',
  notifySubscribers: false,
};
const incidentUpdateFields: Record<string, Rule> = {
  id: 'string',
  description: 'string',
  status: 'string?',
  publicIncidentUpdateDate: 'string?',
  created_at: 'string?',
  notifySubscribers: 'boolean?',
};
const incident = {
  id: 'inc-1',
  name: 'Slow logins',
  severity: 'MAJOR',
  services: [service],
  incidentUpdates: [incidentUpdate],
  lastUpdateStatus: 'INVESTIGATING',
  created_at: '2026-03-02',
  updated_at: null,
  duration: 3600,
};
const incidentFields: Record<string, Rule> = {
  id: 'string',
  name: 'string',
  severity: 'string',
  services: 'array',
  ...serviceFields('services.0'),
  incidentUpdates: 'array',
  'incidentUpdates.0': 'object',
  'incidentUpdates.0.id': 'string',
  'incidentUpdates.0.description': 'string',
  lastUpdateStatus: 'string',
  created_at: 'string',
  updated_at: 'string|null?',
  duration: 'number|null?',
};

const statusPage = {
  id: 'sp-1',
  name: 'Acme status',
  url: 'acme',
  accountId: 'acc-1',
  description: null,
  customDomain: 'status.acme.test',
  cards: [{ id: 'card-1', name: 'Core', services: [service], created_at: '2026-03-02', updated_at: null }],
  // A status page's open incidents come without their updates.
  incidents: [{ ...incident, incidentUpdates: undefined }],
  isPrivate: false,
  created_at: '2026-03-02',
  updated_at: null,
};
delete (statusPage.incidents[0] as Record<string, unknown>).incidentUpdates;
const statusPageFields: Record<string, Rule> = {
  id: 'string',
  name: 'string',
  url: 'string',
  accountId: 'string?',
  description: 'string|null?',
  customDomain: 'string|null?',
  cards: 'array?',
  'cards.0': 'object',
  'cards.0.id': 'string',
  'cards.0.name': 'string',
  'cards.0.services': 'array?',
  ...serviceFields('cards.0.services.0'),
  'cards.0.created_at': 'string?',
  'cards.0.updated_at': 'string|null?',
  incidents: 'array?',
  'incidents.0': 'object',
  'incidents.0.id': 'string',
  'incidents.0.services': 'array',
  'incidents.0.incidentUpdates': 'array?',
  'incidents.0.lastUpdateStatus': 'string',
  isPrivate: 'boolean?',
  created_at: 'string?',
  updated_at: 'string|null?',
};

/** A DNS check as its create answers it (the spec's "DNS check (response)"). */
const dnsCheck = {
  id: 'chk-1',
  name: 'DNS example.com',
  checkType: 'DNS',
  activated: true,
  muted: false,
  doubleCheck: true,
  shouldFail: false,
  runParallel: false,
  useGlobalAlertSettings: true,
  locations: ['eu-west-1'],
  privateLocations: null,
  tags: ['dns'],
  description: null,
  frequency: 10,
  frequencyOffset: 1,
  runtimeId: null,
  groupId: null,
  groupOrder: null,
  degradedResponseTime: 500,
  maxResponseTime: 1000,
  retryStrategy: { type: 'FIXED', maxRetries: 2 },
  triggerIncident: { serviceId: 'svc-1', severity: 'CRITICAL' },
  alertChannelSubscriptions: [{ alertChannelId: 7, activated: true }],
  alertChannels: {
    email: [{ address: 'oncall@acme.test' }],
    webhook: [{ name: 'hook', url: 'https://hooks.acme.test/x', method: 'POST' }],
    slack: [{ url: 'https://slack.acme.test/x' }],
    sms: [{ name: 'pager', number: '+15550100' }],
  },
  request: {
    query: 'example.com',
    recordType: 'A',
    nameServer: '1.1.1.1',
    port: 53,
    protocol: 'UDP',
    assertions: [{ source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NOERROR' }],
  },
  created_at: '2026-03-02',
  updated_at: null,
};
const checkFields: Record<string, Rule> = {
  id: 'string',
  name: 'string',
  checkType: 'string?',
  activated: 'boolean?',
  muted: 'boolean?',
  doubleCheck: 'boolean?',
  shouldFail: 'boolean?',
  runParallel: 'boolean?',
  useGlobalAlertSettings: 'boolean?',
  locations: 'array|null?',
  'locations.0': 'string',
  privateLocations: 'array|null?',
  tags: 'array|null?',
  'tags.0': 'string',
  description: 'string|null?',
  frequency: 'number?',
  frequencyOffset: 'number|null?',
  runtimeId: 'string|null?',
  groupId: 'number|null?',
  groupOrder: 'number|null?',
  degradedResponseTime: 'number|null?',
  maxResponseTime: 'number|null?',
  retryStrategy: 'object|null?',
  'retryStrategy.type': 'string?',
  'retryStrategy.maxRetries': 'number?',
  triggerIncident: 'object|null?',
  'triggerIncident.serviceId': 'string?',
  'triggerIncident.severity': 'string?',
  alertChannelSubscriptions: 'array|null?',
  'alertChannelSubscriptions.0.alertChannelId': 'number',
  'alertChannelSubscriptions.0.activated': 'boolean',
  alertChannels: 'object|null?',
  'alertChannels.email': 'array?',
  'alertChannels.email.0.address': 'string?',
  'alertChannels.webhook': 'array?',
  'alertChannels.webhook.0.name': 'string?',
  'alertChannels.webhook.0.url': 'string?',
  'alertChannels.slack': 'array?',
  'alertChannels.slack.0.url': 'string?',
  'alertChannels.sms': 'array?',
  'alertChannels.sms.0.name': 'string?',
  'alertChannels.sms.0.number': 'string?',
  request: 'object|null?',
  'request.query': 'string?',
  'request.recordType': 'string?',
  'request.nameServer': 'string|null?',
  'request.port': 'number|null?',
  'request.protocol': 'string|null?',
  'request.assertions': 'array|null?',
  'request.assertions.0.source': 'string?',
  'request.assertions.0.comparison': 'string?',
  'request.assertions.0.target': 'string|null?',
  created_at: 'string?',
  updated_at: 'string|null?',
};

/** A heartbeat as a check read gives it: its schedule, and its ping token (a secret). */
const heartbeatCheckRead = {
  ...dnsCheck,
  checkType: 'HEARTBEAT',
  heartbeat: {
    period: 5,
    periodUnit: 'minutes',
    grace: 1,
    graceUnit: 'minutes',
    pingToken: 'tok-secret',
    pingUrl: 'https://ping.acme.test/tok-secret',
  },
};

const heartbeatCheck = {
  id: 'hb-1',
  name: 'Nightly backup',
  checkType: 'HEARTBEAT',
  activated: true,
  muted: false,
  tags: ['backup'],
  description: null,
  alertChannelSubscriptions: [{ alertChannelId: 7, activated: true }],
  heartbeat: {
    period: 1,
    periodUnit: 'days',
    grace: 30,
    graceUnit: 'minutes',
    pingToken: null,
    pingUrl: 'https://ping.acme.test/x',
  },
  created_at: '2026-03-02',
  updated_at: null,
};

const availability = { successRatio: { previousPeriod: 99.5, currentPeriod: null }, totalEntitiesCurrentPeriod: 288 };

const runtime = {
  name: '2025.04',
  multiStepSupport: true,
  nodeJsVersion: 'v22.11.0',
  dependencies: { playwright: '1.51.1' },
  stage: 'CURRENT',
  runtimeEndOfLife: '04/01/2027',
  description: 'Node.js 22',
};

const maintenanceWindow = {
  id: 42,
  name: 'Database upgrade',
  tags: ['db'],
  startsAt: '2026-03-02T14:00:00.000Z',
  endsAt: '2026-03-02T15:00:00.000Z',
  repeatInterval: 1,
  repeatUnit: 'WEEK',
  repeatEndsAt: null,
  timezone: 'Europe/Berlin',
  description: null,
  pauseAllChecks: false,
  silenceAlertsTags: ['db'],
  silenceAllAlerts: false,
  created_at: '2026-03-01',
  updated_at: null,
};

const sessionResult = {
  checkResultId: 'res-1',
  checkId: 'chk-1',
  name: 'DNS example.com',
  runLocation: 'eu-west-1',
  hasErrors: false,
  hasFailures: false,
  isDegraded: false,
  responseTime: 12,
};
const checkSession = {
  checkSessionId: 'ses-1',
  checkId: 'chk-1',
  name: 'DNS example.com',
  status: 'PASSED',
  startedAt: '2026-03-02T14:00:00.000Z',
  stoppedAt: null,
  timeElapsed: 1200,
  results: [sessionResult],
};

const checkResult = {
  id: 'res-1',
  name: 'DNS example.com',
  checkId: 'chk-1',
  hasFailures: false,
  hasErrors: false,
  isDegraded: null,
  runLocation: 'eu-west-1',
  startedAt: '2026-03-02T14:00:00.000Z',
  stoppedAt: null,
  responseTime: 12,
  resultType: 'FINAL',
};
const checkResultFields: Record<string, Rule> = {
  id: 'string',
  name: 'string?',
  checkId: 'string?',
  hasFailures: 'boolean?',
  hasErrors: 'boolean?',
  isDegraded: 'boolean|null?',
  runLocation: 'string?',
  startedAt: 'string|null?',
  stoppedAt: 'string|null?',
  responseTime: 'number?',
  resultType: 'string?',
};

const ANSWERS: Answer[] = [
  { name: 'incident', valid: incident, fields: incidentFields },
  { name: 'incidentUpdate', valid: incidentUpdate, fields: incidentUpdateFields },
  {
    name: 'incidentList',
    valid: { length: 1, entries: [incident], nextId: 'page-2' },
    fields: { length: 'int', entries: 'array', 'entries.0.id': 'string', nextId: 'string|null?' },
  },
  { name: 'statusPage', valid: statusPage, fields: statusPageFields },
  {
    name: 'statusPageList',
    valid: { length: 1, entries: [statusPage], nextId: null },
    fields: { length: 'int', entries: 'array', 'entries.0.url': 'string', nextId: 'string|null?' },
  },
  { name: 'createdCheck', valid: dnsCheck, fields: checkFields },
  { name: 'dnsCheck', valid: dnsCheck, fields: { ...checkFields, checkType: 'DNS?' } },
  {
    name: 'check',
    valid: heartbeatCheckRead,
    fields: {
      ...checkFields,
      checkType: 'string',
      heartbeat: 'object|null?',
      'heartbeat.period': 'number',
      'heartbeat.grace': 'number',
      'heartbeat.pingToken': 'string|null?',
      'heartbeat.pingUrl': 'string|null?',
    },
  },
  { name: 'checkList', valid: [heartbeatCheckRead], fields: { '0': 'object', '0.checkType': 'string' } },
  {
    name: 'checkStatus',
    valid: {
      name: 'DNS example.com',
      checkId: 'chk-1',
      hasFailures: false,
      hasErrors: false,
      isDegraded: true,
      lastRunLocation: 'eu-west-1',
      lastCheckRunId: null,
      created_at: '2026-03-02',
      updated_at: null,
    },
    fields: {
      name: 'string',
      checkId: 'string',
      hasFailures: 'boolean?',
      hasErrors: 'boolean?',
      isDegraded: 'boolean?',
      lastRunLocation: 'string|null?',
      lastCheckRunId: 'string|null?',
      created_at: 'string?',
      updated_at: 'string|null?',
    },
  },
  {
    name: 'checkStatusList',
    valid: [{ name: 'DNS example.com', checkId: 'chk-1' }, null],
    fields: { '0': 'object|null', '0.name': 'string', '0.checkId': 'string' },
  },
  {
    name: 'heartbeatCheck',
    valid: heartbeatCheck,
    fields: {
      id: 'string',
      name: 'string',
      checkType: 'string?',
      activated: 'boolean?',
      muted: 'boolean?',
      tags: 'array?',
      'tags.0': 'string',
      description: 'string|null?',
      alertChannelSubscriptions: 'array?',
      'alertChannelSubscriptions.0.alertChannelId': 'number',
      heartbeat: 'object',
      'heartbeat.period': 'amount',
      'heartbeat.periodUnit': 'unit',
      'heartbeat.grace': 'amount',
      'heartbeat.graceUnit': 'unit',
      'heartbeat.pingToken': 'string|null?',
      'heartbeat.pingUrl': 'string?',
      created_at: 'string?',
      updated_at: 'string|null?',
    },
  },
  {
    name: 'heartbeatEvents',
    valid: [
      {
        events: [
          { id: 'ev-1', state: 'FAILING', timestamp: '2026-03-02T14:00:00.000Z', source: null, userAgent: 'curl/8' },
        ],
        stats: { last24Hours: availability, last7Days: null },
      },
    ],
    fields: {
      '0': 'object',
      '0.events': 'array?',
      '0.events.0.id': 'string',
      '0.events.0.state': 'string?',
      '0.events.0.timestamp': 'string?',
      '0.events.0.source': 'string|null?',
      '0.events.0.userAgent': 'string|null?',
      '0.stats': 'object?',
      '0.stats.last24Hours': 'object|null?',
      '0.stats.last24Hours.successRatio': 'object?',
      '0.stats.last24Hours.successRatio.previousPeriod': 'number|null?',
      '0.stats.last24Hours.successRatio.currentPeriod': 'number|null?',
      '0.stats.last24Hours.totalEntitiesCurrentPeriod': 'number?',
      '0.stats.last7Days': 'object|null?',
    },
  },
  {
    name: 'availability',
    valid: availability,
    fields: {
      successRatio: 'object?',
      'successRatio.previousPeriod': 'number|null?',
      'successRatio.currentPeriod': 'number|null?',
      totalEntitiesCurrentPeriod: 'number?',
    },
  },
  {
    name: 'runtime',
    valid: runtime,
    fields: {
      name: 'string',
      multiStepSupport: 'boolean',
      nodeJsVersion: 'string',
      dependencies: 'record',
      'dependencies.playwright': 'string?',
      stage: 'string?',
      runtimeEndOfLife: 'string?',
      description: 'string?',
    },
  },
  { name: 'runtimeList', valid: [runtime], fields: { '0': 'object', '0.nodeJsVersion': 'string' } },
  {
    name: 'maintenanceWindow',
    valid: maintenanceWindow,
    fields: {
      id: 'number',
      name: 'string',
      tags: 'array|null?',
      'tags.0': 'string',
      startsAt: 'string',
      endsAt: 'string',
      repeatInterval: 'number|null?',
      repeatUnit: 'string|null?',
      repeatEndsAt: 'string|null?',
      timezone: 'string|null?',
      description: 'string|null?',
      pauseAllChecks: 'boolean?',
      silenceAlertsTags: 'array|null?',
      'silenceAlertsTags.0': 'string',
      silenceAllAlerts: 'boolean?',
      created_at: 'string?',
      updated_at: 'string|null?',
    },
  },
  { name: 'maintenanceWindowList', valid: [maintenanceWindow], fields: { '0': 'object', '0.startsAt': 'string' } },
  {
    name: 'checkSession',
    valid: checkSession,
    fields: {
      checkSessionId: 'string',
      checkId: 'string',
      name: 'string?',
      status: 'string',
      startedAt: 'string?',
      stoppedAt: 'string|null?',
      timeElapsed: 'number?',
      results: 'array?',
      'results.0.checkResultId': 'string',
      'results.0.checkId': 'string',
      'results.0.name': 'string?',
      'results.0.runLocation': 'string?',
      'results.0.hasErrors': 'boolean',
      'results.0.hasFailures': 'boolean',
      'results.0.isDegraded': 'boolean?',
      'results.0.responseTime': 'number|null?',
    },
  },
  {
    name: 'triggeredSessions',
    valid: { sessions: [checkSession] },
    fields: { sessions: 'array', 'sessions.0.checkSessionId': 'string' },
  },
  { name: 'checkResult', valid: checkResult, fields: checkResultFields },
  { name: 'checkResultList', valid: [checkResult], fields: { '0': 'object', '0.id': 'string' } },
];

describe('every answer mon reads has its table here', () => {
  it('the same names as api/schemas/responses.ts', () => {
    expect(ANSWERS.map((answer) => answer.name).sort()).toEqual(Object.keys(RESPONSES).sort());
  });
});

describe.each(ANSWERS.map((answer) => [answer.name, answer] as const))('the %s answer', (_name, answer) => {
  it('a valid answer is read as it came, a field the API added kept', () => {
    const added = Array.isArray(answer.valid) ? answer.valid : { ...(answer.valid as object), addedLater: [1] };
    expect(read(answer.name, added)).toEqual(added);
  });

  it.each(casesOf(answer).map((one) => [one.what, one] as const))('%s', (_what, one) => {
    if (one.refused === undefined) expect(read(answer.name, one.body)).toEqual(one.body);
    else expect(read(answer.name, one.body)).toEqual({ refused: one.refused });
  });
});

describe('answers that may be null or empty', () => {
  it.each([
    ['checkStatus', null, null],
    ['availability', null, null],
    ['checkStatusList', [], []],
    ['checkList', [], []],
    ['incidentList', { length: 0, entries: [] }, { length: 0, entries: [] }],
  ] as const)('%s: %j is read as %j', (name, body, expected) => {
    expect(read(name, body)).toEqual(expected);
  });

  it('an incident answer that is not an object says so, with the status and the request', () => {
    expect(() =>
      parseResponse(
        RESPONSES.incident,
        { status: 200, headers: {}, body: [], text: '[]' },
        {
          method: 'GET',
          path: '/v1/status-pages/incidents/inc-1',
        },
      ),
    ).toThrow(
      'The server answered 200 OK to GET /v1/status-pages/incidents/inc-1 with a body that is not what the API describes (body: Invalid input: expected object, received array).',
    );
  });
});
