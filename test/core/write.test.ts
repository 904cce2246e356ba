/**
 * One flow for every write (core/write.ts): plans (exit 9), plan tokens bound to the command
 * line and the object's state (exit 10 when it moved on, exit 2 for another binding), and the
 * confirmation that reads the object again. The evidence is what the sandbox received.
 */
import { spawnSync } from 'node:child_process';
import {
  chownSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import { memorySandbox, mon, sandboxCall, TEST_KEY, testEnv, type CliOptions } from '../helpers';
import { openIncident, postUpdate } from '../commands/incidents/fixture';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.requests.length = 0;
});

/** What mon sent, other than reads. */
const writes = () =>
  sandbox.requests
    .filter((request) => request.method !== 'GET')
    .map((request) => ({ method: request.method, path: request.path, body: request.body }));

interface Plan {
  status: string;
  planToken: string;
  expiresAt: string;
  confirmCommand: string;
  changes: string[];
  request: { method: string; path: string; body: Record<string, unknown> };
}

/** Runs a line in an environment kept across runs (the plans and the secret are in its directories). */
const runIn =
  (env: NodeJS.ProcessEnv) =>
  (line: string | readonly string[], options: CliOptions = {}) =>
    mon(line, { sandbox, env, ...options });

describe.each([
  ['MON_MODE=agent', { MON_MODE: 'agent' }],
  ['CLAUDECODE=1 alone', { CLAUDECODE: '1' }],
])('an agent (%s)', (_name, marker) => {
  it('gets a plan (exit 9, nothing sent); its token posts exactly once; used again, exit 10', async () => {
    const incident = await openIncident(sandbox, 'Checkout errors');
    const env = testEnv({ sandbox, env: marker });
    const run = runIn(env);
    sandbox.requests.length = 0;
    const line = `incidents update ${incident.id} --status monitoring -m "Fix deployed; watching."`;

    const planned = await run(line);
    expect(planned.code, planned.stderr).toBe(9);
    const plan = JSON.parse(planned.stdout) as Plan;
    expect(plan).toMatchObject({
      status: 'confirmation_required',
      command: 'incidents update',
      classification: { kind: 'write', readOnly: false, destructive: false, idempotent: false },
      target: { kind: 'incident', id: incident.id, name: 'Checkout errors' },
      changes: [
        `Incident "Checkout errors" (${incident.id}): a new update, status INVESTIGATING → MONITORING, subscribers not notified: "Fix deployed; watching."`,
      ],
      request: {
        method: 'POST',
        path: `/v1/status-pages/incidents/${incident.id}/incident-updates`,
        body: { description: 'Fix deployed; watching.', status: 'MONITORING', notifySubscribers: false },
      },
    });
    expect(plan.confirmCommand).toBe(
      `mon incidents update ${incident.id} --status monitoring -m "Fix deployed; watching." --plan-token ${plan.planToken}`,
    );
    expect(JSON.parse(planned.stderr).error).toMatchObject({ exitCode: 9, kind: 'confirmation-required' });
    expect(writes()).toEqual([]);

    // The token, on the same line spelled otherwise (-s, --message, the status's case).
    const sent = await run(
      `incidents update ${incident.id} -s MONITORING --message "Fix deployed; watching." --plan-token ${plan.planToken}`,
    );
    expect(sent.code, sent.stderr).toBe(0);
    expect(JSON.parse(sent.stdout)).toMatchObject({ description: 'Fix deployed; watching.', status: 'MONITORING' });
    expect(writes()).toEqual([plan.request]);

    const again = await run(`${line} --plan-token ${plan.planToken}`);
    expect(again.code).toBe(10);
    expect(JSON.parse(again.stderr).error).toMatchObject({ exitCode: 10, kind: 'conflict' });
    expect(again.stderr).toContain('This plan token was used already');
    expect(writes()).toHaveLength(1);
  });

  it('a token whose incident got another update meanwhile: exit 10 naming what changed, nothing sent', async () => {
    const incident = await openIncident(sandbox, 'Login failures');
    const run = runIn(testEnv({ sandbox, env: marker }));
    const line = `incidents update ${incident.id} --status identified -m "An expired certificate."`;
    const plan = JSON.parse((await run(line)).stdout) as Plan;
    // Another responder, through the API.
    await postUpdate(sandbox, incident.id, 'Still looking.', 'MONITORING');
    sandbox.requests.length = 0;
    const result = await run(`${line} --plan-token ${plan.planToken}`);
    expect(result.code).toBe(10);
    expect(JSON.parse(result.stderr).error.message).toBe(
      `Incident "Login failures" (${incident.id}) changed since it was planned: 1 update was posted (1 → 2); its last status went from INVESTIGATING to MONITORING. Nothing was sent.`,
    );
    expect(JSON.parse(result.stderr).error.hint).toContain(`\`mon ${line} --plan\``);
    expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v1/status-pages/incidents/${incident.id}`,
    ]);
  });

  it('--dry-run prints the plan without a token and sends nothing (exit 0)', async () => {
    const incident = await openIncident(sandbox, 'Dry');
    const result = await runIn(testEnv({ sandbox, env: marker }))(`incidents resolve ${incident.id} --dry-run`);
    expect(result.code, result.stderr).toBe(0);
    const plan = JSON.parse(result.stdout);
    expect(plan.status).toBe('dry_run');
    expect(plan).not.toHaveProperty('planToken');
    expect(plan).not.toHaveProperty('confirmCommand');
    expect(writes()).toEqual([]);
  });

  it('--yes sends without a plan', async () => {
    const incident = await openIncident(sandbox, 'Queue backlog');
    sandbox.requests.length = 0;
    const result = await runIn(testEnv({ sandbox, env: marker }))(`incidents resolve ${incident.id} --yes`);
    expect(result.code, result.stderr).toBe(0);
    expect(writes()).toHaveLength(1);
  });
});

describe('plans and their tokens', () => {
  it('a script (ci mode) posts from its flags as it always did; --plan plans there too (exit 9)', async () => {
    const incident = await openIncident(sandbox, 'Webhooks late');
    sandbox.requests.length = 0;
    const run = runIn(testEnv({ sandbox }));
    const posted = await run(`incidents update ${incident.id} -s identified -m Found.`);
    expect(posted.code, posted.stderr).toBe(0);
    expect(writes()).toHaveLength(1);
    const planned = await run(`incidents update ${incident.id} -s monitoring -m Fixed. --plan --yes`);
    expect(planned.code).toBe(9);
    expect(planned.stderr).toContain('Planned (--plan): nothing was sent.');
    expect(writes()).toHaveLength(1);
  });

  it('sends the stored request exactly: a time given as "5m" is the planned one, not one recomputed', async () => {
    let now = Date.parse('2026-03-02T10:00:00.000Z');
    const incident = await openIncident(sandbox, 'Clocked');
    const run = runIn(testEnv({ sandbox }));
    const line = `incidents updates create ${incident.id} -m "Began earlier." --date 5m`;
    const plan = JSON.parse((await run(`${line} --plan`, { now: () => now })).stdout) as Plan;
    expect(plan.request.body.publicIncidentUpdateDate).toBe('2026-03-02T09:55:00.000Z');
    now += 9 * 60_000;
    const sent = await run(`${line} --plan-token ${plan.planToken}`, { now: () => now });
    expect(sent.code, sent.stderr).toBe(0);
    expect(writes()).toEqual([plan.request]);
  });

  it('a token lasts 10 minutes: the last millisecond sends, the next is exit 10 (expired)', async () => {
    const start = Date.parse('2026-03-02T10:00:00.000Z');
    const incident = await openIncident(sandbox, 'Expiring');
    const run = runIn(testEnv({ sandbox }));
    const line = `incidents update ${incident.id} -m "Watching."`;
    const first = JSON.parse((await run(`${line} --plan`, { now: () => start })).stdout) as Plan;
    const second = JSON.parse((await run(`${line} --plan`, { now: () => start })).stdout) as Plan;
    expect(first.expiresAt).toBe('2026-03-02T10:10:00.000Z');
    sandbox.requests.length = 0;
    const late = await run(`${line} --plan-token ${second.planToken}`, { now: () => start + 10 * 60_000 });
    expect(late.code).toBe(10);
    expect(late.stderr).toContain('This plan token expired at 2026-03-02T10:10:00.000Z');
    expect(writes()).toEqual([]);
    const inTime = await run(`${line} --plan-token ${first.planToken}`, { now: () => start + 10 * 60_000 - 1 });
    expect(inTime.code, inTime.stderr).toBe(0);
    expect(writes()).toHaveLength(1);
  });

  it('another command line, account or base URL is exit 2 naming --plan-token and what differs', async () => {
    const incident = await openIncident(sandbox, 'Bound');
    const env = testEnv({ sandbox });
    const run = runIn(env);
    const line = `incidents update ${incident.id} -s monitoring -m Watching.`;
    const { planToken } = JSON.parse((await run(`${line} --plan`)).stdout) as Plan;
    sandbox.requests.length = 0;
    const cases: [string, NodeJS.ProcessEnv, string][] = [
      [`incidents update ${incident.id} -s monitoring -m Other.`, env, 'it was made with another --message'],
      [`incidents update ${incident.id} -m Watching.`, env, 'it was made with --status, which is not given here'],
      [
        `incidents update ${incident.id} -s monitoring -m Watching. --notify`,
        env,
        'it was made without --notify, which is given here',
      ],
      [`incidents resolve ${incident.id} -m Watching.`, env, 'it was made for `mon incidents update`'],
      [line, { ...env, MON_ACCOUNT_ID: '99999999-2222-4333-8444-555555555555' }, 'it was made for account 1111'],
      [line, { ...env, MON_BASE_URL: 'http://127.0.0.1:9' }, `it was made for ${sandbox.url}, not http://127.0.0.1:9`],
    ];
    for (const [other, otherEnv, says] of cases) {
      const result = await mon(`${other} --plan-token ${planToken}`, { sandbox, env: otherEnv });
      expect(result.code, other).toBe(2);
      expect(result.stderr).toContain('--plan-token does not go with this command');
      expect(result.stderr).toContain(says);
    }
    expect(sandbox.requests).toEqual([]);
    // Still good for its own line.
    expect((await run(`${line} --plan-token ${planToken}`)).code).toBe(0);
  });

  it('a token made up, or whose plan file was edited, is exit 2; nothing sent', async () => {
    const incident = await openIncident(sandbox, 'Forged');
    const env = testEnv({ sandbox });
    const run = runIn(env);
    const line = `incidents update ${incident.id} -m Watching.`;
    const { planToken } = JSON.parse((await run(`${line} --plan`)).stdout) as Plan;
    const [id, mac] = planToken.split('.') as [string, string];
    const flipped = `${id}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    const cases: [string, string][] = [
      [flipped, 'the token does not match its plan'],
      [`${'A'.repeat(22)}.${mac}`, 'no plan made here has this token'],
      ['not-a-token', 'this is not a plan token'],
    ];
    sandbox.requests.length = 0;
    for (const [token, says] of cases) {
      const result = await run(`${line} --plan-token ${token}`);
      expect(result.code, token).toBe(2);
      expect(result.stderr).toContain(says);
    }
    // The plan file, edited: another body. Its MAC no longer matches.
    const file = join(env.MON_DATA_DIR!, 'plans', `${id}.json`);
    writeFileSync(file, readFileSync(file, 'utf8').replace('Watching.', 'Hacked.'));
    const edited = await run(`${line} --plan-token ${planToken}`);
    expect(edited.code).toBe(2);
    expect(edited.stderr).toContain('the plan file was changed');
    expect(sandbox.requests).toEqual([]);
  });

  it('--plan-token does not go with --plan or --dry-run (exit 2)', async () => {
    const incident = await openIncident(sandbox, 'Mixed');
    const run = runIn(testEnv({ sandbox }));
    const { planToken } = JSON.parse((await run(`incidents resolve ${incident.id} --plan`)).stdout) as Plan;
    for (const flag of ['--plan', '--dry-run']) {
      const result = await run(`incidents resolve ${incident.id} --plan-token ${planToken} ${flag}`);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`--plan-token cannot be given with ${flag}`);
    }
  });

  it('a delete whose check is gone meanwhile: exit 10', async () => {
    const env = testEnv({ sandbox });
    const run = runIn(env);
    const created = await run('checks create-dns --name "Doomed" --query doomed.example.com');
    const id = created.stdout.trim();
    const plan = JSON.parse((await run(`checks delete ${id}`)).stdout) as Plan;
    expect(plan.changes).toEqual([`Check "Doomed" (${id}), DNS: deleted`]);
    await sandboxCall(sandbox, 'DELETE', `/v1/checks/${id}`);
    sandbox.requests.length = 0;
    const result = await run(`checks delete ${id} --plan-token ${plan.planToken}`);
    expect(result.code).toBe(10);
    expect(result.stderr).toContain(`Check "Doomed" (${id}) changed since it was planned: it no longer exists`);
    expect(writes()).toEqual([]);
  });

  it('keeps the secret and the plans to the user (0600), never with the API key', async () => {
    const env = testEnv({ sandbox });
    const incident = await openIncident(sandbox, 'Private');
    const { planToken } = JSON.parse((await runIn(env)(`incidents resolve ${incident.id} --plan`)).stdout) as Plan;
    const secret = join(env.MON_CONFIG_DIR!, 'plan-secret');
    expect(statSync(secret).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(secret, 'utf8').trim(), 'base64url')).toHaveLength(32);
    const plans = join(env.MON_DATA_DIR!, 'plans');
    const [file] = readdirSync(plans);
    expect(statSync(join(plans, file!)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(plans, file!), 'utf8')).not.toContain(TEST_KEY);
    expect(planToken).not.toContain(TEST_KEY.slice(-8));
  });
});

describe('the state a token is bound to, by target', () => {
  it('a heartbeat monitor changed by another client: exit 10 naming the fields; unchanged, it sends', async () => {
    const env = testEnv({ sandbox });
    const run = runIn(env);
    const id = (await run('heartbeats create --name "Sweeper" --period 15m --grace 5m')).stdout.trim();
    const line = `heartbeats update ${id} --grace 10m`;
    const stale = JSON.parse((await run(`${line} --plan`)).stdout) as Plan;
    expect(stale.changes).toEqual([
      `Heartbeat monitor "Sweeper" (${id}): expected every 15m, grace 5m → every 15m, grace 10m`,
    ]);
    await run(`heartbeats update ${id} --name "Queue sweeper" --muted`);
    const fresh = JSON.parse((await run(`${line} --plan`)).stdout) as Plan;
    sandbox.requests.length = 0;
    const refused = await run(`${line} --plan-token ${stale.planToken}`);
    expect(refused.code, refused.stderr).toBe(10);
    expect(refused.stderr).toContain(
      `Heartbeat monitor "Sweeper" (${id}) changed since it was planned: it was renamed from "Sweeper" to "Queue sweeper"; its configuration changed (muted)`,
    );
    expect(writes()).toEqual([]);
    const sent = await run(`${line} --plan-token ${fresh.planToken}`);
    expect(sent.code, sent.stderr).toBe(0);
    expect(writes()).toEqual([fresh.request]);
  });

  it('an update edited by another client: exit 10 (its message was changed)', async () => {
    const incident = await openIncident(sandbox, 'Edited twice');
    const updateId = incident.incidentUpdates[0]!.id;
    const run = runIn(testEnv({ sandbox }));
    const line = `incidents updates edit ${incident.id} ${updateId} --status identified`;
    const plan = JSON.parse((await run(`${line} --plan`)).stdout) as Plan;
    expect(plan).toMatchObject({ target: { kind: 'incident-update', id: updateId, name: 'Edited twice' } });
    await sandboxCall(sandbox, 'PUT', `/v1/status-pages/incidents/${incident.id}/incident-updates/${updateId}`, {
      description: 'Corrected by someone else.',
    });
    sandbox.requests.length = 0;
    const result = await run(`${line} --plan-token ${plan.planToken}`);
    expect(result.code, result.stderr).toBe(10);
    expect(result.stderr).toContain('its message was changed');
    expect(writes()).toEqual([]);
  });

  it('mon api: a POST is planned in agent mode and its token sends it as planned', async () => {
    const incident = await openIncident(sandbox, 'Raw');
    const run = runIn(testEnv({ sandbox, env: { MON_MODE: 'agent' } }));
    const line = `api -X POST /v1/status-pages/incidents/${incident.id}/incident-updates -f description=Raw. -f status=MONITORING`;
    const planned = await run(line);
    expect(planned.code).toBe(9);
    const plan = JSON.parse(planned.stdout) as Plan;
    expect(writes()).toEqual([]);
    const sent = await run(`${line} --plan-token ${plan.planToken}`);
    expect(sent.code, sent.stderr).toBe(0);
    expect(writes()).toEqual([plan.request]);
  });
});

describe('the confirmation reads the object again before sending', () => {
  it('another client posts while "Post this update?" is open: mon says what changed and asks again; nothing posted over it', async () => {
    const incident = await openIncident(sandbox, 'Two responders');
    sandbox.requests.length = 0;
    const result = await mon(`--no-color incidents update ${incident.id}`, {
      sandbox,
      tty: true,
      answers: [
        { message: 'Message', answer: 'Rolling back the deploy.' },
        { message: 'Status', answer: 'IDENTIFIED' },
        { message: 'Notify', answer: false },
        {
          message: 'Post this update?',
          answer: 'yes',
          meanwhile: async () => {
            await postUpdate(sandbox, incident.id, 'The other responder: fixed.', 'MONITORING');
          },
        },
        { message: 'Post this update?', answer: 'no' },
      ],
    });
    expect(result.code).toBe(1);
    // (The terminal's lines joined: the wording, whatever the width.)
    expect(result.stderr.replace(/\s+/g, ' ')).toContain(
      `It changed while you were deciding: Incident "Two responders" (${incident.id}): 1 update was posted (1 → 2); its last status went from INVESTIGATING to MONITORING. Nothing was sent. Here is what would be sent now:`,
    );
    expect(result.prompter.asked.map((question) => question.message)).toEqual([
      'Message (what subscribers read)',
      'Status',
      'Notify the status page subscribers?',
      'Post this update?',
      'Post this update?',
    ]);
    // Shown again on the incident as it is now: the status it would change is MONITORING's.
    expect(result.stderr).toMatch(/Status: +MONITORING → IDENTIFIED/);
    expect(writes()).toEqual([]);
  });

  it('unchanged, yes sends what was shown', async () => {
    const incident = await openIncident(sandbox, 'Alone');
    sandbox.requests.length = 0;
    const result = await mon(`incidents update ${incident.id}`, {
      sandbox,
      tty: true,
      answers: [
        { message: 'Message', answer: 'Rolled back.' },
        { message: 'Status', answer: 'MONITORING' },
        { message: 'Notify', answer: false },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: `/v1/status-pages/incidents/${incident.id}/incident-updates`,
        body: { description: 'Rolled back.', status: 'MONITORING', notifySubscribers: false },
      },
    ]);
  });

  it('a check deleted by another client while "Delete the check?" is open: exit 10, nothing sent', async () => {
    const env = testEnv({ sandbox });
    const id = (await mon('checks create-dns --name Gone --query gone.example.com', { sandbox, env })).stdout.trim();
    sandbox.requests.length = 0;
    const result = await mon(`checks delete ${id}`, {
      sandbox,
      env,
      tty: true,
      answers: [
        {
          message: 'Delete the check',
          answer: true,
          meanwhile: async () => void (await sandboxCall(sandbox, 'DELETE', `/v1/checks/${id}`)),
        },
      ],
    });
    expect(result.code).toBe(10);
    expect(result.stderr.replace(/\s+/g, ' ')).toContain(
      `Check "Gone" (${id}) changed while you were deciding: it no longer exists (it was deleted). Nothing was sent.`,
    );
    expect(writes()).toEqual([]);
  });
});

describe('a token whose request may not have arrived', () => {
  it("says what to check before retrying, its command for the place the plan goes (--base-url kept), as the verb's own run does", async () => {
    const lossy = await memorySandbox({ faults: 'dropx1@POST' });
    try {
      const env = testEnv({ sandbox: lossy, env: { MON_MODE: 'agent' } });
      const line = `--base-url ${lossy.url} incidents create --name Lossy --severity minor --service ${SEED_SERVICES.api} -m "Looking."`;
      const planned = await mon(line, { env });
      expect(planned.code, planned.stderr).toBe(9);
      const { planToken } = JSON.parse(planned.stdout) as Plan;
      const sent = await mon(`${line} --plan-token ${planToken}`, { env });
      expect(sent.code).toBe(1);
      expect(JSON.parse(sent.stderr).error.hint).toBe(
        `Check with \`mon --base-url ${lossy.url} incidents list\` whether the incident was opened before retrying, so it is not opened twice.`,
      );
      expect(lossy.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    } finally {
      await lossy.close();
    }
  });
});

describe('services named in a plan', () => {
  it('a create names what it makes, with no target (nothing to conflict with)', async () => {
    const result = await mon(
      `incidents create --name "New one" --severity minor --service ${SEED_SERVICES.api} -m Hi. --plan`,
      { sandbox },
    );
    expect(result.code).toBe(9);
    const plan = JSON.parse(result.stdout);
    expect(plan).not.toHaveProperty('target');
    expect(plan.changes).toEqual([
      'A new incident "New one" (MINOR, on Public API), its first update: status INVESTIGATING, subscribers not notified: "Hi."',
    ]);
  });
});

describe('the plan secret', () => {
  /** A fresh environment whose plan secret path holds what `plant` puts there. */
  function planted(plant: (path: string) => void) {
    const env = testEnv({ sandbox });
    const path = join(env.MON_CONFIG_DIR!, 'plan-secret');
    mkdirSync(env.MON_CONFIG_DIR!, { recursive: true });
    plant(path);
    return { env, path };
  }

  it('is made on first use: 32 random bytes in base64url (43 characters), mode 0600, kept by the next plans', async () => {
    const env = testEnv({ sandbox });
    const run = runIn(env);
    const incident = await openIncident(sandbox, 'Fresh secret');
    const first = JSON.parse((await run(`incidents resolve ${incident.id} --plan`)).stdout) as Plan;
    const path = join(env.MON_CONFIG_DIR!, 'plan-secret');
    const made = readFileSync(path, 'utf8');
    expect(made).toMatch(/^[A-Za-z0-9_-]{43}\n$/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(env.MON_CONFIG_DIR!).filter((name) => name.startsWith('plan-secret'))).toEqual(['plan-secret']);
    await run(`incidents resolve ${incident.id} --plan`);
    expect(readFileSync(path, 'utf8')).toBe(made);
    sandbox.requests.length = 0;
    expect((await run(`incidents resolve ${incident.id} --plan-token ${first.planToken}`)).code).toBe(0);
    expect(writes()).toHaveLength(1);
  });

  it('one written by hand (43 base64url characters, no newline) signs and checks plans, and stays as it was', async () => {
    const text = Buffer.alloc(32, 7).toString('base64url');
    const { env, path } = planted((at) => writeFileSync(at, text, { mode: 0o600 }));
    const run = runIn(env);
    const incident = await openIncident(sandbox, 'Own secret');
    const plan = JSON.parse((await run(`incidents resolve ${incident.id} --plan`)).stdout) as Plan;
    sandbox.requests.length = 0;
    const sent = await run(`incidents resolve ${incident.id} --plan-token ${plan.planToken}`);
    expect(sent.code, sent.stderr).toBe(0);
    expect(writes()).toHaveLength(1);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  const refusedForm = 'does not hold 32 bytes in base64url (43 characters)';
  it.each([
    ['not base64url at all', 'too short', refusedForm],
    ['one character short (31 bytes)', Buffer.alloc(32, 7).toString('base64url').slice(1), refusedForm],
    ['one character past (44)', `${Buffer.alloc(32, 7).toString('base64url')}A`, refusedForm],
    ['32 raw bytes (the old form)', Buffer.alloc(32, 7), refusedForm],
    ['larger than mon reads', 'A'.repeat(129), 'is larger than 128 bytes'],
  ])('a file %s is refused (exit 1 naming it and why), never replaced', async (_name, content, why) => {
    const { env, path } = planted((at) => writeFileSync(at, content, { mode: 0o600 }));
    const incident = await openIncident(sandbox, 'Secretless');
    sandbox.requests.length = 0;
    const result = await mon(`incidents resolve ${incident.id} --plan`, { sandbox, env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${path} is not mon's plan secret: it ${why}. Plans cannot be signed or checked.`);
    expect(result.stderr).toContain('Remove it and run the command again');
    expect(result.stdout).toBe('');
    expect(readFileSync(path)).toEqual(Buffer.from(content));
    expect(writes()).toEqual([]);
  });

  it.each([
    [
      'a symbolic link, even to a good secret',
      'is a symbolic link, not a file of its own',
      (at: string) => {
        writeFileSync(`${at}.real`, Buffer.alloc(32, 7).toString('base64url'), { mode: 0o600 });
        symlinkSync(`${at}.real`, at);
      },
    ],
    ['a directory', 'is a directory, not a regular file', (at: string) => mkdirSync(at)],
    [
      'a FIFO',
      'is a FIFO (named pipe), not a regular file',
      (at: string) => {
        const made = spawnSync('mkfifo', [at]);
        if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
      },
    ],
  ])('%s is refused (exit 1 naming it and why), never replaced', async (_name, why, plant) => {
    const { env, path } = planted(plant);
    const before = lstatSync(path);
    const incident = await openIncident(sandbox, 'Secretless');
    const result = await mon(`incidents resolve ${incident.id} --plan`, { sandbox, env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${path} is not mon's plan secret: it ${why}.`);
    expect(lstatSync(path).ino).toBe(before.ino);
  });

  it("another user's file, of the right form, is refused (exit 1 naming it and its owner), never replaced", async (context) => {
    if (process.getuid?.() !== 0) context.skip('needs root: only root can give a file to another user (chown)');
    const text = Buffer.alloc(32, 7).toString('base64url');
    const { env, path } = planted((at) => {
      writeFileSync(at, text, { mode: 0o600 });
      chownSync(at, 65534, 65534);
    });
    const incident = await openIncident(sandbox, 'Secretless');
    const result = await mon(`incidents resolve ${incident.id} --plan`, { sandbox, env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${path} is not mon's plan secret: it belongs to another user (uid 65534).`);
    expect(statSync(path).uid).toBe(65534);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });
});
