/**
 * `mon maintenance` in-process, with quiet real commands: a run's window body and its end (the
 * requests the sandbox received), an incident from a template opened and resolved, the
 * command's exit code as mon's, --until-healthy running the tagged checks until they pass, the
 * plan (--dry-run, agent mode), `list`, `end ID` (ended, not started: deleted, over: left),
 * `recover` with nothing to do, and bad input with nothing sent. Signals and kill -9:
 * test/e2e/outage-operations.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INCIDENT_NAME_MAX } from '../../../src/api/schemas/enums';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, refusesBadInput, sandboxCall, testEnv, tsvRows } from '../../helpers';
import { createDns } from '../checks/fixture';

let sandbox: Sandbox;
let env: NodeJS.ProcessEnv;
let shop = '';

beforeAll(async () => {
  sandbox = await memorySandbox();
  env = testEnv({ sandbox, env: { PATH: process.env.PATH } });
  shop = await createDns(sandbox, 'Shop DNS', ['shop']);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await sandboxCall(sandbox, 'POST', `/__sandbox/checks/${shop}/status`, { status: 'passing' });
  sandbox.requests.length = 0;
});

const writes = () =>
  sandbox.requests
    .filter((request) => request.method !== 'GET')
    .map((request) => ({ line: `${request.method} ${request.path}`, body: request.body as Record<string, unknown> }));

describe('maintenance run', () => {
  it('opens a window for the tags from now for --for, runs the command, ends the window: mon exits with its code', async () => {
    const result = await mon(['maintenance', 'run', '--tag', 'shop', '--for', '30m', '--', 'sh', '-c', 'exit 7'], {
      env,
    });
    expect(result.code).toBe(7);
    const [open, end] = writes();
    expect(open!.line).toBe('POST /v1/maintenance-windows');
    const body = open!.body as { name: string; tags: string[]; startsAt: string; endsAt: string };
    expect(body.tags).toEqual(['shop']);
    expect(body.name).toMatch(/^mon maintenance run [0-9a-f]{8}: sh -c "exit 7"$/);
    expect(Date.parse(body.endsAt) - Date.parse(body.startsAt)).toBe(30 * 60_000);
    expect(end!.line).toMatch(/^PUT \/v1\/maintenance-windows\/\d+$/);
    expect(Date.parse((end!.body as { endsAt: string }).endsAt)).toBeLessThan(Date.parse(body.endsAt));
    expect(writes()).toHaveLength(2);
  });

  it('without --tag the window silences every check', async () => {
    expect((await mon(['maintenance', 'run', '--', 'true'], { env })).code).toBe(0);
    expect(writes()[0]!.body).toMatchObject({ silenceAllAlerts: true });
    expect(writes()[0]!.body).not.toHaveProperty('tags');
  });

  it('--template opens an incident on --service with its message, and resolves it at the end', async () => {
    const config = testEnv({ sandbox, env: { PATH: process.env.PATH } });
    expect(
      (await mon('templates add deploy --status monitoring --message "Deploying {{services}}."', { env: config })).code,
    ).toBe(0);
    const result = await mon(
      [
        'maintenance',
        'run',
        '--tag',
        'shop',
        '--template',
        'deploy',
        '--service',
        SEED_SERVICES.checkout,
        '--',
        'true',
      ],
      { env: config },
    );
    expect(result.code, result.stderr).toBe(0);
    const lines = writes().map((write) => write.line.replace(/\/[0-9a-f-]{36}\//, '/ID/').replace(/\d+$/, 'N'));
    expect(lines).toEqual([
      'POST /v1/maintenance-windows',
      'POST /v1/status-pages/incidents',
      'PUT /v1/maintenance-windows/N',
      'POST /v1/status-pages/incidents/ID/incident-updates',
    ]);
    expect(writes()[1]!.body).toMatchObject({
      name: 'Scheduled maintenance',
      severity: 'MINOR',
      incidentUpdates: [{ description: 'Deploying Checkout.', status: 'MONITORING' }],
    });
    expect(writes()[3]!.body).toMatchObject({ status: 'RESOLVED' });
  });

  it('--name and --severity name the incident a template opens (the name at its bound of 255 characters is taken)', async () => {
    const config = testEnv({ sandbox });
    expect((await mon('templates add deploy --message "Deploying {{name}}."', { env: config })).code).toBe(0);
    const name = `Checkout deploy ${'x'.repeat(INCIDENT_NAME_MAX - 16)}`;
    expect(name).toHaveLength(INCIDENT_NAME_MAX);
    const line = ['maintenance', 'run', '--template', 'deploy', '--service', SEED_SERVICES.checkout];
    const planned = await mon([...line, '--name', name, '--severity', 'major', '--dry-run', '--json', '--', 'true'], {
      env: config,
    });
    expect(planned.code, planned.stderr).toBe(0);
    expect((JSON.parse(planned.stdout) as { changes: string[] }).changes[1]).toBe(
      `An incident "${name}" (MAJOR) on Checkout (IDENTIFIED)`,
    );
    const result = await mon([...line, '--name', name, '--severity', 'major', '--', 'true'], { env: config });
    expect(result.code, result.stderr).toBe(0);
    expect(writes()[1]!.line).toBe('POST /v1/status-pages/incidents');
    expect(writes()[1]!.body).toEqual({
      name,
      severity: 'MAJOR',
      services: [expect.objectContaining({ id: SEED_SERVICES.checkout })],
      incidentUpdates: [{ description: `Deploying ${name}.`, status: 'IDENTIFIED', notifySubscribers: false }],
    });
  });

  it('--until-healthy runs the tagged checks after the command and ends the window once they pass', async () => {
    const result = await mon(['maintenance', 'run', '--tag', 'shop', '--until-healthy', '--', 'true'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('The checks tagged shop pass (1 run now).');
    const lines = writes().map((write) => write.line.replace(/\d+$/, 'N'));
    expect(lines).toEqual([
      'POST /v1/maintenance-windows',
      'POST /v1/check-sessions/trigger',
      'PUT /v1/maintenance-windows/N',
    ]);
  });

  it('--dry-run prints the plan and sends nothing; agent mode plans (exit 9)', async () => {
    const dry = await mon(['maintenance', 'run', '--tag', 'shop', '--dry-run', '--json', '--', 'true'], { env });
    expect(dry.code).toBe(0);
    const plan = JSON.parse(dry.stdout) as { status: string; changes: string[]; request: { path: string } };
    expect(plan.status).toBe('dry_run');
    expect(plan.changes).toEqual([
      'A maintenance window for the checks tagged shop, from when it starts for 1h',
      'Then runs: true',
      'Then ends the window, however the command ends',
    ]);
    expect(plan.request.path).toBe('/v1/maintenance-windows');
    const agent = await mon(['maintenance', 'run', '--tag', 'shop', '--', 'true'], {
      env: testEnv({ sandbox, env: { MON_MODE: 'agent' } }),
    });
    expect(agent.code).toBe(9);
    expect(writes()).toEqual([]);
  });

  it('a command that cannot be found: exit 127, and the window is ended', async () => {
    const result = await mon(['maintenance', 'run', '--tag', 'shop', '--', 'no-such-command-mon'], { env });
    expect(result.code).toBe(127);
    expect(result.stderr).toContain('Cannot run "no-such-command-mon": command not found; the maintenance is ended.');
    expect(writes().map((write) => write.line.replace(/\d+$/, 'N'))).toEqual([
      'POST /v1/maintenance-windows',
      'PUT /v1/maintenance-windows/N',
    ]);
  });
});

describe('maintenance list, end, recover', () => {
  it("lists the windows (a teammate's too), in force first; end moves its end to now; a second end leaves it", async () => {
    const now = Date.now();
    const teammate = await sandboxCall(sandbox, 'POST', '/v1/maintenance-windows', {
      name: 'DB upgrade',
      tags: ['db'],
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3600_000).toISOString(),
      repeatUnit: 'DAY',
    });
    const id = (teammate.body as { id: number }).id;
    const listed = await mon('maintenance list', { env });
    expect(listed.code).toBe(0);
    expect(tsvRows(listed.stdout)[0]!.slice(0, 2)).toEqual([String(id), 'in force']);
    const ended = await mon(`maintenance end ${id}`, { env });
    expect(ended.code, ended.stderr).toBe(0);
    expect(ended.stderr).toContain(`Maintenance window ${id} "DB upgrade": ended.`);
    const again = await mon(`maintenance end ${id}`, { env });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('is over already');
    expect(writes().map((write) => write.line)).toEqual([`PUT /v1/maintenance-windows/${id}`]);
  });

  it('end deletes a window that has not started', async () => {
    const later = Date.now() + 86_400_000;
    const created = await sandboxCall(sandbox, 'POST', '/v1/maintenance-windows', {
      name: 'Tomorrow',
      startsAt: new Date(later).toISOString(),
      endsAt: new Date(later + 3600_000).toISOString(),
      repeatUnit: 'DAY',
    });
    const id = (created.body as { id: number }).id;
    sandbox.requests.length = 0;
    expect((await mon(`maintenance end ${id} --json`, { env })).stdout).toContain('"deleted"');
    expect(writes().map((write) => write.line)).toEqual([`DELETE /v1/maintenance-windows/${id}`]);
  });

  it('recover with nothing left open says so and sends nothing', async () => {
    const result = await mon('maintenance recover', { env });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Nothing to recover.');
    expect(writes()).toEqual([]);
  });
});

refusesBadInput([
  { what: 'no command', line: 'maintenance run --tag shop', says: 'COMMAND is required' },
  { what: '--for past 7d', line: 'maintenance run --for 8d -- true', says: '--for must be at most 7d' },
  { what: '--for without a unit', line: 'maintenance run --for 30 -- true', says: '--for' },
  {
    what: '--template without --service',
    line: 'maintenance run --template deploy -- true',
    says: '--template needs --service',
  },
  {
    what: '--service without --template',
    line: 'maintenance run --service Checkout -- true',
    says: '--service goes with --template',
  },
  {
    what: '--name without --template',
    line: 'maintenance run --name "Deploy" -- true',
    says: '--name goes with --template',
  },
  {
    what: '--severity without --template',
    line: 'maintenance run --severity major -- true',
    says: '--severity goes with --template',
  },
  {
    what: '--name one past its bound',
    line: `maintenance run --template deploy --service Checkout --name ${'x'.repeat(INCIDENT_NAME_MAX + 1)} -- true`,
    says: `--name must be at most ${INCIDENT_NAME_MAX} characters`,
  },
  {
    what: 'a --severity that is none',
    line: 'maintenance run --template deploy --service Checkout --severity urgent -- true',
    says: '--severity',
  },
  {
    what: '--until-healthy without --tag',
    line: 'maintenance run --until-healthy -- true',
    says: '--until-healthy needs --tag',
  },
  {
    what: 'an unknown template',
    line: 'maintenance run --template nope --service Checkout -- true',
    says: '--template "nope" is not a stored template',
  },
  { what: 'an ID that is no number', line: 'maintenance end abc', says: 'ID "abc" is not a maintenance window\'s ID' },
]);
