/**
 * The real bin/mon.js against a spawned `mon sandbox`: DNS checks created through flags,
 * through --file, and through both, checked against what the sandbox received and answered;
 * the deprecated create's warning and 402.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import { runMon, startSandbox, tempDir, type SandboxProcess } from './harness';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});
beforeEach(async () => {
  await sandbox.clearRequests();
});

const dir = tempDir('mon-checks-e2e-');
function jsonFile(name: string, body: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(body, null, 2));
  return path;
}

/** The one request the sandbox received, and the check it answered with (--json). */
async function createdWith(args: string[], input?: string) {
  const result = await runMon(['--json', ...args], { env: sandbox.env(), input });
  expect(result.stderr).not.toContain('error');
  expect(result.code).toBe(0);
  const requests = await sandbox.requests();
  expect(requests).toHaveLength(1);
  return {
    request: requests[0]!,
    response: JSON.parse(result.stdout) as Record<string, unknown>,
    stderr: result.stderr,
  };
}

describe('mon checks create-dns', () => {
  it('sends a field for every flag, and the sandbox answers with the check', async () => {
    const { request, response } = await createdWith([
      'checks',
      'create-dns',
      '--name',
      'Apex records',
      '--description',
      'Resolves the apex from two regions',
      '--tag',
      'dns',
      '--tag',
      'prod',
      '--no-activated',
      '--muted',
      '--should-fail',
      '--no-double-check',
      '--group-id',
      '12',
      '--group-order',
      '0',
      '--runtime',
      '2025.04',
      '--query',
      'example.com',
      '--record-type',
      'aaaa',
      '--name-server',
      '1.1.1.1',
      '--port',
      '53',
      '--protocol',
      'tcp',
      '--assert',
      'RESPONSE_CODE EQUALS NOERROR',
      '--assert',
      'TEXT_ANSWER CONTAINS 2606:2800: 220',
      '--assert',
      'TEXT_ANSWER NOT_EMPTY',
      '--frequency',
      '120',
      '--frequency-offset',
      '2',
      '--location',
      'eu-west-1',
      '--location',
      'US-EAST-1',
      '--private-location',
      'office-rack',
      '--run-parallel',
      '--degraded-response-time',
      '300',
      '--max-response-time',
      '800',
      '--alert-channel',
      '1001',
      '--no-auto-assign-alerts',
      '--no-use-global-alert-settings',
      '--alert-escalation-type',
      'RUN_BASED',
      '--alert-failed-run-threshold',
      '2',
      '--alert-minutes-failing-threshold',
      '10',
      '--alert-reminders-amount',
      '3',
      '--alert-reminders-interval',
      '15',
      '--alert-parallel-run-failure-threshold',
      '50',
      '--retry-type',
      'LINEAR',
      '--retry-max-retries',
      '3',
      '--retry-base-backoff-seconds',
      '30',
      '--retry-max-duration-seconds',
      '300',
      '--retry-only-on',
      'network_error',
      '--no-retry-same-region',
      '--trigger-incident-service',
      SEED_SERVICES.api,
      '--trigger-incident-severity',
      'major',
      '--trigger-incident-name',
      'DNS failing',
      '--trigger-incident-description',
      'example.com does not resolve',
      '--trigger-incident-notify-subscribers',
      '--env',
      'REGION=eu',
      '--secret-env',
      'TOKEN=s3cr3t=value',
      '--script',
      '// unused for DNS',
      '--script-path',
      'checks/dns.js',
      '--local-setup-script',
      'console.log("setup")',
      '--local-tear-down-script',
      'console.log("teardown")',
      '--setup-snippet-id',
      '7',
      '--tear-down-snippet-id',
      '8',
      '--ssl-check-domain',
      'example.com',
    ]);
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
    expect(readFileSync(sandbox.info.dataFile, 'utf8')).toContain('"value":"s3cr3t=value"');

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
    const result = await runMon(['checks', 'create-dns', '--file', jsonFile('file-only.json', body)], {
      env: sandbox.env(),
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(result.stderr).toContain(`✓ Created DNS check "From a file" (${result.stdout.trim()}).`);
    const [request] = await sandbox.requests();
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
    const { request, response } = await createdWith([
      'checks',
      'create-dns',
      '--file',
      jsonFile('template.json', body),
      '--name',
      'Copy for staging',
      '--query',
      'staging.example.com',
      '--location',
      'us-west-2',
      '--alert-reminders-amount',
      '2',
      '--no-muted',
    ]);
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
    const { request } = await createdWith(
      ['checks', 'create-dns', '--file', '-', '--tag', 'piped'],
      JSON.stringify({ name: 'stdin', request: { query: 'example.net', recordType: 'NS' } }),
    );
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
    const result = await runMon(['checks', 'create-dns', '--file', file, '--frequency', '0'], { env: sandbox.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('description (from --file) must be at most 500 characters');
    expect(result.stderr).toContain('--frequency 0 (a run every 10, 20 or 30 seconds) is not available for DNS checks');
    expect(result.stdout).toBe('');
    expect(await sandbox.requests()).toEqual([]);
  });

  it('--dry-run prints the exact request and sends nothing', async () => {
    const result = await runMon(
      ['--json', 'checks', 'create-dns', '--name', 'n', '--query', 'example.com', '--dry-run'],
      { env: sandbox.env() },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      method: 'POST',
      url: `${sandbox.url}/v1/checks/dns`,
      body: { name: 'n', request: { query: 'example.com', recordType: 'A' }, heartbeat: {}, script: '' },
    });
    expect(await sandbox.requests()).toEqual([]);
  });
});

describe('mon checks create (deprecated)', () => {
  it('warns, sends `type` and dependency files, and maps a 402 past --max-checks to exit 5', async () => {
    const limited = await startSandbox(['--max-checks', '1']);
    try {
      const helper = join(dir, 'helpers.js');
      writeFileSync(helper, 'module.exports = { ok: true };\n');
      const first = await runMon(
        [
          'checks',
          'create',
          '--type',
          'api',
          '--name',
          'api',
          '--query',
          'api.example.com',
          '--frequency',
          '0',
          '--frequency-offset',
          '10',
          '--dependency',
          `lib/helpers.js=@${helper}`,
        ],
        { env: limited.env() },
      );
      expect(first.stderr).toContain(
        'warning: `mon checks create` uses POST /v1/checks, which the API has deprecated and will remove.',
      );
      expect(first.stderr).toContain('For API and browser checks use the per-type operations');
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
      const [request] = await limited.requests();
      expect(request!.path).toBe('/v1/checks');
      expect(request!.body).toEqual({
        type: 'API',
        name: 'api',
        request: { query: 'api.example.com', recordType: 'A' },
        frequency: 0,
        frequencyOffset: 10,
        dependencies: [{ path: 'lib/helpers.js', content: 'module.exports = { ok: true };\n' }],
        heartbeat: {},
        script: '',
      });

      const second = await runMon(['checks', 'create', '--type', 'DNS', '--name', 'dns', '--query', 'example.com'], {
        env: limited.env(),
      });
      expect(second.stderr).toContain('For DNS checks use `mon checks create-dns`.');
      expect(second.stderr).toContain(
        "The plan's limit on the number of checks is reached, so no check was created (402 Payment Required: Your plan allows 1 check and the account has 1",
      );
      expect(second.stderr).toContain('Delete checks you no longer need or upgrade the plan');
      expect(second.stdout).toBe('');
      expect(second.code).toBe(5);
    } finally {
      await limited.stop();
    }
  });

  it('--dry-run prints the request to the deprecated operation and sends nothing', async () => {
    await sandbox.clearRequests();
    const result = await runMon(
      ['--json', 'checks', 'create', '--type', 'DNS', '--name', 'dry', '--query', 'example.com', '--dry-run'],
      { env: sandbox.env() },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      method: 'POST',
      url: `${sandbox.url}/v1/checks`,
      body: { type: 'DNS', name: 'dry', request: { query: 'example.com' } },
    });
    expect(await sandbox.requests()).toEqual([]);
  });
});
