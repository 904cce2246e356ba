/**
 * `mon checks create-dns`: the interactive flow with scripted answers, output on a terminal /
 * piped / --json, --dry-run, warnings. Every rule of the body: shared/naming.test.ts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, testEnv, refusesBadInput } from '../../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => {
  sandbox.requests.length = 0;
});

const posted = () =>
  sandbox.requests.map((request) => ({ method: request.method, path: request.path, body: request.body }));

describe('checks create-dns on a terminal', () => {
  it('asks for name, query, record type, name server, assertions, frequency and locations, confirms, then shows the check', async () => {
    const result = await mon('checks create-dns', {
      sandbox,
      env: testEnv({ sandbox, env: { NO_COLOR: '1' } }),
      tty: true,
      answers: [
        { message: 'Check name', answer: 'Apex A record' },
        { message: 'Name to resolve', answer: 'example.com' },
        { message: 'Record type', answer: 'AAAA' },
        { message: 'Name server', answer: '9.9.9.9' },
        { message: 'Assertion', answer: undefined },
        { message: 'Another assertion', answer: 'text_answer contains 2606:' },
        { message: 'Another assertion', answer: '' },
        { message: 'How often', answer: { frequency: 5 } },
        { message: 'Locations', answer: ['eu-west-1', 'us-east-1'] },
        { message: 'Create this check?', answer: 'yes' },
      ],
    });
    expect(result.stderr).toContain('✓ Created DNS check "Apex A record"');
    expect(result.code).toBe(0);
    expect(result.prompter.asked.map((question) => question.kind)).toEqual([
      'input',
      'input',
      'select',
      'input',
      'input',
      'input',
      'input',
      'select',
      'checkbox',
      'select',
    ]);
    expect(result.prompter.asked[4]!.default).toBe('RESPONSE_CODE EQUALS NOERROR');
    // What was asked is shown, and confirmed, before anything is sent.
    expect(result.stderr).toContain(
      [
        'About to create a check:',
        '  Name:       Apex A record',
        '  Type:       DNS',
        '  Query:      AAAA example.com via 9.9.9.9',
        '  Assertions: RESPONSE_CODE EQUALS NOERROR; TEXT_ANSWER CONTAINS 2606:',
        '  Frequency:  every 5 minutes',
        '  Locations:  eu-west-1, us-east-1',
      ].join('\n'),
    );
    const recordType = result.prompter.asked[2]!;
    expect(recordType.choices).toEqual(['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SOA', 'NS', 'HTTPS']);
    expect(recordType.default).toBe('A');
    expect(result.prompter.asked[3]!.default).toBe('1.1.1.1');
    const frequency = result.prompter.asked[7]!;
    // DNS checks get no seconds-level choice; the default is the API's (10 minutes).
    expect(frequency.choices).not.toContain('every 10 seconds');
    expect(frequency.choices).toContain('every 10 minutes');
    expect(frequency.default).toEqual({ frequency: 10 });
    expect(result.prompter.asked[8]!.choices).toHaveLength(22);

    expect(posted()).toEqual([
      {
        method: 'POST',
        path: '/v1/checks/dns',
        body: {
          name: 'Apex A record',
          request: {
            query: 'example.com',
            recordType: 'AAAA',
            nameServer: '9.9.9.9',
            assertions: [
              { source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NOERROR' },
              { source: 'TEXT_ANSWER', comparison: 'CONTAINS', target: '2606:' },
            ],
          },
          frequency: 5,
          locations: ['eu-west-1', 'us-east-1'],
          heartbeat: {},
          script: '',
        },
      },
    ]);
    expect(result.stdout).toMatch(/^ID: +[0-9a-f-]{36}$/m);
    expect(result.stdout).toMatch(/^Name: +Apex A record$/m);
    expect(result.stdout).toMatch(/^Type: +DNS$/m);
    expect(result.stdout).toMatch(/^Query: +AAAA example\.com via 9\.9\.9\.9 \(UDP\)$/m);
    expect(result.stdout).toMatch(/^Frequency: +every 5 minutes$/m);
    expect(result.stdout).toMatch(/^Locations: +eu-west-1, us-east-1$/m);
    expect(result.stdout).toMatch(/^Alert channels: +1001, 1002, 1003, 1004$/m);
    expect(result.stdout).toMatch(
      /^Notifies: +email oncall@acme\.example; slack; webhook Pager bridge; sms On-call phone$/m,
    );
    // Channel secrets (webhook and Slack URLs, phone numbers) are not shown.
    expect(result.stdout).not.toContain('hooks.slack.example');
    expect(result.stdout).not.toContain('+15555550100');
  });

  it('asks only for what the flags and --file do not give', async () => {
    const result = await mon(
      'checks create-dns --name n --record-type mx --private-location office-rack --frequency 60',
      {
        sandbox,
        tty: true,
        answers: [
          { message: 'Name to resolve', answer: 'example.org' },
          { message: 'Name server', answer: undefined },
          { message: 'Assertion', answer: 'none' },
          { message: 'Create this check?', answer: 'yes' },
        ],
      },
    );
    expect(result.code).toBe(0);
    expect(result.prompter.asked.map((question) => question.message)).toEqual([
      'Name to resolve (query), e.g. example.com',
      'Name server to ask',
      'Assertion (SOURCE COMPARISON TARGET, or none)',
      'Create this check?',
    ]);
    expect(posted().map((request) => request.body)).toEqual([
      {
        name: 'n',
        // "none" at the assertion prompt: an empty list.
        request: { query: 'example.org', recordType: 'MX', nameServer: '1.1.1.1', assertions: [] },
        privateLocations: ['office-rack'],
        frequency: 60,
        heartbeat: {},
        script: '',
      },
    ]);
  });

  it('refuses invalid flags before asking anything', async () => {
    const result = await mon('checks create-dns --frequency 7', { sandbox, tty: true, answers: [] });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--frequency must be one of');
    expect(result.prompter.asked).toEqual([]);
    expect(sandbox.requests).toHaveLength(0);
  });

  it('does not ask with --no-input: a missing name and query are exit 2 naming the flags', async () => {
    const result = await mon('checks create-dns --no-input', { sandbox, tty: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--name is required');
    expect(result.stderr).toContain('--query is required');
    expect(result.prompter.asked).toEqual([]);
    expect(sandbox.requests).toHaveLength(0);
  });

  it('asks nothing once --file - has read stdin (there is nothing left to answer with)', async () => {
    const stdin = JSON.stringify({ request: { query: 'example.com' } });
    const missing = await mon('checks create-dns --file -', { sandbox, tty: true, stdin });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--name is required');
    expect(missing.prompter.asked).toEqual([]);
    const given = await mon('checks create-dns --file - --name n', { sandbox, tty: true, stdin });
    expect(given.code).toBe(0);
    expect(given.prompter.asked).toEqual([]);
    expect(posted()[0]!.body).toEqual({
      name: 'n',
      request: { query: 'example.com', recordType: 'A' },
      heartbeat: {},
      script: '',
    });
  });
});

describe('checks create-dns output', () => {
  const minimal = 'checks create-dns --name ns --query example.com';

  it('prints the ID alone when piped', async () => {
    const result = await mon(minimal, { sandbox });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    const stored = sandbox.store.collection<{ id: string; name: string }>('checks').get(result.stdout.trim());
    expect(stored?.name).toBe('ns');
  });

  it('prints the API body exactly with --json', async () => {
    const result = await mon(`${minimal} --json --tag dns --no-auto-assign-alerts`, { sandbox });
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(sandbox.requests.map(({ method, path, body: sent }) => ({ method, path, body: sent }))).toEqual([
      {
        method: 'POST',
        path: '/v1/checks/dns?autoAssignAlerts=false',
        body: {
          name: 'ns',
          request: { query: 'example.com', recordType: 'A' },
          tags: ['dns'],
          heartbeat: {},
          script: '',
        },
      },
    ]);
    // What the API answered, as it answered it.
    expect(body).toEqual(sandbox.requests[0]!.answer!.body);
    expect(body).toMatchObject({ checkType: 'DNS', name: 'ns', tags: ['dns'], alertChannelSubscriptions: [] });
  });

  it('--dry-run prints the request with secret values masked and sends nothing', async () => {
    const result = await mon(
      `${minimal} --dry-run --no-auto-assign-alerts --env REGION=eu --secret-env TOKEN=hunter2-secret --retry-type fixed --retry-max-retries 3`,
      { sandbox },
    );
    expect(result.code).toBe(0);
    expect(sandbox.requests).toHaveLength(0);
    // Piped, the plan is JSON: the request's path with its query, the body with the secret masked.
    const { request } = JSON.parse(result.stdout);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checks/dns?autoAssignAlerts=false');
    expect(request.body).toEqual({
      name: 'ns',
      request: { query: 'example.com', recordType: 'A' },
      environmentVariables: [
        { key: 'REGION', value: 'eu' },
        { key: 'TOKEN', value: '••••', secret: true },
      ],
      retryStrategy: { type: 'FIXED', maxRetries: 3 },
      heartbeat: {},
      script: '',
    });
    expect(result.stdout + result.stderr).not.toContain('hunter2');
    expect(result.stderr).toContain('Dry run: nothing was sent.');
  });

  it('reads the body from stdin with --file -', async () => {
    const body = { name: 'from stdin', request: { query: 'example.net', recordType: 'TXT', port: 53 }, tags: ['a'] };
    const result = await mon('checks create-dns --file - --tag b', {
      sandbox,
      stdin: JSON.stringify(body),
    });
    expect(result.code).toBe(0);
    expect(posted()[0]!.body).toEqual({ ...body, tags: ['b'], heartbeat: {}, script: '' });
  });

  it('warns when --alert-* settings would be ignored for the account-level ones', async () => {
    const ignored = await mon(`${minimal} --alert-failed-run-threshold 2`, { sandbox });
    expect(ignored.code).toBe(0);
    expect(ignored.stderr).toContain('warning: the --alert-* settings apply only with --no-use-global-alert-settings');
    const used = await mon(`${minimal} --alert-failed-run-threshold 2 --no-use-global-alert-settings`, {
      sandbox,
    });
    expect(used.stderr).not.toContain('warning');
    expect(posted()[1]!.body).toEqual({
      name: 'ns',
      request: { query: 'example.com', recordType: 'A' },
      useGlobalAlertSettings: false,
      alertSettings: { runBasedEscalation: { failedRunThreshold: 2 } },
      heartbeat: {},
      script: '',
    });
  });
});

const badFiles = mkdtempSync(join(tmpdir(), 'mon-bad-input-'));
const badFile = (name: string, content: string) => {
  const path = join(badFiles, name);
  writeFileSync(path, content);
  return path;
};
const INVALID_JSON = badFile('invalid.json', '{"name": "x", "request": {');
const ARRAY_JSON = badFile('array.json', '[1, 2]');
const STRING_JSON = badFile('string.json', '"a check"');
const WRONG_TYPE_JSON = badFile('wrong-type.json', '{"frequency": "often"}');
const TAGS_JSON = badFile('tags.json', '{"name": "x", "request": {"query": "example.com"}, "tags": "prod"}');
const UNKNOWN_FIELD_JSON = badFile('unknown.json', '{"name": "x", "request": {"query": "example.com"}, "frequncy": 5}');
const DNS = 'checks create-dns --name dns --query example.com';
const envs = (flag: string, count: number) => Array.from({ length: count }, (_, i) => `${flag} K${i}=v`).join(' ');

/** The one request a sandbox received, and the check it answered with (--json). */
async function createdWith(line: string, options: { on?: Sandbox; stdin?: string } = {}) {
  const on = options.on ?? sandbox;
  const result = await mon(`--json ${line}`, { sandbox: on, stdin: options.stdin });
  expect(result.stderr).not.toContain('error');
  expect(result.code).toBe(0);
  const requests = on.requests;
  expect(requests).toHaveLength(1);
  return {
    request: requests[0]!,
    response: JSON.parse(result.stdout) as Record<string, unknown>,
    stderr: result.stderr,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'mon-checks-'));
function jsonFile(name: string, body: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(body, null, 2));
  return path;
}

describe('checks create-dns, what the sandbox receives and answers', () => {
  it('sends a field for every flag, and the sandbox answers with the check', async () => {
    // A sandbox with a data file: it keeps the secret value its log masks.
    const dataFile = join(dir, 'data.jsonl');
    const own = await memorySandbox({ dataFile });
    try {
      const { request, response } = await createdWith(
        `checks create-dns --name "Apex records" --description "Resolves the apex from two regions"
        --tag dns --tag prod --no-activated --muted --should-fail --no-double-check --group-id 12 --group-order 0
        --runtime 2025.04 --query example.com --record-type aaaa --name-server 1.1.1.1 --port 53 --protocol tcp
        --assert "RESPONSE_CODE EQUALS NOERROR" --assert "TEXT_ANSWER CONTAINS 2606:2800: 220"
        --assert "TEXT_ANSWER NOT_EMPTY" --frequency 120 --frequency-offset 2
        --location eu-west-1 --location US-EAST-1 --private-location office-rack --run-parallel
        --degraded-response-time 300 --max-response-time 800 --alert-channel 1001 --no-auto-assign-alerts
        --no-use-global-alert-settings --alert-escalation-type RUN_BASED --alert-failed-run-threshold 2
        --alert-minutes-failing-threshold 10 --alert-reminders-amount 3 --alert-reminders-interval 15
        --alert-parallel-run-failure-threshold 50 --retry-type LINEAR --retry-max-retries 3
        --retry-base-backoff-seconds 30 --retry-max-duration-seconds 300 --retry-only-on network_error
        --no-retry-same-region --trigger-incident-service ${SEED_SERVICES.api} --trigger-incident-severity major
        --trigger-incident-name "DNS failing" --trigger-incident-description "example.com does not resolve"
        --trigger-incident-notify-subscribers --env REGION=eu --secret-env TOKEN=s3cr3t=value
        --script "// unused for DNS" --script-path checks/dns.js --local-setup-script 'console.log("setup")'
        --local-tear-down-script 'console.log("teardown")' --setup-snippet-id 7 --tear-down-snippet-id 8
        --ssl-check-domain example.com`,
        { on: own },
      );
      const sent = {
        name: 'Apex records',
        description: 'Resolves the apex from two regions',
        activated: false,
        muted: true,
        doubleCheck: false,
        shouldFail: true,
        runParallel: true,
        useGlobalAlertSettings: false,
        locations: ['eu-west-1', 'us-east-1'],
        privateLocations: ['office-rack'],
        tags: ['dns', 'prod'],
        groupId: 12,
        groupOrder: 0,
        runtimeId: '2025.04',
        frequency: 120,
        frequencyOffset: 2,
        degradedResponseTime: 300,
        maxResponseTime: 800,
        script: '// unused for DNS',
        scriptPath: 'checks/dns.js',
        sslCheckDomain: 'example.com',
        setupSnippetId: 7,
        tearDownSnippetId: 8,
        localSetupScript: 'console.log("setup")',
        localTearDownScript: 'console.log("teardown")',
        request: {
          query: 'example.com',
          recordType: 'AAAA',
          nameServer: '1.1.1.1',
          port: 53,
          protocol: 'TCP',
          assertions: [
            { source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NOERROR' },
            { source: 'TEXT_ANSWER', comparison: 'CONTAINS', target: '2606:2800: 220' },
            { source: 'TEXT_ANSWER', comparison: 'NOT_EMPTY', target: '' },
          ],
        },
        retryStrategy: {
          type: 'LINEAR',
          baseBackoffSeconds: 30,
          maxRetries: 3,
          maxDurationSeconds: 300,
          sameRegion: false,
          onlyOn: ['NETWORK_ERROR'],
        },
        alertSettings: {
          escalationType: 'RUN_BASED',
          runBasedEscalation: { failedRunThreshold: 2 },
          timeBasedEscalation: { minutesFailingThreshold: 10 },
          reminders: { amount: 3, interval: 15 },
          parallelRunFailureThreshold: { enabled: true, percentage: 50 },
        },
        triggerIncident: {
          serviceId: SEED_SERVICES.api,
          severity: 'MAJOR',
          name: 'DNS failing',
          description: 'example.com does not resolve',
          notifySubscribers: true,
        },
        alertChannelSubscriptions: [{ alertChannelId: 1001, activated: true }],
        environmentVariables: [
          { key: 'REGION', value: 'eu' },
          { key: 'TOKEN', value: 's3cr3t=value', secret: true },
        ],
        heartbeat: {},
      };
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/v1/checks/dns?autoAssignAlerts=false');
      expect(request.headers['content-type']).toBe('application/json');
      // The sandbox's log masks a secret value; its data file shows that it got it.
      expect(request.body).toEqual({
        ...sent,
        environmentVariables: [sent.environmentVariables[0], { ...sent.environmentVariables[1], value: '••••' }],
      });
      expect(readFileSync(dataFile, 'utf8')).toContain('"value":"s3cr3t=value"');

      // The answer: the spec's response fields, as sent, plus what the service adds.
      const {
        environmentVariables,
        heartbeat,
        script,
        scriptPath,
        sslCheckDomain,
        setupSnippetId,
        tearDownSnippetId,
        localSetupScript,
        localTearDownScript,
        ...shown
      } = sent;
      expect(response).toMatchObject({
        ...shown,
        checkType: 'DNS',
        updated_at: null,
        alertChannels: { email: [{ address: 'oncall@acme.example' }], slack: [], webhook: [], sms: [] },
      });
      expect(response.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.stringify(response)).not.toContain('s3cr3t');
    } finally {
      await own.close();
    }
  });

  it('creates a check from --file alone, printing its ID when piped', async () => {
    const body = {
      name: 'From a file',
      request: {
        query: 'example.org',
        recordType: 'MX',
        nameServer: '8.8.8.8',
        assertions: [{ source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NOERROR' }],
      },
      locations: ['ap-south-1'],
      frequency: 30,
      frequencyOffset: 300,
      retryStrategy: { type: 'FIXED', maxRetries: 2 },
    };
    const result = await mon(['checks', 'create-dns', '--file', jsonFile('file-only.json', body)], { sandbox });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(result.stderr).toContain(`✓ Created DNS check "From a file" (${result.stdout.trim()}).`);
    const [request] = sandbox.requests;
    expect(request!.path).toBe('/v1/checks/dns');
    expect(request!.body).toEqual({ ...body, heartbeat: {}, script: '' });
  });

  it('merges --file and flags: objects field by field, a flag replacing the file value', async () => {
    const body = {
      name: 'Template',
      description: 'kept from the file',
      request: { query: 'template.example.com', recordType: 'A', nameServer: '9.9.9.9', port: 5353 },
      locations: ['eu-west-1', 'eu-west-2'],
      tags: ['from-file'],
      alertSettings: { escalationType: 'RUN_BASED', reminders: { amount: 1, interval: 5 } },
      heartbeat: { note: 'kept as given' },
      muted: true,
    };
    const { request, response } = await createdWith(
      `checks create-dns --file ${jsonFile('template.json', body)} --name "Copy for staging"
        --query staging.example.com --location us-west-2 --alert-reminders-amount 2 --no-muted`,
    );
    expect(request.body).toEqual({
      name: 'Copy for staging',
      description: 'kept from the file',
      request: { query: 'staging.example.com', recordType: 'A', nameServer: '9.9.9.9', port: 5353 },
      locations: ['us-west-2'],
      tags: ['from-file'],
      alertSettings: { escalationType: 'RUN_BASED', reminders: { amount: 2, interval: 5 } },
      heartbeat: { note: 'kept as given' },
      muted: false,
      script: '',
    });
    expect(response).toMatchObject({
      name: 'Copy for staging',
      muted: false,
      locations: ['us-west-2'],
      request: { query: 'staging.example.com', port: 5353 },
    });
  });

  it('reads the body from stdin with --file -', async () => {
    const { request } = await createdWith('checks create-dns --file - --tag piped', {
      stdin: JSON.stringify({ name: 'stdin', request: { query: 'example.net', recordType: 'NS' } }),
    });
    expect(request.body).toEqual({
      name: 'stdin',
      request: { query: 'example.net', recordType: 'NS' },
      tags: ['piped'],
      heartbeat: {},
      script: '',
    });
  });

  it('refuses a rule violation from the file and from a flag at once: exit 2, nothing sent', async () => {
    const file = jsonFile('bad.json', {
      name: 'bad',
      request: { query: 'example.com', recordType: 'A' },
      description: 'x'.repeat(501),
    });
    const result = await mon(['checks', 'create-dns', '--file', file, '--frequency', '0'], { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('description (from --file) must be at most 500 characters');
    expect(result.stderr).toContain('--frequency 0 (a run every 10, 20 or 30 seconds) is not available for DNS checks');
    expect(result.stdout).toBe('');
    expect(sandbox.requests).toEqual([]);
  });

  it('--dry-run prints the exact request and sends nothing', async () => {
    const result = await mon('--json checks create-dns --name n --query example.com --dry-run', { sandbox });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      status: 'dry_run',
      command: 'checks create-dns',
      classification: { kind: 'write', readOnly: false, destructive: false, idempotent: false },
      changes: ['A new check "n": type DNS; query A example.com'],
      request: {
        method: 'POST',
        path: '/v1/checks/dns',
        body: { name: 'n', request: { query: 'example.com', recordType: 'A' }, heartbeat: {}, script: '' },
      },
    });
    expect(sandbox.requests).toEqual([]);
  });
});

describe('checks create-dns, a secret environment variable', () => {
  it('never shows its value: not with --debug, not with --dry-run', async () => {
    const secret = 's3cr3t-env-value-0042';
    // A sandbox with a data file: it keeps the value its log masks.
    const dataFile = join(dir, 'secret-env.jsonl');
    const own = await memorySandbox({ dataFile });
    try {
      const line = `checks create-dns --name "secret env" --query example.com --secret-env API_TOKEN=${secret} --env REGION=eu-visible`;
      const [debug, dryRun, dryRunJson] = await Promise.all([
        mon(`${line} --debug`, { sandbox: own }),
        mon(`${line} --dry-run --debug`, { sandbox: own }),
        mon(`--json ${line} --dry-run`, { sandbox: own }),
      ]);
      for (const output of [debug, dryRun, dryRunJson]) expect(output.stdout + output.stderr).not.toContain(secret);
      expect(debug.code).toBe(0);
      // The request body is logged, with the secret's value (only) replaced.
      expect(debug.stderr).toContain('> {"name":"secret env"');
      expect(debug.stderr).toContain('{"key":"API_TOKEN","value":"[redacted]","secret":true}');
      expect(debug.stderr).toContain('{"key":"REGION","value":"eu-visible"}');
      expect(dryRun.stdout).toContain('"value": "••••"');
      expect(JSON.parse(dryRunJson.stdout).request.body.environmentVariables).toEqual([
        { key: 'REGION', value: 'eu-visible' },
        { key: 'API_TOKEN', value: '••••', secret: true },
      ]);
      // The server did get the value (its data file holds it): only what is shown is masked,
      // the sandbox's request log included.
      const sent = own.requests.filter((request) => request.method === 'POST' && request.path === '/v1/checks/dns');
      expect(JSON.stringify(sent.at(-1)!.body)).not.toContain(secret);
      expect(readFileSync(dataFile, 'utf8')).toContain(secret);
    } finally {
      await own.close();
    }
  });
});

refusesBadInput([
  // Enums and limits of the spec.
  {
    what: 'a frequency not in the list',
    line: `${DNS} --frequency 7`,
    says: '--frequency must be one of 0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720 or 1440',
  },
  {
    what: 'a frequency offset of 0',
    line: `${DNS} --frequency-offset 0`,
    says: '--frequency-offset must be a whole number >= 1',
  },
  {
    what: 'a frequency offset past floor(frequency*10)',
    line: `${DNS} --frequency 5 --frequency-offset 51`,
    says: '--frequency-offset must be between 1 and 50 for --frequency 5',
  },
  {
    what: 'a frequency offset past ceil(frequency/60)',
    line: `${DNS} --frequency 120 --frequency-offset 3`,
    says: '--frequency-offset must be between 1 and 2 for --frequency 120',
  },
  {
    what: 'a seconds-level frequency for DNS',
    line: `${DNS} --frequency 0 --frequency-offset 10`,
    says: '--frequency 0 (a run every 10, 20 or 30 seconds) is not available for DNS checks',
  },
  { what: 'an unknown location', line: `${DNS} --location mars-1`, says: '--location must be one of us-east-1' },
  { what: 'an unknown runtime', line: `${DNS} --runtime 2021.01`, says: '--runtime must be one of 2026.04' },
  {
    what: 'a description of 501 characters',
    line: `${DNS} --description ${'d'.repeat(501)}`,
    says: '--description must be at most 500 characters',
  },
  {
    what: '51 environment variables',
    line: `${DNS} ${envs('--env', 26)} ${envs('--secret-env', 25)}`,
    says: '--env must have at most 50 variables (got 51)',
  },
  { what: 'an environment variable without "="', line: `${DNS} --env TOKEN`, says: '--env must be KEY=VALUE' },
  {
    what: 'a degraded response time below 0',
    line: `${DNS} --degraded-response-time -1`,
    says: '--degraded-response-time must be between 0 and 5000',
  },
  {
    what: 'a max response time above 5000',
    line: `${DNS} --max-response-time 5001`,
    says: '--max-response-time must be between 0 and 5000',
  },
  {
    what: 'degraded above max',
    line: `${DNS} --degraded-response-time 800 --max-response-time 700`,
    says: '--degraded-response-time must not be greater than --max-response-time',
  },
  { what: 'a group order of -1', line: `${DNS} --group-order -1`, says: '--group-order must be >= 0' },
  { what: 'a group ID that is not a number', line: `${DNS} --group-id abc`, says: '--group-id must be a number' },
  { what: 'a port above 65535', line: `${DNS} --port 70000`, says: '--port must be a port number from 1 to 65535' },
  { what: 'an unknown record type', line: `${DNS} --record-type PTR`, says: '--record-type must be one of A, AAAA' },
  {
    what: 'an assertion without a comparison',
    line: `${DNS} --assert RESPONSE_CODE`,
    says: '--assert "RESPONSE_CODE" comparison is required',
  },
  {
    what: 'retries past 10',
    line: `${DNS} --retry-type FIXED --retry-max-retries 11`,
    says: '--retry-max-retries must be a whole number from 1 to 10',
  },
  {
    what: 'an unknown trigger severity',
    line: `${DNS} --trigger-incident-severity HUGE --trigger-incident-service ${SEED_SERVICES.api} --trigger-incident-name n --trigger-incident-description d`,
    says: '--trigger-incident-severity must be one of',
  },

  // JSON files.
  {
    what: 'a --file that is not JSON',
    line: ['checks', 'create-dns', '--file', INVALID_JSON],
    says: `--file ${INVALID_JSON} is not valid JSON`,
  },
  {
    what: 'a --file holding an array',
    line: ['checks', 'create-dns', '--file', ARRAY_JSON],
    says: 'must hold a JSON object (the request body), not an array',
  },
  {
    what: 'a --file holding a string',
    line: ['checks', 'create-dns', '--file', STRING_JSON],
    says: 'must hold a JSON object',
  },
  {
    what: 'a --file with a field of the wrong type',
    line: ['checks', 'create-dns', '--file', WRONG_TYPE_JSON, '--name', 'n', '--query', 'q'],
    says: 'frequency (from --file) must be one of',
  },
  {
    what: 'a --file with tags that are not a list',
    line: ['checks', 'create-dns', '--file', TAGS_JSON],
    says: 'tags (from --file) must be a list',
  },
  {
    what: 'a --file with a misspelt field',
    line: ['checks', 'create-dns', '--file', UNKNOWN_FIELD_JSON],
    says: 'has unknown field "frequncy"',
  },
  {
    what: 'a --file that does not exist',
    line: ['checks', 'create-dns', '--file', join(badFiles, 'missing.json')],
    says: 'cannot read it (there is no such file)',
  },
  {
    what: 'a --file - whose stdin is not JSON',
    line: 'checks create-dns --file -',
    stdin: 'name: x\n',
    says: 'is not valid JSON',
  },
]);
