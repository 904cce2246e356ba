/** --dry-run (core/write.ts, core/plan.ts): the plan printed, nothing mutating sent, for every verb that changes something. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../src/sandbox/server';
import { type CliOptions, frozenClock, memorySandbox, mon } from '../helpers';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await memorySandbox({ now: frozenClock() });
});
afterEach(async () => {
  await sandbox.close();
});

const run = (line: string | readonly string[], options: CliOptions = {}) =>
  mon(line, { sandbox, now: () => sandbox.clock.now(), ...options });
/** What reached the server other than reads. */
const mutations = () => sandbox.requests.filter((request) => request.method !== 'GET');

describe('--dry-run', () => {
  it('--dry-run sends nothing mutating, for every mutating command', async () => {
    const created = await run([
      'incidents',
      'create',
      '--name',
      'Dry',
      '--severity',
      'minor',
      '--service',
      SEED_SERVICES.api,
      '--message',
      'm',
    ]);
    const id = created.stdout.trim();
    const updateId = JSON.parse((await run(['incidents', 'get', id, '--json'])).stdout).incidentUpdates[0].id as string;
    sandbox.requests.length = 0;
    const commands = [
      [
        'incidents',
        'create',
        '--name',
        'Dry',
        '--severity',
        'minor',
        '--service',
        SEED_SERVICES.api,
        '--message',
        'm',
        '--dry-run',
      ],
      ['incidents', 'update', id, '--severity', 'major', '--message', 'x', '--dry-run'],
      ['incidents', 'resolve', id, '--dry-run'],
      ['incidents', 'updates', 'create', id, '--message', 'x', '--dry-run'],
      ['incidents', 'updates', 'edit', id, updateId, '--message', 'x', '--dry-run'],
    ];
    for (const args of commands) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(0);
      // Piped: the plan as JSON, without a token.
      const plan = JSON.parse(result.stdout);
      expect(plan.status).toBe('dry_run');
      expect(plan.request.method).toMatch(/^(POST|PUT)$/);
      expect(plan).not.toHaveProperty('planToken');
      expect(result.stderr).toContain('Dry run: nothing was sent.');
    }
    expect(mutations()).toEqual([]);
    const json = JSON.parse((await run(['--json', 'incidents', 'resolve', id, '--dry-run'])).stdout);
    expect(json).toEqual({
      status: 'dry_run',
      command: 'incidents resolve',
      classification: { kind: 'write', readOnly: false, destructive: false, idempotent: false },
      target: { kind: 'incident', id, name: 'Dry' },
      changes: [
        `Incident "Dry" (${id}): a new update, status INVESTIGATING → RESOLVED, subscribers not notified: "This incident has been resolved."`,
      ],
      request: {
        method: 'POST',
        path: `/v1/status-pages/incidents/${id}/incident-updates`,
        body: { description: 'This incident has been resolved.', status: 'RESOLVED', notifySubscribers: false },
      },
    });
  });
});

describe('--dry-run and secrets', () => {
  it('never shows the key or a ping token in a --dry-run, in any form, and sends nothing', async () => {
    const { pingToken } = (sandbox.banner().json.heartbeats as { pingToken: string }[])[0]!;
    const outputs = await Promise.all(
      [
        // By name: the status pages are read (a full ID would be sent without a lookup).
        'incidents create --name Dry --severity minor --service "Public API" --message m --dry-run --debug',
        `--json incidents create --name Dry --severity minor --service ${SEED_SERVICES.api} --message m --dry-run`,
        'api -X POST /v1/status-pages/incidents -f name=Dry --dry-run',
        `heartbeats ping ${pingToken} --dry-run --debug`,
        `--json heartbeats ping ${sandbox.pingUrl}/${pingToken} --dry-run`,
        `heartbeats exec ${pingToken} --dry-run -- true`,
      ].map((line) => run(line)),
    );
    for (const output of outputs) expect(output.code, output.stderr).toBe(0);
    for (const output of outputs) expect(output.stdout + output.stderr).not.toContain(pingToken);
    for (const output of outputs.slice(0, 3)) expect(output.stdout).toContain('/v1/status-pages/incidents');
    for (const output of outputs.slice(0, 3)) expect(JSON.parse(output.stdout).status).toBe('dry_run');
    for (const output of outputs.slice(3))
      expect(output.stdout).toContain(`${sandbox.pingUrl}/…${pingToken.slice(-4)}`);
    expect(outputs[0]!.stderr).toContain('Bearer [redacted]'); // the GET of the status pages, logged
    // Only the reads of the status pages (to name the services) reached the sandbox: no
    // POST, no ping, no command's ping.
    const received = sandbox.requests;
    expect(received.map((request) => `${request.method} ${request.path.replace(/\?.*/, '')}`)).toEqual(
      received.map(() => 'GET /v1/status-pages'),
    );
  });
});
