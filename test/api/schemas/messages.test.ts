/**
 * What the request schemas say about a body that breaks them (the words `--file`, `mon api`
 * and the sandbox's 400 show): every required field named as required, and each field of the
 * wrong kind with its own rule. Bounds on both sides are test/rules/; this is the words.
 * Each request is tried with an empty body, a body of lists where values should be, and a
 * body of objects (which reaches the rules inside nested objects).
 */
import { describe, expect, it } from 'vitest';
import {
  combinedCheckCreateSchema,
  dnsCheckCreateSchema,
  dnsCheckUpdateSchema,
  autoAssignAlertsQuerySchema,
} from '../../../src/api/schemas/checks';
import { checkListQuerySchema } from '../../../src/api/schemas/checkReads';
import { checkResultsQuerySchema } from '../../../src/api/schemas/checkResults';
import { checkSessionTriggerSchema, completionQuerySchema } from '../../../src/api/schemas/checkSessions';
import { heartbeatCreateBodySchema, heartbeatEventsQuerySchema } from '../../../src/api/schemas/heartbeats';
import { incidentCreateBodySchema, incidentUpdateBodySchema } from '../../../src/api/schemas/incidents';
import {
  maintenanceWindowCreateSchema,
  maintenanceWindowListQuerySchema,
  statusPageVisibilitySchema,
} from '../../../src/api/schemas/maintenance';
import type { z } from 'zod';
import { issues } from './issues';

const LOCATIONS_RULE =
  'must be one of us-east-1, us-east-2, us-west-1, us-west-2, ca-central-1, sa-east-1, eu-west-1, eu-central-1, eu-west-2, eu-west-3, eu-north-1, eu-south-1, me-south-1, ap-southeast-1, ap-northeast-1, ap-east-1, ap-southeast-2, ap-southeast-3, ap-northeast-2, ap-northeast-3, ap-south-1 or af-south-1';
const DATE_RULE = 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset (2026-03-02T14:00:00Z)';

/** Every field of an object schema set to `value`. */
function everyField(schema: z.ZodType, value: unknown): Record<string, unknown> {
  const shape = (schema as unknown as { shape: Record<string, unknown> }).shape;
  return Object.fromEntries(Object.keys(shape).map((key) => [key, value]));
}

const REQUESTS: [string, z.ZodType, Record<string, string>, Record<string, string>, Record<string, string>][] = [
  [
    'POST /v1/status-pages/incidents',
    incidentCreateBodySchema,
    {
      name: 'is required',
      severity: 'must be one of CRITICAL, MAJOR, MEDIUM, MINOR',
      services: 'is required',
      incidentUpdates: 'is required',
    },
    {
      name: 'is required',
      severity: 'must be one of CRITICAL, MAJOR, MEDIUM, MINOR',
      'services.0': 'Invalid input: expected object, received array',
      id: 'Invalid input: expected string, received array',
      created_at: 'Invalid input: expected string, received array',
      updated_at: 'Invalid input: expected string, received array',
      lastUpdateStatus: 'must be one of INVESTIGATING, IDENTIFIED, MONITORING, RESOLVED',
      duration: 'Invalid input: expected number, received array',
      'incidentUpdates.0': 'Invalid input: expected object, received array',
    },
    {
      name: 'is required',
      severity: 'must be one of CRITICAL, MAJOR, MEDIUM, MINOR',
      services: 'is required',
      id: 'Invalid input: expected string, received object',
      created_at: 'Invalid input: expected string, received object',
      updated_at: 'Invalid input: expected string, received object',
      lastUpdateStatus: 'must be one of INVESTIGATING, IDENTIFIED, MONITORING, RESOLVED',
      duration: 'Invalid input: expected number, received object',
      incidentUpdates: 'is required',
    },
  ],
  [
    'POST .../incident-updates',
    incidentUpdateBodySchema,
    { description: 'is required' },
    {
      description: 'is required',
      status: 'must be one of INVESTIGATING, IDENTIFIED, MONITORING, RESOLVED',
      publicIncidentUpdateDate: 'must be an ISO 8601 date-time',
      notifySubscribers: 'must be true or false',
      id: 'Invalid input: expected string, received array',
      created_at: 'Invalid input: expected string, received array',
    },
    {
      description: 'is required',
      status: 'must be one of INVESTIGATING, IDENTIFIED, MONITORING, RESOLVED',
      publicIncidentUpdateDate: 'must be an ISO 8601 date-time',
      notifySubscribers: 'must be true or false',
      id: 'Invalid input: expected string, received object',
      created_at: 'Invalid input: expected string, received object',
    },
  ],
  [
    'POST /v1/heartbeats',
    heartbeatCreateBodySchema,
    { name: 'is required', heartbeat: 'is required' },
    {
      name: 'must be a string',
      activated: 'Invalid input: expected boolean, received array',
      muted: 'Invalid input: expected boolean, received array',
      'tags.0': 'Invalid input: expected string, received array',
      description: 'Invalid input: expected string, received array',
      'alertChannelSubscriptions.0': 'Invalid input: expected object, received array',
      heartbeat: 'must be an object',
    },
    {
      name: 'must be a string',
      activated: 'Invalid input: expected boolean, received object',
      muted: 'Invalid input: expected boolean, received object',
      tags: 'Invalid input: expected array, received object',
      description: 'Invalid input: expected string, received object',
      alertChannelSubscriptions: 'Invalid input: expected array, received object',
      'heartbeat.period': 'is required',
      'heartbeat.periodUnit': 'is required',
      'heartbeat.grace': 'is required',
      'heartbeat.graceUnit': 'is required',
    },
  ],
  [
    'GET /v1/heartbeats/{id}/events',
    heartbeatEventsQuerySchema,
    {},
    {
      startTime: 'Invalid input: expected string, received array',
      endTime: 'Invalid input: expected string, received array',
      limit: 'must be a whole number from 1 to 10',
    },
    {
      startTime: 'Invalid input: expected string, received object',
      endTime: 'Invalid input: expected string, received object',
      limit: 'must be a whole number from 1 to 10',
    },
  ],
  [
    'POST /v1/maintenance-windows',
    maintenanceWindowCreateSchema,
    {
      name: 'is required',
      startsAt: 'is required: a date (YYYY-MM-DD) or an ISO 8601 date-time',
      endsAt: 'is required: a date (YYYY-MM-DD) or an ISO 8601 date-time',
      repeatUnit: 'is required: DAY, WEEK, MONTH (with repeatInterval null, the window does not repeat)',
    },
    {
      name: 'must be text',
      'tags.0': 'must be a tag',
      startsAt: DATE_RULE,
      endsAt: DATE_RULE,
      repeatInterval: 'must be a whole number from 1 to 365, or null',
      repeatUnit: 'must be one of DAY, WEEK, MONTH',
      repeatEndsAt: DATE_RULE,
      timezone: 'must be a named IANA time zone',
      pauseAllChecks: 'must be true or false',
      'silenceAlertsTags.0': 'must be a tag',
      silenceAllAlerts: 'must be true or false',
      description: 'must be text',
      statusPageVisibility: 'must be an object',
    },
    {
      name: 'must be text',
      tags: 'must be a list of tags',
      startsAt: DATE_RULE,
      endsAt: DATE_RULE,
      repeatInterval: 'must be a whole number from 1 to 365, or null',
      repeatUnit: 'must be one of DAY, WEEK, MONTH',
      repeatEndsAt: DATE_RULE,
      timezone: 'must be a named IANA time zone',
      pauseAllChecks: 'must be true or false',
      silenceAlertsTags: 'must be a list of tags',
      silenceAllAlerts: 'must be true or false',
      description: 'must be text',
      statusPageVisibility: 'has unknown field "zz"',
    },
  ],
  [
    'GET /v1/maintenance-windows',
    maintenanceWindowListQuerySchema,
    {},
    {
      limit: 'must be a whole number from 1 to 100',
      page: 'must be a whole number >= 1',
      'startsAt[gt]': DATE_RULE,
      'startsAt[gte]': DATE_RULE,
      'startsAt[lt]': DATE_RULE,
      'startsAt[lte]': DATE_RULE,
      'endsAt[gt]': DATE_RULE,
      'endsAt[gte]': DATE_RULE,
      'endsAt[lt]': DATE_RULE,
      'endsAt[lte]': DATE_RULE,
    },
    {
      limit: 'must be a whole number from 1 to 100',
      page: 'must be a whole number >= 1',
      'startsAt[gt]': DATE_RULE,
      'startsAt[gte]': DATE_RULE,
      'startsAt[lt]': DATE_RULE,
      'startsAt[lte]': DATE_RULE,
      'endsAt[gt]': DATE_RULE,
      'endsAt[gte]': DATE_RULE,
      'endsAt[lt]': DATE_RULE,
      'endsAt[lte]': DATE_RULE,
    },
  ],
  [
    'statusPageVisibility',
    statusPageVisibilitySchema,
    {},
    {
      enabled: 'must be true or false',
      severity: 'must be one of CRITICAL, MAJOR, MEDIUM, MINOR',
      affectAllServices: 'must be true or false',
      notifyOnStart: 'must be true or false',
      notifyOnEnd: 'must be true or false',
      suppressAutoIncidents: 'must be true or false',
      'reminderMinutesBefore.0': 'must be a whole number of minutes from 60 to 10080',
      autoStart: 'must be true or false',
      autoEnd: 'must be true or false',
      showAffectedServices: 'must be true or false',
      'statusPageIds.0': 'must be an ID',
      'serviceIds.0': 'must be an ID',
    },
    {
      enabled: 'must be true or false',
      severity: 'must be one of CRITICAL, MAJOR, MEDIUM, MINOR',
      affectAllServices: 'must be true or false',
      notifyOnStart: 'must be true or false',
      notifyOnEnd: 'must be true or false',
      suppressAutoIncidents: 'must be true or false',
      reminderMinutesBefore: 'must be a list of minutes',
      autoStart: 'must be true or false',
      autoEnd: 'must be true or false',
      showAffectedServices: 'must be true or false',
      statusPageIds: 'must be a list of IDs',
      serviceIds: 'must be a list of IDs',
    },
  ],
  [
    'POST /v1/check-sessions/trigger',
    checkSessionTriggerSchema,
    {},
    { target: 'must be an object', refreshCache: 'must be true or false' },
    { target: 'has unknown field "zz"', refreshCache: 'must be true or false' },
  ],
  [
    'GET /v1/check-sessions/{id}/completion',
    completionQuerySchema,
    {},
    { maxWaitSeconds: 'must be a number of seconds from 1 to 30' },
    { maxWaitSeconds: 'must be a number of seconds from 1 to 30' },
  ],
  [
    'GET /v1/check-results/{checkId}',
    checkResultsQuerySchema,
    {},
    {
      limit: 'must be a whole number from 1 to 100',
      page: 'must be a whole number >= 1',
      location: 'must be a data-center location such as eu-west-1',
      checkType:
        'must be one of AGENTIC, API, BROWSER, HEARTBEAT, ICMP, MULTI_STEP, TCP, PLAYWRIGHT, URL, DNS, TRACEROUTE, SSL, GRPC',
      hasFailures: 'must be true or false',
      resultType: 'must be one of FINAL, ATTEMPT, ALL',
      from: 'must be a UNIX time in seconds',
      to: 'must be a UNIX time in seconds',
    },
    {
      limit: 'must be a whole number from 1 to 100',
      page: 'must be a whole number >= 1',
      location: 'must be a data-center location such as eu-west-1',
      checkType:
        'must be one of AGENTIC, API, BROWSER, HEARTBEAT, ICMP, MULTI_STEP, TCP, PLAYWRIGHT, URL, DNS, TRACEROUTE, SSL, GRPC',
      hasFailures: 'must be true or false',
      resultType: 'must be one of FINAL, ATTEMPT, ALL',
      from: 'must be a UNIX time in seconds',
      to: 'must be a UNIX time in seconds',
    },
  ],
  [
    'GET /v1/checks',
    checkListQuerySchema,
    {},
    {
      page: 'must be a whole number >= 1',
      limit: 'must be a whole number from 1 to 100',
      checkType: 'must be one of AGENTIC, API, BROWSER, HEARTBEAT, ICMP, MULTI_STEP, TCP, PLAYWRIGHT, URL, DNS',
      'tag.0': 'Invalid input: expected string, received array',
      search: 'Invalid input: expected string, received array',
      status: 'must be one of passing, failing, degraded',
    },
    {
      page: 'must be a whole number >= 1',
      limit: 'must be a whole number from 1 to 100',
      checkType: 'must be one of AGENTIC, API, BROWSER, HEARTBEAT, ICMP, MULTI_STEP, TCP, PLAYWRIGHT, URL, DNS',
      tag: 'Invalid input: expected array, received object',
      search: 'Invalid input: expected string, received object',
      status: 'must be one of passing, failing, degraded',
    },
  ],
  [
    'POST /v1/checks/dns',
    dnsCheckCreateSchema(),
    { name: 'is required', request: 'is required', heartbeat: 'is required (send {})', script: 'is required' },
    {
      name: 'must be text',
      request: 'must be an object',
      heartbeat: 'must be an object',
      script: 'must be text',
      activated: 'must be true or false',
      muted: 'must be true or false',
      doubleCheck: 'must be true or false',
      shouldFail: 'must be true or false',
      'locations.0': LOCATIONS_RULE,
      'tags.0': 'must be text',
      alertSettings: 'must be an object',
      useGlobalAlertSettings: 'must be true or false',
      groupId: 'must be a number',
      groupOrder: 'must be a number',
      runtimeId: 'must be one of 2026.04, 2025.04, 2024.09, 2024.02, 2023.09, 2023.02 or 2022.10',
      'alertChannelSubscriptions.0': 'must be an object',
      retryStrategy: 'must be an object',
      triggerIncident: 'must be an object',
      runParallel: 'must be true or false',
      description: 'must be text',
      frequency: 'must be one of 0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720 or 1440 (minutes)',
      frequencyOffset: 'must be a number',
      scriptPath: 'must be text',
      sslCheckDomain: 'must be text',
      'environmentVariables.0': 'must be an object',
      setupSnippetId: 'must be a number',
      tearDownSnippetId: 'must be a number',
      localSetupScript: 'must be text',
      localTearDownScript: 'must be text',
      degradedResponseTime: 'must be a number',
      maxResponseTime: 'must be a number',
      'privateLocations.0': 'must be text',
    },
    {
      name: 'must be text',
      'request.query': 'is required',
      'request.recordType': 'is required: one of A, AAAA, CNAME, MX, TXT, SOA, NS or HTTPS',
      request: 'has unknown field "zz"',
      script: 'must be text',
      activated: 'must be true or false',
      muted: 'must be true or false',
      doubleCheck: 'must be true or false',
      shouldFail: 'must be true or false',
      locations: 'must be a list',
      tags: 'must be a list',
      alertSettings: 'has unknown field "zz"',
      useGlobalAlertSettings: 'must be true or false',
      groupId: 'must be a number',
      groupOrder: 'must be a number',
      runtimeId: 'must be one of 2026.04, 2025.04, 2024.09, 2024.02, 2023.09, 2023.02 or 2022.10',
      alertChannelSubscriptions: 'must be a list',
      'retryStrategy.type': 'is required: one of FIXED, LINEAR, EXPONENTIAL or SINGLE_RETRY',
      retryStrategy: 'has unknown field "zz"',
      'triggerIncident.serviceId': 'is required',
      'triggerIncident.severity': 'is required: one of CRITICAL, MAJOR, MEDIUM or MINOR',
      'triggerIncident.name': 'is required',
      'triggerIncident.description': 'is required',
      'triggerIncident.notifySubscribers': 'is required',
      triggerIncident: 'has unknown field "zz"',
      runParallel: 'must be true or false',
      description: 'must be text',
      frequency: 'must be one of 0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720 or 1440 (minutes)',
      frequencyOffset: 'must be a number',
      scriptPath: 'must be text',
      sslCheckDomain: 'must be text',
      environmentVariables: 'must be a list',
      setupSnippetId: 'must be a number',
      tearDownSnippetId: 'must be a number',
      localSetupScript: 'must be text',
      localTearDownScript: 'must be text',
      degradedResponseTime: 'must be a number',
      maxResponseTime: 'must be a number',
      privateLocations: 'must be a list',
    },
  ],
  [
    'PUT /v1/checks/dns/{id}',
    dnsCheckUpdateSchema,
    { name: 'is required' },
    {
      name: 'must be text',
      request: 'must be an object',
      activated: 'must be true or false',
      muted: 'must be true or false',
      doubleCheck: 'must be true or false',
      shouldFail: 'must be true or false',
      'locations.0': LOCATIONS_RULE,
      'tags.0': 'must be text',
      alertSettings: 'must be an object',
      useGlobalAlertSettings: 'must be true or false',
      groupId: 'must be a number',
      groupOrder: 'must be a number',
      runtimeId: 'must be one of 2026.04, 2025.04, 2024.09, 2024.02, 2023.09, 2023.02 or 2022.10',
      'alertChannelSubscriptions.0': 'must be an object',
      retryStrategy: 'must be an object',
      triggerIncident: 'must be an object',
      runParallel: 'must be true or false',
      description: 'must be text',
      frequency: 'must be one of 0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720 or 1440 (minutes)',
      frequencyOffset: 'must be a number',
      degradedResponseTime: 'must be a number',
      maxResponseTime: 'must be a number',
      'privateLocations.0': 'must be text',
      checkType: 'must be DNS',
      id: 'must be text',
      created_at: 'must be text',
      updated_at: 'must be text',
    },
    {
      name: 'must be text',
      'request.query': 'is required',
      'request.recordType': 'is required: one of A, AAAA, CNAME, MX, TXT, SOA, NS or HTTPS',
      request: 'has unknown field "zz"',
      activated: 'must be true or false',
      muted: 'must be true or false',
      doubleCheck: 'must be true or false',
      shouldFail: 'must be true or false',
      locations: 'must be a list',
      tags: 'must be a list',
      alertSettings: 'has unknown field "zz"',
      useGlobalAlertSettings: 'must be true or false',
      groupId: 'must be a number',
      groupOrder: 'must be a number',
      runtimeId: 'must be one of 2026.04, 2025.04, 2024.09, 2024.02, 2023.09, 2023.02 or 2022.10',
      alertChannelSubscriptions: 'must be a list',
      'retryStrategy.type': 'is required: one of FIXED, LINEAR, EXPONENTIAL or SINGLE_RETRY',
      retryStrategy: 'has unknown field "zz"',
      'triggerIncident.serviceId': 'is required',
      'triggerIncident.severity': 'is required: one of CRITICAL, MAJOR, MEDIUM or MINOR',
      'triggerIncident.name': 'is required',
      'triggerIncident.description': 'is required',
      'triggerIncident.notifySubscribers': 'is required',
      triggerIncident: 'has unknown field "zz"',
      runParallel: 'must be true or false',
      description: 'must be text',
      frequency: 'must be one of 0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720 or 1440 (minutes)',
      frequencyOffset: 'must be a number',
      degradedResponseTime: 'must be a number',
      maxResponseTime: 'must be a number',
      privateLocations: 'must be a list',
      checkType: 'must be DNS',
      id: 'must be text',
      created_at: 'must be text',
      updated_at: 'must be text',
    },
  ],
  [
    'auto-assign alerts query',
    autoAssignAlertsQuerySchema,
    {},
    { autoAssignAlerts: 'must be true or false' },
    { autoAssignAlerts: 'must be true or false' },
  ],
];

describe.each(REQUESTS)('%s', (_request, schema, empty, lists, objects) => {
  it('an empty body: every required field is named', () => {
    expect(issues(schema, {})).toEqual(empty);
  });

  it('a list in every field: each field says what it must be', () => {
    expect(issues(schema, everyField(schema, [[1]]))).toEqual(lists);
  });

  it('an object in every field: each field says what it must be, and a nested object what it lacks', () => {
    expect(issues(schema, everyField(schema, { zz: 1 }))).toEqual(objects);
  });
});

describe('the rules between fields of a check, in the words the sandbox says them', () => {
  const minimal = { name: 'n', request: { query: 'example.com', recordType: 'A' }, heartbeat: {}, script: '' };
  const dns = (fields: Record<string, unknown>) => issues(dnsCheckCreateSchema(), { ...minimal, ...fields });

  it.each([
    [
      { frequency: 0, frequencyOffset: 10 },
      {
        frequency:
          '0 (a run every 10, 20 or 30 seconds) is not available for DNS checks: seconds-level frequencies exist only for API and TCP checks; use 1 minute or more',
      },
    ],
    [
      { frequency: 5, frequencyOffset: 51 },
      { frequencyOffset: 'must be between 1 and 50 for frequency 5 (frequencyOffset rule: 1..floor(frequency*10))' },
    ],
    [
      { frequency: 360, frequencyOffset: 7 },
      { frequencyOffset: 'must be between 1 and 6 for frequency 360 (frequencyOffset rule: 1..ceil(frequency/60))' },
    ],
    [
      { frequencyOffset: 101 },
      {
        frequencyOffset:
          'must be between 1 and 100 for the default frequency 10 (frequencyOffset rule: 1..floor(frequency*10))',
      },
    ],
    [{ frequency: 5, frequencyOffset: 1 }, {}],
    [
      { degradedResponseTime: 801, maxResponseTime: 800 },
      { degradedResponseTime: 'must not be greater than maxResponseTime 800 (degraded <= max)' },
    ],
    [
      { degradedResponseTime: 1001 },
      { degradedResponseTime: 'must not be greater than the default maxResponseTime 1000 (degraded <= max)' },
    ],
    [
      { maxResponseTime: 499 },
      { maxResponseTime: 'must not be less than the default degradedResponseTime 500 (degraded <= max)' },
    ],
    [{ degradedResponseTime: 0, maxResponseTime: 0 }, {}],
    [{ degradedResponseTime: 5000, maxResponseTime: 5000 }, {}],
  ])('%j: %j', (fields, expected) => {
    expect(dns(fields)).toEqual(expected);
  });

  it('a frequency 0 check of a type that may run every few seconds needs its offset, one of 10, 20 or 30', () => {
    const api = (fields: Record<string, unknown>) =>
      issues(combinedCheckCreateSchema(), { ...minimal, type: 'API', ...fields });
    expect(api({ frequency: 0 })).toEqual({
      frequencyOffset: 'is required with frequency 0: 10, 20 or 30 (the seconds between runs)',
    });
    expect(api({ frequency: 0, frequencyOffset: 15 })).toEqual({
      frequencyOffset:
        'must be 10, 20 or 30 for frequency 0 (frequencyOffset rule: 10, 20 or 30 seconds with frequency 0)',
    });
    expect(api({ frequency: 0, frequencyOffset: 30 })).toEqual({});
  });
});
