/**
 * A check's bodies (api/schemas/checks.ts, checkRules.ts) on both sides of each rule, in the
 * words the client (`--file`, `mon api`) and the sandbox's 400 show: each bound accepted and
 * one past it refused, each list of values with a value in and one out, the rules between
 * fields where they apply and where they do not. messages.test.ts has the words for bodies
 * of the wrong kind; test/rules/ the bounds judged by which field is refused.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  autoAssignAlertsQuerySchema,
  checkConfigurationSchema,
  checkUpdateSchema,
  combinedCheckCreateSchema,
  dnsCheckCreateSchema,
  dnsCheckUpdateSchema,
  frequencyOffsetRule,
  offsetAllowed,
  secondsLevelAllowed,
  type FieldLabel,
} from '../../../src/api/schemas/checks';
import { issues } from './issues';

const minimal = {
  name: 'DNS example.com',
  request: { query: 'example.com', recordType: 'A' },
  heartbeat: {},
  script: '',
};
const request = (fields: Record<string, unknown>) => ({ ...minimal, request: { ...minimal.request, ...fields } });
const dns = dnsCheckCreateSchema();
const combined = combinedCheckCreateSchema();
const retry = (fields: Record<string, unknown>) => ({ ...minimal, retryStrategy: { type: 'FIXED', ...fields } });
const alerts = (fields: Record<string, unknown>) => ({ ...minimal, alertSettings: fields });
const trigger = {
  serviceId: 'svc-1',
  severity: 'CRITICAL',
  name: 'DNS down',
  description: '',
  notifySubscribers: false,
};
const variables = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ key: `K${index}`, value: null, locked: false, secret: true }));

type Row = [what: string, schema: z.ZodType, body: unknown, expected: Record<string, string>];

const ROWS: Row[] = [
  ['the smallest DNS check', dns, minimal, {}],
  ['a name of spaces', dns, { ...minimal, name: '  ' }, { name: 'must not be empty' }],
  ['a query of 100 characters', dns, request({ query: 'q'.repeat(100) }), {}],
  [
    'a query of 101 characters',
    dns,
    request({ query: 'q'.repeat(101) }),
    { 'request.query': 'must be at most 100 characters' },
  ],
  ['an empty query', dns, request({ query: '' }), { 'request.query': 'must not be empty' }],
  ['a name server of 100 characters', dns, request({ nameServer: 'n'.repeat(100) }), {}],
  [
    'a name server of 101 characters',
    dns,
    request({ nameServer: 'n'.repeat(101) }),
    { 'request.nameServer': 'must be at most 100 characters' },
  ],
  ['an empty name server', dns, request({ nameServer: '' }), { 'request.nameServer': 'must not be empty' }],
  ['ports 1 and 65535', dns, request({ port: 65535, protocol: 'TCP' }), {}],
  ['port 1', dns, request({ port: 1 }), {}],
  ['port 0', dns, request({ port: 0 }), { 'request.port': 'must be a port number from 1 to 65535' }],
  ['port 65536', dns, request({ port: 65536 }), { 'request.port': 'must be a port number from 1 to 65535' }],
  ['port 53.5', dns, request({ port: 53.5 }), { 'request.port': 'must be a port number from 1 to 65535' }],
  ['protocol SCTP', dns, request({ protocol: 'SCTP' }), { 'request.protocol': 'must be one of UDP or TCP' }],
  [
    'record type a',
    dns,
    request({ recordType: 'a' }),
    { 'request.recordType': 'must be one of A, AAAA, CNAME, MX, TXT, SOA, NS or HTTPS' },
  ],
  [
    'an assertion',
    dns,
    request({
      assertions: [{ source: 'RESPONSE_CODE', comparison: 'EQUALS', property: '', target: 'NOERROR', regex: null }],
    }),
    {},
  ],
  [
    'an assertion without source and comparison',
    dns,
    request({ assertions: [{}] }),
    {
      'request.assertions.0.source': 'is required: one of RESPONSE_CODE, RESPONSE_TIME, TEXT_ANSWER or JSON_ANSWER',
      'request.assertions.0.comparison':
        'is required: one of EQUALS, NOT_EQUALS, HAS_KEY, NOT_HAS_KEY, HAS_VALUE, NOT_HAS_VALUE, IS_EMPTY, NOT_EMPTY, GREATER_THAN, LESS_THAN, CONTAINS, NOT_CONTAINS, IS_NULL or NOT_NULL',
    },
  ],
  [
    'an assertion of the wrong kinds',
    dns,
    request({ assertions: [{ source: 'BODY', comparison: 'LIKE', target: 5, regex: 5, property: 5 }] }),
    {
      'request.assertions.0.source': 'must be one of RESPONSE_CODE, RESPONSE_TIME, TEXT_ANSWER or JSON_ANSWER',
      'request.assertions.0.comparison':
        'must be one of EQUALS, NOT_EQUALS, HAS_KEY, NOT_HAS_KEY, HAS_VALUE, NOT_HAS_VALUE, IS_EMPTY, NOT_EMPTY, GREATER_THAN, LESS_THAN, CONTAINS, NOT_CONTAINS, IS_NULL or NOT_NULL',
      'request.assertions.0.target': 'must be text',
      'request.assertions.0.regex': 'must be text',
      'request.assertions.0.property': 'must be text',
    },
  ],
  [
    'an assertion with an unknown field',
    dns,
    request({ assertions: [{ source: 'RESPONSE_CODE', comparison: 'EQUALS', value: 1 }] }),
    { 'request.assertions.0': 'has unknown field "value"' },
  ],
  ['response times 0 and 5000', dns, { ...minimal, degradedResponseTime: 0, maxResponseTime: 5000 }, {}],
  [
    'a degraded response time of -1',
    dns,
    { ...minimal, degradedResponseTime: -1 },
    { degradedResponseTime: 'must be between 0 and 5000 (ms)' },
  ],
  [
    'a max response time of 5001',
    dns,
    { ...minimal, maxResponseTime: 5001 },
    { maxResponseTime: 'must be between 0 and 5000 (ms)' },
  ],
  [
    'a max response time of 0 under the default degraded',
    dns,
    { ...minimal, maxResponseTime: 0 },
    { maxResponseTime: 'must not be less than the default degradedResponseTime 500 (degraded <= max)' },
  ],
  [
    'a degraded time of 5000 over a max of 4999',
    dns,
    { ...minimal, degradedResponseTime: 5000, maxResponseTime: 4999 },
    { degradedResponseTime: 'must not be greater than maxResponseTime 4999 (degraded <= max)' },
  ],
  ['assertions not a list', dns, request({ assertions: 'RESPONSE_CODE' }), { 'request.assertions': 'must be a list' }],
  [
    'a name of the wrong kind and an offset past its frequency: both named',
    dns,
    { ...minimal, name: 7, frequency: 5, frequencyOffset: 51 },
    {
      name: 'must be text',
      frequencyOffset: 'must be between 1 and 50 for frequency 5 (frequencyOffset rule: 1..floor(frequency*10))',
    },
  ],
  [
    'every rule at once: a name of spaces and an offset past its frequency',
    dns,
    { ...minimal, name: ' ', frequency: 5, frequencyOffset: 51 },
    {
      name: 'must not be empty',
      frequencyOffset: 'must be between 1 and 50 for frequency 5 (frequencyOffset rule: 1..floor(frequency*10))',
    },
  ],
  ['response times null', dns, { ...minimal, degradedResponseTime: null, maxResponseTime: null }, {}],
  [
    'a degraded time of 5001 over a max of 1000: the bound only',
    dns,
    { ...minimal, degradedResponseTime: 5001, maxResponseTime: 1000 },
    { degradedResponseTime: 'must be between 0 and 5000 (ms)' },
  ],
  ['a degraded time of 1000 with the default max', dns, { ...minimal, degradedResponseTime: 1000 }, {}],
  ['a max time of 500 with the default degraded', dns, { ...minimal, maxResponseTime: 500 }, {}],
  [
    'a degraded time of 2000 over a max of null',
    dns,
    { ...minimal, degradedResponseTime: 2000, maxResponseTime: null },
    {},
  ],
  [
    'a max time of -1: the bound only',
    dns,
    { ...minimal, maxResponseTime: -1 },
    { maxResponseTime: 'must be between 0 and 5000 (ms)' },
  ],
  ['a group order of 0', dns, { ...minimal, groupOrder: 0, groupId: 3 }, {}],
  ['a group order of -1', dns, { ...minimal, groupOrder: -1 }, { groupOrder: 'must be >= 0' }],
  ['a description of 500', dns, { ...minimal, description: 'd'.repeat(500) }, {}],
  [
    'a description of 501',
    dns,
    { ...minimal, description: 'd'.repeat(501) },
    { description: 'must be at most 500 characters' },
  ],
  ['an offset of 1', dns, { ...minimal, frequencyOffset: 1 }, {}],
  ['an offset of 0', dns, { ...minimal, frequencyOffset: 0 }, { frequencyOffset: 'must be a whole number >= 1' }],
  ['an offset of 1.5', dns, { ...minimal, frequencyOffset: 1.5 }, { frequencyOffset: 'must be a whole number >= 1' }],
  [
    'a frequency of 3',
    dns,
    { ...minimal, frequency: 3, frequencyOffset: 1000 },
    { frequency: 'must be one of 0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720 or 1440 (minutes)' },
  ],
  ['a frequency of 60 and an offset of 600', dns, { ...minimal, frequency: 60, frequencyOffset: 600 }, {}],
  [
    'a frequency of 60 and an offset of 601',
    dns,
    { ...minimal, frequency: 60, frequencyOffset: 601 },
    { frequencyOffset: 'must be between 1 and 600 for frequency 60 (frequencyOffset rule: 1..floor(frequency*10))' },
  ],
  ['a frequency of 120 and an offset of 2', dns, { ...minimal, frequency: 120, frequencyOffset: 2 }, {}],
  [
    'a frequency of 120 and an offset of 3',
    dns,
    { ...minimal, frequency: 120, frequencyOffset: 3 },
    { frequencyOffset: 'must be between 1 and 2 for frequency 120 (frequencyOffset rule: 1..ceil(frequency/60))' },
  ],
  ['a frequency of 1 and an offset of 10', dns, { ...minimal, frequency: 1, frequencyOffset: 10 }, {}],
  [
    'a frequency of 1 and an offset of 11',
    dns,
    { ...minimal, frequency: 1, frequencyOffset: 11 },
    { frequencyOffset: 'must be between 1 and 10 for frequency 1 (frequencyOffset rule: 1..floor(frequency*10))' },
  ],
  ['the default frequency and an offset of 100', dns, { ...minimal, frequencyOffset: 100 }, {}],
  ['locations', dns, { ...minimal, locations: ['eu-west-1', 'af-south-1'], privateLocations: ['lab'] }, {}],
  [
    'an empty private location',
    dns,
    { ...minimal, privateLocations: [''] },
    { 'privateLocations.0': 'must not be empty' },
  ],
  ['an empty tag', dns, { ...minimal, tags: ['dns', ''] }, { 'tags.1': 'must not be empty' }],
  ['a runtime', dns, { ...minimal, runtimeId: '2022.10' }, {}],
  [
    'a runtime of 2021',
    dns,
    { ...minimal, runtimeId: '2021.01' },
    { runtimeId: 'must be one of 2026.04, 2025.04, 2024.09, 2024.02, 2023.09, 2023.02 or 2022.10' },
  ],
  ['a subscription', dns, { ...minimal, alertChannelSubscriptions: [{ alertChannelId: 1, activated: false }] }, {}],
  [
    'a subscription without its fields',
    dns,
    { ...minimal, alertChannelSubscriptions: [{}] },
    {
      'alertChannelSubscriptions.0.alertChannelId': 'is required',
      'alertChannelSubscriptions.0.activated': 'is required',
    },
  ],
  [
    'retries: 1 to 10, 0 to 600 s, from 0 s',
    dns,
    retry({
      maxRetries: 10,
      maxDurationSeconds: 600,
      baseBackoffSeconds: 0,
      sameRegion: true,
      onlyOn: ['NETWORK_ERROR'],
    }),
    {},
  ],
  ['retries: the lower bounds', dns, retry({ maxRetries: 1, maxDurationSeconds: 0 }), {}],
  ['retries: 0', dns, retry({ maxRetries: 0 }), { 'retryStrategy.maxRetries': 'must be a whole number from 1 to 10' }],
  [
    'retries: 11',
    dns,
    retry({ maxRetries: 11 }),
    { 'retryStrategy.maxRetries': 'must be a whole number from 1 to 10' },
  ],
  [
    'retries: 1.5',
    dns,
    retry({ maxRetries: 1.5 }),
    { 'retryStrategy.maxRetries': 'must be a whole number from 1 to 10' },
  ],
  [
    'retries: for -1 s',
    dns,
    retry({ maxDurationSeconds: -1 }),
    { 'retryStrategy.maxDurationSeconds': 'must be between 0 and 600 (seconds)' },
  ],
  [
    'retries: for 601 s',
    dns,
    retry({ maxDurationSeconds: 601 }),
    { 'retryStrategy.maxDurationSeconds': 'must be between 0 and 600 (seconds)' },
  ],
  [
    'retries: backing off -1 s',
    dns,
    retry({ baseBackoffSeconds: -1 }),
    { 'retryStrategy.baseBackoffSeconds': 'must be >= 0' },
  ],
  [
    'retries: only on a timeout',
    dns,
    retry({ onlyOn: ['TIMEOUT'] }),
    { 'retryStrategy.onlyOn.0': 'must be one of NETWORK_ERROR' },
  ],
  ['retries: only on a word', dns, retry({ onlyOn: 'NETWORK_ERROR' }), { 'retryStrategy.onlyOn': 'must be a list' }],
  [
    'retries: of type STEP',
    dns,
    retry({ type: 'STEP' }),
    { 'retryStrategy.type': 'must be one of FIXED, LINEAR, EXPONENTIAL or SINGLE_RETRY' },
  ],
  ['retries: null', dns, { ...minimal, retryStrategy: null, triggerIncident: null, alertSettings: null }, {}],
  [
    'alerts: every setting at a value it may take',
    dns,
    alerts({
      escalationType: 'TIME_BASED',
      runBasedEscalation: { failedRunThreshold: 5 },
      timeBasedEscalation: { minutesFailingThreshold: 30 },
      reminders: { amount: 100000, interval: 30 },
      parallelRunFailureThreshold: { enabled: true, percentage: 100 },
      sslCertificates: { enabled: false, alertThreshold: 30 },
    }),
    {},
  ],
  [
    'alerts: every setting one past',
    dns,
    alerts({
      escalationType: 'COUNT_BASED',
      runBasedEscalation: { failedRunThreshold: 6 },
      timeBasedEscalation: { minutesFailingThreshold: 20 },
      reminders: { amount: 6, interval: 20 },
      parallelRunFailureThreshold: { enabled: 'yes', percentage: 15 },
      sslCertificates: { enabled: 1, alertThreshold: 1.5 },
    }),
    {
      'alertSettings.escalationType': 'must be one of RUN_BASED or TIME_BASED',
      'alertSettings.runBasedEscalation.failedRunThreshold': 'must be one of 1, 2, 3, 4 or 5 (failed runs)',
      'alertSettings.timeBasedEscalation.minutesFailingThreshold': 'must be one of 5, 10, 15 or 30 (minutes)',
      'alertSettings.reminders.amount': 'must be one of 0, 1, 2, 3, 4, 5 or 100000 (100000: until resolved)',
      'alertSettings.reminders.interval': 'must be one of 1, 2, 3, 4, 5, 10, 15 or 30 (minutes)',
      'alertSettings.parallelRunFailureThreshold.enabled': 'must be true or false',
      'alertSettings.parallelRunFailureThreshold.percentage':
        'must be one of 10, 20, 30, 40, 50, 60, 70, 80, 90 or 100 (percent)',
      'alertSettings.sslCertificates.enabled': 'must be true or false',
      'alertSettings.sslCertificates.alertThreshold': 'must be a whole number',
    },
  ],
  [
    'alerts: unknown fields inside',
    dns,
    alerts({
      runBasedEscalation: { x: 1 },
      timeBasedEscalation: { x: 1 },
      reminders: { x: 1 },
      parallelRunFailureThreshold: { x: 1 },
      sslCertificates: { x: 1, y: 2 },
    }),
    {
      'alertSettings.runBasedEscalation': 'has unknown field "x"',
      'alertSettings.timeBasedEscalation': 'has unknown field "x"',
      'alertSettings.reminders': 'has unknown field "x"',
      'alertSettings.parallelRunFailureThreshold': 'has unknown field "x"',
      'alertSettings.sslCertificates': 'has unknown fields "x", "y"',
    },
  ],
  [
    'alerts: the lowest values',
    dns,
    alerts({
      escalationType: 'RUN_BASED',
      runBasedEscalation: { failedRunThreshold: 1 },
      timeBasedEscalation: { minutesFailingThreshold: 5 },
      reminders: { amount: 0, interval: 1 },
      parallelRunFailureThreshold: { percentage: 10 },
    }),
    {},
  ],
  ['an incident trigger', dns, { ...minimal, triggerIncident: trigger }, {}],
  [
    'an incident trigger with empty service and name',
    dns,
    { ...minimal, triggerIncident: { ...trigger, serviceId: '', name: '', severity: 'LOW' } },
    {
      'triggerIncident.serviceId': 'must not be empty',
      'triggerIncident.name': 'must not be empty',
      'triggerIncident.severity': 'must be one of CRITICAL, MAJOR, MEDIUM or MINOR',
    },
  ],
  ['50 environment variables', dns, { ...minimal, environmentVariables: variables(50) }, {}],
  [
    '51 environment variables',
    dns,
    { ...minimal, environmentVariables: variables(51) },
    { environmentVariables: 'must have at most 50 variables (got 51)' },
  ],
  [
    'a variable without a key',
    dns,
    { ...minimal, environmentVariables: [{ key: '', value: 'v' }] },
    { 'environmentVariables.0.key': 'must not be empty' },
  ],
  [
    'a variable of the wrong kinds',
    dns,
    { ...minimal, environmentVariables: [{ key: 'K', value: 1, locked: 'no', secret: 'no' }] },
    {
      'environmentVariables.0.value': 'must be text',
      'environmentVariables.0.locked': 'must be true or false',
      'environmentVariables.0.secret': 'must be true or false',
    },
  ],
  [
    'a variable without a value',
    dns,
    { ...minimal, environmentVariables: [{ key: 'K' }] },
    { 'environmentVariables.0.value': 'is required' },
  ],
  ['no heartbeat', dns, { ...minimal, heartbeat: undefined }, { heartbeat: 'is required (send {})' }],
  [
    'scripts and snippets',
    dns,
    {
      ...minimal,
      scriptPath: 'a.js',
      sslCheckDomain: 'example.com',
      setupSnippetId: 1,
      tearDownSnippetId: null,
      localSetupScript: null,
      localTearDownScript: 'x',
    },
    {},
  ],
  ['an empty script path', dns, { ...minimal, scriptPath: '' }, { scriptPath: 'must not be empty' }],
  ['an unknown field', dns, { ...minimal, type: 'DNS' }, { '': 'has unknown field "type"' }],
  [
    'a DNS check of frequency 0',
    dns,
    { ...minimal, frequency: 0, frequencyOffset: 10 },
    {
      frequency:
        '0 (a run every 10, 20 or 30 seconds) is not available for DNS checks: seconds-level frequencies exist only for API and TCP checks; use 1 minute or more',
    },
  ],
  ['no body', dns, null, { '': 'must be an object' }],
  ['a list for a body', dns, [], { '': 'must be an object' }],

  // The deprecated combined create: a type, dependency files, frequency 0 for API and TCP only.
  ['a combined TCP check every 20 s', combined, { ...minimal, type: 'TCP', frequency: 0, frequencyOffset: 20 }, {}],
  [
    'a combined BROWSER check every 20 s',
    combined,
    { ...minimal, type: 'BROWSER', frequency: 0, frequencyOffset: 20 },
    {
      frequency:
        '0 (a run every 10, 20 or 30 seconds) is not available for BROWSER checks: seconds-level frequencies exist only for API and TCP checks; use 1 minute or more',
    },
  ],
  [
    'a combined API check every 0 with an offset of 0',
    combined,
    { ...minimal, type: 'API', frequency: 0, frequencyOffset: 0 },
    { frequencyOffset: 'must be a whole number >= 1' },
  ],
  [
    'a combined check of an unknown type every 0',
    combined,
    { ...minimal, type: 'SOAP', frequency: 0 },
    { type: 'must be one of AGENTIC, API, BROWSER, HEARTBEAT, ICMP, MULTI_STEP, TCP, PLAYWRIGHT, URL or DNS' },
  ],
  [
    'a combined API check every 0 with an offset of 1',
    combined,
    { ...minimal, type: 'API', frequency: 0, frequencyOffset: 1 },
    {
      frequencyOffset:
        'must be 10, 20 or 30 for frequency 0 (frequencyOffset rule: 10, 20 or 30 seconds with frequency 0)',
    },
  ],
  [
    'a combined check of an unknown type every 0 with an offset of 15',
    combined,
    { ...minimal, type: 'SOAP', frequency: 0, frequencyOffset: 15 },
    { type: 'must be one of AGENTIC, API, BROWSER, HEARTBEAT, ICMP, MULTI_STEP, TCP, PLAYWRIGHT, URL or DNS' },
  ],
  [
    'a combined check without a type',
    combined,
    { ...minimal, frequency: 5, frequencyOffset: 51 },
    {
      type: 'is required: one of AGENTIC, API, BROWSER, HEARTBEAT, ICMP, MULTI_STEP, TCP, PLAYWRIGHT, URL or DNS',
      frequencyOffset: 'must be between 1 and 50 for frequency 5 (frequencyOffset rule: 1..floor(frequency*10))',
    },
  ],
  [
    'a dependency path of 1000',
    combined,
    { ...minimal, type: 'BROWSER', dependencies: [{ path: 'p'.repeat(1000), content: 'x' }] },
    {},
  ],
  [
    'a dependency path of 1001',
    combined,
    { ...minimal, type: 'BROWSER', dependencies: [{ path: 'p'.repeat(1001), content: 'x' }] },
    { 'dependencies.0.path': 'must be at most 1000 characters' },
  ],
  [
    'a dependency without content',
    combined,
    { ...minimal, type: 'BROWSER', dependencies: [{ path: 'a.js', content: '' }, 5] },
    { 'dependencies.0.content': 'must not be empty', 'dependencies.1': 'must be an object' },
  ],
  ['dependencies null', combined, { ...minimal, type: 'BROWSER', dependencies: null }, {}],
  [
    'dependencies not a list',
    combined,
    { ...minimal, type: 'BROWSER', dependencies: {} },
    { dependencies: 'must be a list' },
  ],
  ['no combined body', combined, undefined, { '': 'is required' }],

  // The creates' and updates' query.
  ['auto-assign alerts: true', autoAssignAlertsQuerySchema, { autoAssignAlerts: 'true' }, {}],
  ['auto-assign alerts: false', autoAssignAlertsQuerySchema, { autoAssignAlerts: 'false' }, {}],
  [
    'auto-assign alerts: yes',
    autoAssignAlertsQuerySchema,
    { autoAssignAlerts: 'yes' },
    { autoAssignAlerts: 'must be true or false' },
  ],

  // The updates.
  ['an update of nothing', checkUpdateSchema, {}, {}],
  [
    'an update that empties heartbeat, script and domain',
    checkUpdateSchema,
    { heartbeat: null, script: null, sslCheckDomain: null, dependencies: [{ path: 'a.js', content: 'x' }] },
    {},
  ],
  ['an update with a heartbeat of 5', checkUpdateSchema, { heartbeat: 5 }, { heartbeat: 'must be an object' }],
  [
    'an update with dependencies not a list',
    checkUpdateSchema,
    { dependencies: 'a.js' },
    { dependencies: 'must be a list' },
  ],
  ['an update with a name of spaces', checkUpdateSchema, { name: ' ' }, { name: 'must not be empty' }],
  [
    'a DNS update as read back',
    dnsCheckUpdateSchema,
    {
      name: 'x',
      checkType: 'DNS',
      id: 'chk-1',
      created_at: '2026-03-02',
      updated_at: null,
      alertChannels: { email: [] },
    },
    {},
  ],
  [
    'a DNS update with a script',
    dnsCheckUpdateSchema,
    { name: 'x', script: 'x', environmentVariables: [] },
    { '': 'has unknown fields "script", "environmentVariables"' },
  ],
  [
    'a DNS update of every script field',
    dnsCheckUpdateSchema,
    {
      name: 'x',
      heartbeat: {},
      scriptPath: 'a',
      sslCheckDomain: 'a',
      setupSnippetId: 1,
      tearDownSnippetId: 1,
      localSetupScript: 'a',
      localTearDownScript: 'a',
    },
    {
      '': 'has unknown fields "heartbeat", "scriptPath", "sslCheckDomain", "setupSnippetId", "tearDownSnippetId", "localSetupScript", "localTearDownScript"',
    },
  ],
  ['a DNS update without a name', dnsCheckUpdateSchema, { frequency: 5 }, { name: 'is required' }],
  ['a DNS update of a name of spaces', dnsCheckUpdateSchema, { name: '  ' }, { name: 'must not be empty' }],
  ['a DNS update to an API check', dnsCheckUpdateSchema, { name: 'x', checkType: 'API' }, { checkType: 'must be DNS' }],

  // The rules between fields on a check once updated.
  [
    'a DNS check updated to frequency 0',
    checkConfigurationSchema('DNS'),
    { frequency: 0, frequencyOffset: 10 },
    {
      frequency:
        '0 (a run every 10, 20 or 30 seconds) is not available for DNS checks: seconds-level frequencies exist only for API and TCP checks; use 1 minute or more',
    },
  ],
  [
    'an API check updated to frequency 0 and offset 30',
    checkConfigurationSchema('API'),
    { frequency: 0, frequencyOffset: 30 },
    {},
  ],
  [
    'an API check updated to frequency 0 and offset 40',
    checkConfigurationSchema('API'),
    { frequency: 0, frequencyOffset: 40 },
    {
      frequencyOffset:
        'must be 10, 20 or 30 for frequency 0 (frequencyOffset rule: 10, 20 or 30 seconds with frequency 0)',
    },
  ],
  [
    'an API check updated to frequency 0 and offset 1.5',
    checkConfigurationSchema('API'),
    { frequency: 0, frequencyOffset: 1.5 },
    {},
  ],
  [
    'a check updated to degraded 800 over max 700',
    checkConfigurationSchema('DNS'),
    { degradedResponseTime: 800, maxResponseTime: 700 },
    { degradedResponseTime: 'must not be greater than maxResponseTime 700 (degraded <= max)' },
  ],
  [
    'a check updated to frequency 15 and offset 151',
    checkConfigurationSchema('TCP'),
    { frequency: 15, frequencyOffset: 151 },
    { frequencyOffset: 'must be between 1 and 150 for frequency 15 (frequencyOffset rule: 1..floor(frequency*10))' },
  ],
  [
    'a check updated to frequency 15 and offset 150',
    checkConfigurationSchema('TCP'),
    { frequency: 15, frequencyOffset: 150 },
    {},
  ],
  [
    'a check of a frequency that is no number',
    checkConfigurationSchema('TCP'),
    { frequency: '5', frequencyOffset: 51 },
    {},
  ],
];

describe('what a check body is told', () => {
  it.each(ROWS)('%s', (_what, schema, body, expected) => {
    expect(issues(schema, body)).toEqual(expected);
  });
});

describe('the rules name the other field as the caller labels it', () => {
  const label: FieldLabel = (field, value, defaulted) => `--${field} ${value}${defaulted ? ' (default)' : ''}`;

  it.each([
    [
      { frequency: 5, frequencyOffset: 51 },
      { frequencyOffset: 'must be between 1 and 50 for --frequency 5 (frequencyOffset rule: 1..floor(frequency*10))' },
    ],
    [
      { frequencyOffset: 101 },
      {
        frequencyOffset:
          'must be between 1 and 100 for --frequency 10 (default) (frequencyOffset rule: 1..floor(frequency*10))',
      },
    ],
    [
      { degradedResponseTime: 1001 },
      { degradedResponseTime: 'must not be greater than --maxResponseTime 1000 (default) (degraded <= max)' },
    ],
    [
      { degradedResponseTime: 900, maxResponseTime: 800 },
      { degradedResponseTime: 'must not be greater than --maxResponseTime 800 (degraded <= max)' },
    ],
    [
      { maxResponseTime: 499 },
      { maxResponseTime: 'must not be less than --degradedResponseTime 500 (default) (degraded <= max)' },
    ],
  ])('%j: %j', (fields, expected) => {
    expect(issues(dnsCheckCreateSchema(label), { ...minimal, ...fields })).toEqual(expected);
    expect(issues(checkConfigurationSchema('DNS', label), fields)).toEqual(expected);
  });

  it('frequency 0 without its offset, in the caller’s words', () => {
    expect(issues(combinedCheckCreateSchema(label), { ...minimal, type: 'API', frequency: 0 })).toEqual({
      frequencyOffset: 'is required with --frequency 0: 10, 20 or 30 (the seconds between runs)',
    });
    expect(issues(checkConfigurationSchema('TCP', label), { frequency: 0, frequencyOffset: 25 })).toEqual({
      frequencyOffset:
        'must be 10, 20 or 30 for --frequency 0 (frequencyOffset rule: 10, 20 or 30 seconds with frequency 0)',
    });
  });
});

describe('the frequencyOffset rule of each frequency', () => {
  it.each([
    [
      0,
      { kind: 'seconds', allowed: [10, 20, 30], text: 'frequencyOffset rule: 10, 20 or 30 seconds with frequency 0' },
    ],
    [1, { kind: 'range', min: 1, max: 10, text: 'frequencyOffset rule: 1..floor(frequency*10)' }],
    [60, { kind: 'range', min: 1, max: 600, text: 'frequencyOffset rule: 1..floor(frequency*10)' }],
    [120, { kind: 'range', min: 1, max: 2, text: 'frequencyOffset rule: 1..ceil(frequency/60)' }],
    [1440, { kind: 'range', min: 1, max: 24, text: 'frequencyOffset rule: 1..ceil(frequency/60)' }],
  ])('frequency %s: %j', (frequency, rule) => {
    expect(frequencyOffsetRule(frequency)).toEqual(rule);
  });

  it.each([
    [0, 20, true],
    [0, 15, false],
    [5, 50, true],
    [5, 51, false],
    [5, 1, true],
    [5, 0, false],
    [5, 2.5, false],
    [180, 3, true],
    [180, 4, false],
  ])('frequency %s, offset %s: allowed %s', (frequency, offset, allowed) => {
    expect(offsetAllowed(frequency, offset)).toBe(allowed);
  });

  it.each([
    ['API', true],
    ['TCP', true],
    ['DNS', false],
    ['URL', false],
  ])('seconds-level frequencies for %s checks: %s', (type, allowed) => {
    expect(secondsLevelAllowed(type)).toBe(allowed);
  });
});
