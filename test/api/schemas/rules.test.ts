/**
 * The rules of the request bodies and queries that test/rules/ (bounds, judged by which field
 * is refused) and messages.test.ts (the words for an empty body, lists, objects) do not reach:
 * the rules between fields (a window's times, a page's visibility, check results' 6-hour
 * window), the words of each bound, and what a query's text reads as. Each rule on both sides:
 * the case at the bound accepted beside the one past it refused, in the words the client
 * (`--file`, `mon api`) and the sandbox's 400 show.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checkListQuerySchema } from '../../../src/api/schemas/checkReads';
import { checkResultsQuerySchema, resultsCheckIdSchema } from '../../../src/api/schemas/checkResults';
import { checkSessionTriggerSchema, completionQuerySchema } from '../../../src/api/schemas/checkSessions';
import { describeFrequency } from '../../../src/api/schemas/checkValues';
import { listQuerySchema, pathIdSchema, wholeNumber } from '../../../src/api/schemas/common';
import {
  availabilityQuerySchema,
  heartbeatCreateBodySchema,
  heartbeatEventsQuerySchema,
  heartbeatMonitorSchema,
  heartbeatUpdateBodySchema,
  windowIsOrdered,
} from '../../../src/api/schemas/heartbeats';
import {
  incidentCreateBodySchema,
  incidentPutBodySchema,
  incidentUpdateBodySchema,
} from '../../../src/api/schemas/incidents';
import {
  maintenanceWindowCreateSchema,
  maintenanceWindowListQuerySchema,
  maintenanceWindowUpdateSchema,
  mergedVisibilitySchema,
  mergedWindowSchema,
  statusPageVisibilitySchema,
} from '../../../src/api/schemas/maintenance';
import { issues } from './issues';

/** What a body or query reads as once accepted. */
function parsed(schema: z.ZodType, body: unknown): unknown {
  const result = schema.safeParse(body);
  return result.success ? result.data : { refused: result.error.issues.map((issue) => issue.message) };
}

const GUID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const service = { id: 'svc-1', name: 'API', accountId: 'acc-1' };
const incident = { name: 'Slow logins', severity: 'MAJOR', services: [service] };
const window = {
  name: 'Database upgrade',
  startsAt: '2026-03-02T14:00:00Z',
  endsAt: '2026-03-02T15:00:00Z',
  repeatUnit: 'WEEK',
};
const monitor = { name: 'Nightly backup', period: 1, periodUnit: 'days', grace: 30, graceUnit: 'minutes' };
const heartbeatBody = {
  name: 'Nightly backup',
  heartbeat: { period: 1, periodUnit: 'days', grace: 0, graceUnit: 'hours' },
};

type Row = [what: string, schema: z.ZodType, body: unknown, expected: Record<string, string>];

const ROWS: Row[] = [
  // common.ts: the paginated lists' query, an ID in a path, a whole number from text.
  ['list query: limit 1', listQuerySchema, { limit: 1 }, {}],
  ['list query: limit 100', listQuerySchema, { limit: '100' }, {}],
  ['list query: limit 0', listQuerySchema, { limit: 0 }, { limit: 'must be a whole number from 1 to 100' }],
  ['list query: limit 101', listQuerySchema, { limit: '101' }, { limit: 'must be a whole number from 1 to 100' }],
  ['list query: limit 2.5', listQuerySchema, { limit: '2.5' }, { limit: 'must be a whole number from 1 to 100' }],
  ['list query: limit "ten"', listQuerySchema, { limit: 'ten' }, { limit: 'must be a whole number from 1 to 100' }],
  ['list query: nextId "a"', listQuerySchema, { nextId: 'a' }, {}],
  ['list query: nextId ""', listQuerySchema, { nextId: '' }, { nextId: 'must not be empty' }],
  ['an ID in a path: "inc-1"', pathIdSchema, 'inc-1', {}],
  ['an ID in a path: ""', pathIdSchema, '', { '': 'must not be empty' }],
  ['an ID in a path: "a/b"', pathIdSchema, 'a/b', { '': 'must not contain "/", "\\", "?", "#" or "%"' }],
  ['a page from 1: 1', wholeNumber(1), 1, {}],
  ['a page from 1: 0', wholeNumber(1), 0, { '': 'must be a whole number >= 1' }],

  // checkReads.ts: the check list's query.
  [
    'checks query: page 1, every filter',
    checkListQuerySchema,
    { page: 1, checkType: 'DNS', tag: ['web'], search: 'x', status: 'failing' },
    {},
  ],
  ['checks query: page 0', checkListQuerySchema, { page: 0 }, { page: 'must be a whole number >= 1' }],
  ['checks query: limit 101', checkListQuerySchema, { limit: 101 }, { limit: 'must be a whole number from 1 to 100' }],
  [
    'checks query: checkType dns',
    checkListQuerySchema,
    { checkType: 'dns' },
    { checkType: 'must be one of AGENTIC, API, BROWSER, HEARTBEAT, ICMP, MULTI_STEP, TCP, PLAYWRIGHT, URL, DNS' },
  ],
  ['checks query: an empty tag', checkListQuerySchema, { tag: ['web', ''] }, { 'tag.1': 'must not be empty' }],
  [
    'checks query: status up',
    checkListQuerySchema,
    { status: 'up' },
    { status: 'must be one of passing, failing, degraded' },
  ],

  // checkResults.ts: the results' query and its window of at most 6 hours.
  [
    'results query: every filter',
    checkResultsQuerySchema,
    { limit: 100, page: 1, location: 'eu-west-1', checkType: 'GRPC', hasFailures: 'false', resultType: 'ALL' },
    {},
  ],
  ['results query: limit 1', checkResultsQuerySchema, { limit: 1 }, {}],
  [
    'results query: limit 101',
    checkResultsQuerySchema,
    { limit: 101 },
    { limit: 'must be a whole number from 1 to 100' },
  ],
  ['results query: limit 0', checkResultsQuerySchema, { limit: 0 }, { limit: 'must be a whole number from 1 to 100' }],
  ['results query: page 0', checkResultsQuerySchema, { page: 0 }, { page: 'must be a whole number >= 1' }],
  [
    'results query: location mars',
    checkResultsQuerySchema,
    { location: 'mars-1' },
    { location: 'must be a data-center location such as eu-west-1' },
  ],
  [
    'results query: checkType SOAP',
    checkResultsQuerySchema,
    { checkType: 'SOAP' },
    {
      checkType:
        'must be one of AGENTIC, API, BROWSER, HEARTBEAT, ICMP, MULTI_STEP, TCP, PLAYWRIGHT, URL, DNS, TRACEROUTE, SSL, GRPC',
    },
  ],
  ['results query: hasFailures true', checkResultsQuerySchema, { hasFailures: 'true' }, {}],
  [
    'results query: hasFailures yes',
    checkResultsQuerySchema,
    { hasFailures: 'yes' },
    { hasFailures: 'must be true or false' },
  ],
  [
    'results query: resultType LAST',
    checkResultsQuerySchema,
    { resultType: 'LAST' },
    { resultType: 'must be one of FINAL, ATTEMPT, ALL' },
  ],
  ['results query: from -1', checkResultsQuerySchema, { from: '-1' }, { from: 'must be a UNIX time in seconds' }],
  ['results query: to "noon"', checkResultsQuerySchema, { to: 'noon' }, { to: 'must be a UNIX time in seconds' }],
  ['results query: from 0 alone', checkResultsQuerySchema, { from: 0 }, {}],
  ['results query: to alone', checkResultsQuerySchema, { to: 1_700_000_000 }, {}],
  ['results query: to = from', checkResultsQuerySchema, { from: 1_700_000_000, to: 1_700_000_000 }, {}],
  [
    'results query: to 1 s before from',
    checkResultsQuerySchema,
    { from: 1_700_000_000, to: 1_699_999_999 },
    { to: 'must not be before from (1700000000)' },
  ],
  ['results query: a window of 6 hours', checkResultsQuerySchema, { from: '1700000000', to: '1700021600' }, {}],
  [
    'results query: a window of 6 hours and 1 s',
    checkResultsQuerySchema,
    { from: '1700000000', to: '1700021601' },
    { to: 'must be at most 6 hours (21600 seconds) after from' },
  ],
  [
    'results query: a window of 6 hours and 0.5 s',
    checkResultsQuerySchema,
    { from: 10, to: 21_610.5 },
    { to: 'must be at most 6 hours (21600 seconds) after from' },
  ],
  ['a result list of a check ID', resultsCheckIdSchema, GUID, {}],
  [
    'a result list of a check name',
    resultsCheckIdSchema,
    'my-check',
    { '': 'must be a check ID (8-4-4-4-12 hexadecimal digits)' },
  ],

  // checkSessions.ts: the trigger's body and the completion's wait.
  [
    'trigger: everything',
    checkSessionTriggerSchema,
    { target: { checkId: [GUID], matchTags: [['web', '!slow'], ['api']] }, refreshCache: true },
    {},
  ],
  ['trigger: nothing', checkSessionTriggerSchema, {}, {}],
  [
    'trigger: a check name',
    checkSessionTriggerSchema,
    { target: { checkId: ['my-check'] } },
    { 'target.checkId.0': 'must be a check ID (8-4-4-4-12 hexadecimal digits)' },
  ],
  [
    'trigger: checkId not a list',
    checkSessionTriggerSchema,
    { target: { checkId: GUID } },
    { 'target.checkId': 'must be a list of check IDs' },
  ],
  [
    'trigger: matchTags a list of tags',
    checkSessionTriggerSchema,
    { target: { matchTags: ['web'] } },
    { 'target.matchTags.0': 'must be a list of tags (all of which a check must have)' },
  ],
  [
    'trigger: matchTags a tag',
    checkSessionTriggerSchema,
    { target: { matchTags: 'web' } },
    { 'target.matchTags': 'must be a list of lists of tags' },
  ],
  [
    'trigger: a tag of spaces',
    checkSessionTriggerSchema,
    { target: { matchTags: [[' ']] } },
    { 'target.matchTags.0.0': 'must not be empty' },
  ],
  [
    'trigger: a tag "!"',
    checkSessionTriggerSchema,
    { target: { matchTags: [[' ! ']] } },
    { 'target.matchTags.0.0': 'must not be empty' },
  ],
  ['trigger: a tag "!x"', checkSessionTriggerSchema, { target: { matchTags: [['!x', 'x!']] } }, {}],
  [
    'trigger: a tag 7',
    checkSessionTriggerSchema,
    { target: { matchTags: [[7]] } },
    { 'target.matchTags.0.0': 'must be a tag' },
  ],
  [
    'trigger: an unknown field',
    checkSessionTriggerSchema,
    { target: { tags: ['web'] }, refresh: true },
    { target: 'has unknown field "tags"', '': 'has unknown field "refresh"' },
  ],
  ['trigger: two unknown fields', checkSessionTriggerSchema, { a: 1, b: 2 }, { '': 'has unknown fields "a", "b"' }],
  [
    'trigger: refreshCache "yes"',
    checkSessionTriggerSchema,
    { refreshCache: 'yes' },
    { refreshCache: 'must be true or false' },
  ],
  ['trigger: target null', checkSessionTriggerSchema, { target: null }, { target: 'must be an object' }],
  ['completion: wait 1 s', completionQuerySchema, { maxWaitSeconds: 1 }, {}],
  ['completion: wait 30 s', completionQuerySchema, { maxWaitSeconds: '30' }, {}],
  [
    'completion: wait 0.9 s',
    completionQuerySchema,
    { maxWaitSeconds: '0.9' },
    { maxWaitSeconds: 'must be a number of seconds from 1 to 30' },
  ],
  [
    'completion: wait 30.5 s',
    completionQuerySchema,
    { maxWaitSeconds: 30.5 },
    { maxWaitSeconds: 'must be a number of seconds from 1 to 30' },
  ],
  [
    'completion: wait "soon"',
    completionQuerySchema,
    { maxWaitSeconds: 'soon' },
    { maxWaitSeconds: 'must be a number of seconds from 1 to 30' },
  ],
  [
    'completion: wait "1.5s"',
    completionQuerySchema,
    { maxWaitSeconds: '1.5s' },
    { maxWaitSeconds: 'must be a number of seconds from 1 to 30' },
  ],

  // heartbeats.ts: the reads' windows and the bodies' rules.
  [
    'availability: from a date to a date-time',
    availabilityQuerySchema,
    { startTime: '2026-03-01', endTime: '2026-03-02T10:00:00Z' },
    {},
  ],
  [
    'availability: a window that ends as it starts',
    availabilityQuerySchema,
    { startTime: '2026-03-02', endTime: '2026-03-02T00:00:00Z' },
    { startTime: 'must be before endTime' },
  ],
  [
    'availability: a window that ends before it starts',
    availabilityQuerySchema,
    { startTime: '2026-03-03', endTime: '2026-03-02' },
    { startTime: 'must be before endTime' },
  ],
  ['availability: only a start', availabilityQuerySchema, { startTime: '2026-03-03' }, {}],
  ['availability: only an end', availabilityQuerySchema, { endTime: '2026-03-03' }, {}],
  [
    'availability: "yesterday"',
    availabilityQuerySchema,
    { startTime: 'yesterday' },
    { startTime: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time' },
  ],
  [
    'availability: "x2026-03-02"',
    availabilityQuerySchema,
    { startTime: 'x2026-03-02' },
    { startTime: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time' },
  ],
  [
    'availability: "2026-02-30"',
    availabilityQuerySchema,
    { endTime: '2026-02-30' },
    { endTime: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time' },
  ],
  [
    'availability: a date after spaces',
    availabilityQuerySchema,
    { startTime: ' 2026-03-02', endTime: ' 2026-03-02T10:00:00Z ' },
    {},
  ],
  [
    'availability: a time ago (the flags take it, the query does not)',
    availabilityQuerySchema,
    { startTime: '2h' },
    { startTime: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time' },
  ],
  ['events: limit 1 and 10', heartbeatEventsQuerySchema, { limit: '10', startTime: '2026-03-01' }, {}],
  ['events: limit 11', heartbeatEventsQuerySchema, { limit: 11 }, { limit: 'must be a whole number from 1 to 10' }],
  ['events: limit 0', heartbeatEventsQuerySchema, { limit: 0 }, { limit: 'must be a whole number from 1 to 10' }],
  [
    'events: a window the wrong way round',
    heartbeatEventsQuerySchema,
    { startTime: '2026-03-03', endTime: '2026-03-02' },
    { startTime: 'must be before endTime' },
  ],
  [
    'monitor: the bounds (30 seconds, grace 365 days)',
    heartbeatMonitorSchema,
    { ...monitor, period: 30, periodUnit: 'seconds', grace: 365, graceUnit: 'days' },
    {},
  ],
  [
    'monitor: a period of 29 seconds',
    heartbeatMonitorSchema,
    { ...monitor, period: 29, periodUnit: 'seconds' },
    { period: 'must be 30 seconds to 365 days (got 29 seconds)' },
  ],
  [
    'monitor: a grace of 366 days',
    heartbeatMonitorSchema,
    { ...monitor, grace: 366, graceUnit: 'days' },
    { grace: 'must be 0 seconds to 365 days (got 366 days)' },
  ],
  [
    'monitor: a grace of -1 minute',
    heartbeatMonitorSchema,
    { ...monitor, grace: -1 },
    { grace: 'must be 0 seconds to 365 days (got -1 minutes)' },
  ],
  ['monitor: a name of spaces', heartbeatMonitorSchema, { ...monitor, name: '  ' }, { name: 'must not be empty' }],
  ['monitor: no name', heartbeatMonitorSchema, { ...monitor, name: undefined }, { name: 'is required' }],
  ['monitor: a name 7', heartbeatMonitorSchema, { ...monitor, name: 7 }, { name: 'must be a string' }],
  [
    'monitor: a description of 500',
    heartbeatMonitorSchema,
    { ...monitor, description: 'd'.repeat(500), activated: true, muted: false, alertChannels: [], tags: ['x'] },
    {},
  ],
  [
    'monitor: a description of 501',
    heartbeatMonitorSchema,
    { ...monitor, description: 'd'.repeat(501) },
    { description: 'must be at most 500 characters' },
  ],
  ['monitor: no object', heartbeatMonitorSchema, undefined, { '': 'is required' }],
  ['monitor: null', heartbeatMonitorSchema, null, { '': 'must be an object' }],
  [
    'heartbeat create: the bounds',
    heartbeatCreateBodySchema,
    { ...heartbeatBody, tags: ['db'], alertChannelSubscriptions: [{ alertChannelId: 1, activated: true }] },
    {},
  ],
  [
    'heartbeat create: a tag of spaces',
    heartbeatCreateBodySchema,
    { ...heartbeatBody, tags: [' '] },
    { 'tags.0': 'must not be empty' },
  ],
  [
    'heartbeat create: a subscription without its fields',
    heartbeatCreateBodySchema,
    { ...heartbeatBody, alertChannelSubscriptions: [{}] },
    {
      'alertChannelSubscriptions.0.alertChannelId': 'is required',
      'alertChannelSubscriptions.0.activated': 'is required',
    },
  ],
  [
    'heartbeat create: a subscription of the wrong kinds',
    heartbeatCreateBodySchema,
    { ...heartbeatBody, alertChannelSubscriptions: [{ alertChannelId: '1', activated: 'yes' }] },
    {
      'alertChannelSubscriptions.0.alertChannelId': 'must be a number',
      'alertChannelSubscriptions.0.activated': 'must be true or false',
    },
  ],
  [
    'heartbeat create: a period of 366 days',
    heartbeatCreateBodySchema,
    { ...heartbeatBody, heartbeat: { ...heartbeatBody.heartbeat, period: 366 } },
    { 'heartbeat.period': 'must be 30 seconds to 365 days (got 366 days)' },
  ],
  [
    'heartbeat create: a period of 1 minute',
    heartbeatCreateBodySchema,
    { ...heartbeatBody, heartbeat: { ...heartbeatBody.heartbeat, period: 1, periodUnit: 'minutes' } },
    {},
  ],
  [
    'heartbeat create: a period unit of weeks',
    heartbeatCreateBodySchema,
    { ...heartbeatBody, heartbeat: { ...heartbeatBody.heartbeat, periodUnit: 'weeks' } },
    { 'heartbeat.periodUnit': 'must be one of seconds, minutes, hours, days' },
  ],
  ['heartbeat create: no heartbeat', heartbeatCreateBodySchema, { name: 'x' }, { heartbeat: 'is required' }],
  [
    'heartbeat create: a heartbeat of 5',
    heartbeatCreateBodySchema,
    { name: 'x', heartbeat: 5 },
    { heartbeat: 'must be an object' },
  ],
  ['heartbeat create: no body', heartbeatCreateBodySchema, undefined, { '': 'is required' }],
  ['heartbeat create: a body of 5', heartbeatCreateBodySchema, 5, { '': 'must be an object' }],
  [
    'heartbeat update: a name of spaces and an empty tag',
    heartbeatUpdateBodySchema,
    { name: ' ', tags: [''] },
    { name: 'must not be empty', 'tags.0': 'must not be empty' },
  ],
  [
    'heartbeat update: a grace of 366 days',
    heartbeatUpdateBodySchema,
    { heartbeat: { ...heartbeatBody.heartbeat, grace: 366, graceUnit: 'days' } },
    { 'heartbeat.grace': 'must be 0 seconds to 365 days (got 366 days)' },
  ],
  ['heartbeat update: nothing', heartbeatUpdateBodySchema, {}, {}],
  ['heartbeat update: a body of 5', heartbeatUpdateBodySchema, 5, { '': 'must be an object' }],

  // incidents.ts: the bodies' words.
  ['incident put: a name of 255', incidentPutBodySchema, { ...incident, name: 'n'.repeat(255) }, {}],
  [
    'incident put: a name of 256',
    incidentPutBodySchema,
    { ...incident, name: 'n'.repeat(256) },
    { name: 'must be at most 255 characters' },
  ],
  [
    'incident put: no service',
    incidentPutBodySchema,
    { ...incident, services: [] },
    { services: 'needs at least one service' },
  ],
  [
    'incident put: a service without its fields',
    incidentPutBodySchema,
    { ...incident, services: [{}] },
    { 'services.0.id': 'is required', 'services.0.name': 'is required', 'services.0.accountId': 'is required' },
  ],
  [
    'incident put: a service with an empty ID',
    incidentPutBodySchema,
    { ...incident, services: [{ ...service, id: '' }] },
    { 'services.0.id': 'must not be empty' },
  ],
  [
    'incident put: a service as read back',
    incidentPutBodySchema,
    {
      ...incident,
      services: [{ ...service, created_at: '2026-03-02', updated_at: null }],
      id: 'inc-1',
      lastUpdateStatus: 'RESOLVED',
      duration: 60,
    },
    {},
  ],
  [
    'incident create: one update',
    incidentCreateBodySchema,
    { ...incident, incidentUpdates: [{ description: 'Began' }] },
    {},
  ],
  [
    'incident create: two updates',
    incidentCreateBodySchema,
    { ...incident, incidentUpdates: [{ description: 'Began' }, { description: 'Again' }] },
    { incidentUpdates: 'must hold exactly one incident update' },
  ],
  [
    'incident create: no update',
    incidentCreateBodySchema,
    { ...incident, incidentUpdates: [] },
    { incidentUpdates: 'must hold exactly one incident update' },
  ],
  [
    'incident update: a date-time with an offset',
    incidentUpdateBodySchema,
    {
      description: 'x',
      status: 'MONITORING',
      publicIncidentUpdateDate: '2026-03-02T10:00:00+02:00',
      notifySubscribers: true,
    },
    {},
  ],
  [
    'incident update: a date-time in UTC',
    incidentUpdateBodySchema,
    { description: 'x', publicIncidentUpdateDate: '2026-03-02T10:00:00Z' },
    {},
  ],
  [
    'incident update: a date',
    incidentUpdateBodySchema,
    { description: 'x', publicIncidentUpdateDate: '2026-03-02' },
    { publicIncidentUpdateDate: 'must be an ISO 8601 date-time' },
  ],
  [
    'incident update: notifySubscribers "yes"',
    incidentUpdateBodySchema,
    { description: 'x', notifySubscribers: 'yes' },
    { notifySubscribers: 'must be true or false' },
  ],
  [
    'incident update: status resolved',
    incidentUpdateBodySchema,
    { description: 'x', status: 'resolved' },
    { status: 'must be one of INVESTIGATING, IDENTIFIED, MONITORING, RESOLVED' },
  ],

  // maintenance.ts: a window's fields, its time rules and a page's visibility.
  [
    'window: a date and a date-time',
    maintenanceWindowCreateSchema,
    { ...window, startsAt: '2026-03-02', endsAt: '2026-03-02T00:00:01+00:00' },
    {},
  ],
  [
    'window: a date-time without an offset',
    maintenanceWindowCreateSchema,
    { ...window, endsAt: '2026-03-02T15:00:00' },
    { endsAt: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset (2026-03-02T14:00:00Z)' },
  ],
  [
    'window: no startsAt',
    maintenanceWindowCreateSchema,
    { ...window, startsAt: undefined },
    { startsAt: 'is required: a date (YYYY-MM-DD) or an ISO 8601 date-time' },
  ],
  [
    'window: ends as it starts',
    maintenanceWindowCreateSchema,
    { ...window, endsAt: '2026-03-02T16:00:00+02:00' },
    { endsAt: 'must be after startsAt (2026-03-02T14:00:00Z)' },
  ],
  [
    'window: ends a second after it starts',
    maintenanceWindowCreateSchema,
    { ...window, endsAt: '2026-03-02T14:00:01Z' },
    {},
  ],
  [
    'window: ends before it starts',
    maintenanceWindowCreateSchema,
    { ...window, endsAt: '2026-03-01' },
    { endsAt: 'must be after startsAt (2026-03-02T14:00:00Z)' },
  ],
  [
    'window: a startsAt of the wrong kind',
    maintenanceWindowCreateSchema,
    { ...window, startsAt: 5, endsAt: '1970-01-01' },
    { startsAt: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset (2026-03-02T14:00:00Z)' },
  ],
  [
    'window: an endsAt of the wrong kind',
    maintenanceWindowCreateSchema,
    { ...window, startsAt: '1970-01-02', endsAt: 0 },
    { endsAt: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset (2026-03-02T14:00:00Z)' },
  ],
  [
    'window: repeats until the day it starts',
    maintenanceWindowCreateSchema,
    { ...window, repeatInterval: 1, repeatEndsAt: '2026-03-02' },
    {},
  ],
  [
    'window: repeats until the day before',
    maintenanceWindowCreateSchema,
    { ...window, repeatInterval: 1, repeatEndsAt: '2026-03-01T23:59:59Z' },
    { repeatEndsAt: 'must not be before the date of startsAt (2026-03-02T14:00:00Z)' },
  ],
  [
    'window: repeats until the day before, with no startsAt',
    maintenanceWindowUpdateSchema,
    { repeatEndsAt: '2026-03-01' },
    {},
  ],
  [
    'window: repeats until a day that is no date',
    maintenanceWindowCreateSchema,
    { ...window, repeatEndsAt: '2026-13-45' },
    { repeatEndsAt: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset (2026-03-02T14:00:00Z)' },
  ],
  [
    'window: repeats until "tomorrow"',
    maintenanceWindowCreateSchema,
    { ...window, repeatEndsAt: 'tomorrow' },
    { repeatEndsAt: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset (2026-03-02T14:00:00Z)' },
  ],
  [
    'window: repeats until month 00',
    maintenanceWindowCreateSchema,
    { ...window, repeatEndsAt: '2026-00-01' },
    { repeatEndsAt: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset (2026-03-02T14:00:00Z)' },
  ],
  [
    'window as updated: repeats until "tomorrow" (its own rule is the body\'s)',
    mergedWindowSchema,
    { ...window, repeatEndsAt: 'tomorrow' },
    {},
  ],
  [
    'window: a name of the wrong kind and an end before the start: both named',
    maintenanceWindowCreateSchema,
    { ...window, name: 7, endsAt: '2026-03-01' },
    { name: 'must be text', endsAt: 'must be after startsAt (2026-03-02T14:00:00Z)' },
  ],
  [
    'window update: a name of the wrong kind and an end before the start: both named',
    maintenanceWindowUpdateSchema,
    { name: 7, startsAt: '2026-03-02', endsAt: '2026-03-02' },
    { name: 'must be text', endsAt: 'must be after startsAt (2026-03-02)' },
  ],
  [
    'window: every rule at once, a name of spaces and an end before the start',
    maintenanceWindowCreateSchema,
    { ...window, name: ' ', endsAt: '2026-03-01' },
    { name: 'must not be empty', endsAt: 'must be after startsAt (2026-03-02T14:00:00Z)' },
  ],
  [
    'window update: every rule at once',
    maintenanceWindowUpdateSchema,
    { name: ' ', startsAt: '2026-03-02', endsAt: '2026-03-02' },
    { name: 'must not be empty', endsAt: 'must be after startsAt (2026-03-02)' },
  ],
  [
    'window: a visibility of null',
    maintenanceWindowCreateSchema,
    { ...window, statusPageVisibility: null },
    { statusPageVisibility: 'must be an object' },
  ],
  ['visibility: null', statusPageVisibilitySchema, null, { '': 'must be an object' }],
  [
    'window: repeats until null',
    maintenanceWindowCreateSchema,
    { ...window, repeatEndsAt: null, repeatInterval: null, timezone: null },
    {},
  ],
  ['window: every 1 and 365', maintenanceWindowCreateSchema, { ...window, repeatInterval: 365 }, {}],
  [
    'window: every 0',
    maintenanceWindowCreateSchema,
    { ...window, repeatInterval: 0 },
    { repeatInterval: 'must be a whole number from 1 to 365, or null' },
  ],
  [
    'window: every 366',
    maintenanceWindowCreateSchema,
    { ...window, repeatInterval: 366 },
    { repeatInterval: 'must be a whole number from 1 to 365, or null' },
  ],
  [
    'window: every 1.5',
    maintenanceWindowCreateSchema,
    { ...window, repeatInterval: 1.5 },
    { repeatInterval: 'must be a whole number from 1 to 365, or null' },
  ],
  [
    'window: no repeatUnit',
    maintenanceWindowCreateSchema,
    { ...window, repeatUnit: undefined },
    { repeatUnit: 'is required: DAY, WEEK, MONTH (with repeatInterval null, the window does not repeat)' },
  ],
  [
    'window: repeatUnit YEAR',
    maintenanceWindowCreateSchema,
    { ...window, repeatUnit: 'YEAR' },
    { repeatUnit: 'must be one of DAY, WEEK, MONTH' },
  ],
  ['window: a name of 200', maintenanceWindowCreateSchema, { ...window, name: 'n'.repeat(200) }, {}],
  [
    'window: a name of 201',
    maintenanceWindowCreateSchema,
    { ...window, name: 'n'.repeat(201) },
    { name: 'must be at most 200 characters' },
  ],
  [
    'window: a name of spaces',
    maintenanceWindowCreateSchema,
    { ...window, name: '   ' },
    { name: 'must not be empty' },
  ],
  ['window: a name 7', maintenanceWindowCreateSchema, { ...window, name: 7 }, { name: 'must be text' }],
  ['window: a description of 2000', maintenanceWindowCreateSchema, { ...window, description: 'd'.repeat(2000) }, {}],
  [
    'window: a description of 2001',
    maintenanceWindowCreateSchema,
    { ...window, description: 'd'.repeat(2001) },
    { description: 'must be at most 2000 characters' },
  ],
  [
    'window: a tag of spaces',
    maintenanceWindowCreateSchema,
    { ...window, tags: ['db', ' '], silenceAlertsTags: [7] },
    { 'tags.1': 'must not be empty', 'silenceAlertsTags.0': 'must be a tag' },
  ],
  [
    'window: a time zone',
    maintenanceWindowCreateSchema,
    { ...window, timezone: 'Europe/Berlin', pauseAllChecks: true, silenceAllAlerts: false },
    {},
  ],
  [
    'window: an offset for a time zone',
    maintenanceWindowCreateSchema,
    { ...window, timezone: '+02:00' },
    { timezone: 'must be a named IANA time zone such as Europe/Berlin or UTC (not an offset)' },
  ],
  [
    'window: a time zone 2',
    maintenanceWindowCreateSchema,
    { ...window, timezone: 2 },
    { timezone: 'must be a named IANA time zone' },
  ],
  [
    'window: pauseAllChecks "yes"',
    maintenanceWindowCreateSchema,
    { ...window, pauseAllChecks: 'yes' },
    { pauseAllChecks: 'must be true or false' },
  ],
  ['window: null', maintenanceWindowCreateSchema, null, { '': 'must be an object' }],
  [
    'window update: only its end, before a stored start it does not know',
    maintenanceWindowUpdateSchema,
    { endsAt: '2026-03-01' },
    {},
  ],
  [
    'window update: ends as it starts',
    maintenanceWindowUpdateSchema,
    { startsAt: '2026-03-02', endsAt: '2026-03-02' },
    { endsAt: 'must be after startsAt (2026-03-02)' },
  ],
  [
    'window update: an unknown field',
    maintenanceWindowUpdateSchema,
    { names: 'x' },
    { '': 'has unknown field "names"' },
  ],
  [
    'window as updated: ends as it starts',
    mergedWindowSchema,
    { ...window, endsAt: window.startsAt },
    { endsAt: 'must be after startsAt (2026-03-02T14:00:00Z)' },
  ],
  ['window as updated: fine', mergedWindowSchema, window, {}],
  [
    'visibility: every field',
    statusPageVisibilitySchema,
    {
      enabled: true,
      severity: 'MINOR',
      affectAllServices: false,
      notifyOnStart: true,
      notifyOnEnd: true,
      suppressAutoIncidents: false,
      reminderMinutesBefore: [60, 10_080, 120],
      autoStart: true,
      autoEnd: true,
      showAffectedServices: true,
      statusPageIds: ['sp-1'],
      serviceIds: ['svc-1'],
    },
    {},
  ],
  [
    'visibility: a reminder 59 minutes before',
    statusPageVisibilitySchema,
    { reminderMinutesBefore: [59] },
    { 'reminderMinutesBefore.0': 'must be a whole number of minutes from 60 to 10080' },
  ],
  [
    'visibility: a reminder 10081 minutes before',
    statusPageVisibilitySchema,
    { reminderMinutesBefore: [10_081] },
    { 'reminderMinutesBefore.0': 'must be a whole number of minutes from 60 to 10080' },
  ],
  [
    'visibility: four reminders',
    statusPageVisibilitySchema,
    { reminderMinutesBefore: [60, 61, 62, 63] },
    { reminderMinutesBefore: 'must have at most 3 reminders' },
  ],
  [
    'visibility: reminders not a list',
    statusPageVisibilitySchema,
    { reminderMinutesBefore: 60 },
    { reminderMinutesBefore: 'must be a list of minutes' },
  ],
  [
    'visibility: severity minor',
    statusPageVisibilitySchema,
    { severity: 'minor' },
    { severity: 'must be one of CRITICAL, MAJOR, MEDIUM, MINOR' },
  ],
  [
    'visibility: an empty page ID',
    statusPageVisibilitySchema,
    { statusPageIds: [''], serviceIds: 'svc-1' },
    {
      'statusPageIds.0': 'must not be empty',
      serviceIds: 'must be a list of IDs',
      statusPageIds: 'needs serviceIds (the affected services) or affectAllServices true',
    },
  ],
  [
    'visibility: all services and some',
    statusPageVisibilitySchema,
    { affectAllServices: true, serviceIds: ['svc-1'] },
    { serviceIds: 'must be empty with affectAllServices true (all services of the linked pages are affected)' },
  ],
  [
    'visibility: all services and none listed',
    statusPageVisibilitySchema,
    { affectAllServices: true, serviceIds: [], statusPageIds: ['sp-1'] },
    {},
  ],
  [
    'visibility: pages without services',
    statusPageVisibilitySchema,
    { statusPageIds: ['sp-1'] },
    { statusPageIds: 'needs serviceIds (the affected services) or affectAllServices true' },
  ],
  [
    'visibility: pages with all services false',
    statusPageVisibilitySchema,
    { statusPageIds: ['sp-1'], serviceIds: [], affectAllServices: false },
    { statusPageIds: 'needs serviceIds (the affected services) or affectAllServices true' },
  ],
  ['visibility: services without pages', statusPageVisibilitySchema, { serviceIds: ['svc-1'] }, {}],
  [
    'visibility: both rules at once, with a wrong field',
    statusPageVisibilitySchema,
    { affectAllServices: true, serviceIds: ['svc-1'], enabled: 'yes' },
    {
      enabled: 'must be true or false',
      serviceIds: 'must be empty with affectAllServices true (all services of the linked pages are affected)',
    },
  ],
  [
    'visibility: an unknown field',
    statusPageVisibilitySchema,
    { visible: true },
    { '': 'has unknown field "visible"' },
  ],
  [
    'visibility as updated: pages without services',
    mergedVisibilitySchema,
    { statusPageIds: ['sp-1'] },
    { statusPageIds: 'needs serviceIds (the affected services) or affectAllServices true' },
  ],
  [
    'visibility as updated: all services and some',
    mergedVisibilitySchema,
    { affectAllServices: true, serviceIds: ['svc-1'] },
    { serviceIds: 'must be empty with affectAllServices true (all services of the linked pages are affected)' },
  ],
  [
    'visibility in a window',
    maintenanceWindowCreateSchema,
    { ...window, statusPageVisibility: { statusPageIds: ['sp-1'] } },
    { 'statusPageVisibility.statusPageIds': 'needs serviceIds (the affected services) or affectAllServices true' },
  ],
  [
    'windows query: every filter',
    maintenanceWindowListQuerySchema,
    {
      limit: '100',
      page: '1',
      'startsAt[gt]': '2026-03-02',
      'startsAt[gte]': '2026-03-02',
      'startsAt[lt]': '2026-03-02',
      'startsAt[lte]': '2026-03-02T00:00:00Z',
      'endsAt[gt]': '2026-03-02',
      'endsAt[gte]': '2026-03-02',
      'endsAt[lt]': '2026-03-02',
      'endsAt[lte]': '2026-03-02',
    },
    {},
  ],
  [
    'windows query: limit 101',
    maintenanceWindowListQuerySchema,
    { limit: '101' },
    { limit: 'must be a whole number from 1 to 100' },
  ],
  ['windows query: page 0', maintenanceWindowListQuerySchema, { page: 0 }, { page: 'must be a whole number >= 1' }],
  [
    'windows query: a filter that is no date',
    maintenanceWindowListQuerySchema,
    { 'endsAt[lt]': 'tomorrow' },
    { 'endsAt[lt]': 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset (2026-03-02T14:00:00Z)' },
  ],
  [
    'windows query: a filter without its operator',
    maintenanceWindowListQuerySchema,
    { startsAt: '2026-03-02' },
    { '': 'has unknown parameter startsAt (the filters are startsAt[gt|gte|lt|lte] and endsAt[gt|gte|lt|lte])' },
  ],
  [
    'windows query: two unknown parameters',
    maintenanceWindowListQuerySchema,
    { startsAt: '2026-03-02', 'endsAt[eq]': '2026-03-02' },
    {
      '': 'has unknown parameters startsAt, endsAt[eq] (the filters are startsAt[gt|gte|lt|lte] and endsAt[gt|gte|lt|lte])',
    },
  ],
  ['windows query: no query', maintenanceWindowListQuerySchema, 'limit=5', { '': 'must be a query' }],
];

describe('what a request body or query is told', () => {
  it.each(ROWS)('%s', (_what, schema, body, expected) => {
    expect(issues(schema, body)).toEqual(expected);
  });
});

describe('what a query reads as', () => {
  it.each([
    ['a limit written as text', listQuerySchema, { limit: ' 20 ' }, { limit: 20 }],
    [
      'a wait of 1.5 seconds written as text',
      completionQuerySchema,
      { maxWaitSeconds: ' 1.5 ' },
      { maxWaitSeconds: 1.5 },
    ],
    [
      'a wait of 1.25 seconds written as text',
      completionQuerySchema,
      { maxWaitSeconds: '1.25' },
      { maxWaitSeconds: 1.25 },
    ],
    [
      'a window in UNIX seconds written as text',
      checkResultsQuerySchema,
      { from: '1700000000.5', to: '1700000001' },
      { from: 1_700_000_000.5, to: 1_700_000_001 },
    ],
    [
      'a name with spaces around it',
      heartbeatMonitorSchema,
      { ...monitor, name: ' Backup ' },
      { ...monitor, name: 'Backup' },
    ],
    [
      'a heartbeat body with fields mon does not know',
      heartbeatCreateBodySchema,
      { ...heartbeatBody, locations: ['eu-west-1'] },
      { ...heartbeatBody, locations: ['eu-west-1'] },
    ],
  ] as const)('%s', (_what, schema, body, expected) => {
    expect(parsed(schema, body)).toEqual(expected);
  });
});

describe("a heartbeat read's window", () => {
  it.each([
    [undefined, undefined, true],
    [new Date(0), undefined, true],
    [undefined, new Date(0), true],
    [new Date(0), new Date(1), true],
    [new Date(1), new Date(1), false],
    [new Date(2), new Date(1), false],
  ])('from %s to %s: ordered %s', (start, end, ordered) => {
    expect(windowIsOrdered(start, end)).toBe(ordered);
  });
});

describe('how a check frequency reads', () => {
  it.each([
    [0, 30, 'every 30 seconds'],
    [0, undefined, 'every few seconds'],
    [0, null, 'every few seconds'],
    [1, undefined, 'every minute'],
    [2, undefined, 'every 2 minutes'],
    [60, undefined, 'every hour'],
    [90, undefined, 'every 90 minutes'],
    [120, undefined, 'every 2 hours'],
    [720, undefined, 'every 12 hours'],
    [1440, undefined, 'every day'],
  ])('%s (offset %s): %s', (frequency, offset, words) => {
    expect(describeFrequency(frequency, offset)).toBe(words);
  });
});
