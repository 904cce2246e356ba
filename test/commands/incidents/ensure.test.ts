/**
 * `mon incidents ensure` in-process: created, then reused (the name in any case, the same
 * services as a set) with an update only when the message or status differs, and unchanged
 * otherwise; another service set or a resolved one makes a new incident; words on stderr, the
 * ID piped, {action, incident} with --json; agent mode's plan and its token (run again: exit 10
 * when someone else posted meanwhile); bad input with nothing sent.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Incident } from '../../../src/api/schemas/incidents';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../src/sandbox/server';
import { type CliOptions, frozenClock, memorySandbox, mon, refusesBadInput, testEnv } from '../../helpers';
import { openIncident, postUpdate, resolveIncident, seedService } from './fixture';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await memorySandbox({ now: frozenClock() });
});
afterEach(async () => {
  await sandbox.close();
});

const run = (line: string | readonly string[], options: CliOptions = {}) =>
  mon(line, { sandbox, now: () => sandbox.clock.now(), ...options });
const writes = () =>
  sandbox.requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`);
const ENSURE = `incidents ensure --name "Checkout errors" --severity major --service ${SEED_SERVICES.checkout}`;

describe('incidents ensure', () => {
  it('reads the updated incident again only for the JSON it prints: piped, the ID and no read after the update', async () => {
    const created = await run(`${ENSURE} --message "Payments fail."`);
    expect(created.code, created.stderr).toBe(0);
    const id = created.stdout.trim();
    const readsAfterPost = () => {
      const post = sandbox.requests.findLastIndex((request) => request.method === 'POST');
      return sandbox.requests.slice(post + 1).map((request) => `${request.method} ${request.path}`);
    };
    const piped = await run(`${ENSURE} --message "A fix is out."`);
    expect({ code: piped.code, stdout: piped.stdout }).toEqual({ code: 0, stdout: `${id}\n` });
    expect(readsAfterPost()).toEqual([]);
    const json = await run(`${ENSURE} --message "Fixed." --json`);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ action: 'updated', incident: { id } });
    expect(readsAfterPost()).toEqual([`GET /v1/status-pages/incidents/${id}`]);
  });

  it('three runs: created, updated (another message), unchanged (the same): one incident, one update', async () => {
    const first = await run(`${ENSURE} --message "Payments fail." --json`);
    expect(first.code, first.stderr).toBe(0);
    const created = JSON.parse(first.stdout) as { action: string; incident: { id: string; name: string } };
    expect(created.action).toBe('created');
    expect(first.stderr).toContain(`✓ Created incident "Checkout errors" (${created.incident.id})`);

    const second = await run(
      `incidents ensure --name "CHECKOUT errors" --severity minor --service Checkout -m "A fix is out." -s monitoring --json`,
    );
    expect(second.code, second.stderr).toBe(0);
    const updated = JSON.parse(second.stdout) as { action: string; incident: { id: string; lastUpdateStatus: string } };
    expect(updated).toMatchObject({
      action: 'updated',
      incident: { id: created.incident.id, lastUpdateStatus: 'MONITORING' },
    });
    expect(second.stderr).toContain('status INVESTIGATING → MONITORING');

    const third = await run(`${ENSURE} --message "A fix is out." --status monitoring`);
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout).toBe(`${created.incident.id}\n`);
    expect(third.stderr).toContain('Unchanged: incident "Checkout errors"');

    expect(writes()).toEqual([
      'POST /v1/status-pages/incidents',
      `POST /v1/status-pages/incidents/${created.incident.id}/incident-updates`,
    ]);
  });

  it('a status alone posts an update that keeps the last message; the same status is unchanged', async () => {
    const id = (await run(`${ENSURE} --message "Payments fail."`)).stdout.trim();
    expect((await run(`${ENSURE} --status identified`)).code).toBe(0);
    const update = sandbox.requests.find((request) => request.path.endsWith('/incident-updates'));
    expect(update?.body).toEqual({ description: 'Payments fail.', status: 'IDENTIFIED', notifySubscribers: false });
    const again = await run(`${ENSURE} --status identified --json`);
    expect(JSON.parse(again.stdout)).toMatchObject({ action: 'unchanged', incident: { id } });
  });

  it('another set of services, or a resolved incident of that name, makes a new incident', async () => {
    const id = (await run(`${ENSURE} --message "Payments fail."`)).stdout.trim();
    const wider = await run(`${ENSURE} --service ${SEED_SERVICES.payouts} --message "Payments fail." --json`);
    expect(JSON.parse(wider.stdout)).toMatchObject({ action: 'created' });
    await resolveIncident(sandbox, id);
    const after = await run(`${ENSURE} --message "Payments fail." --json`);
    const again = JSON.parse(after.stdout) as { action: string; incident: { id: string } };
    expect(again.action).toBe('created');
    expect(again.incident.id).not.toBe(id);
  });

  it('agent mode plans (exit 9); the token runs it again, and is exit 10 when someone posted meanwhile', async () => {
    const env = testEnv({ sandbox, env: { MON_MODE: 'agent' } });
    const id = (await run(`${ENSURE} --message "Payments fail."`)).stdout.trim();
    const planned = await run(`${ENSURE} --message "Still failing."`, { env });
    expect(planned.code).toBe(9);
    const plan = JSON.parse(planned.stdout) as { changes: string[]; planToken: string; target: { id: string } };
    expect(plan.target).toEqual({ kind: 'incident', id, name: 'Checkout errors' });
    expect(plan.changes[0]).toContain('a new update, status INVESTIGATING (unchanged)');
    await postUpdate(sandbox, id, 'Someone else wrote.', 'IDENTIFIED');
    const before = writes().length;
    const late = await run(
      [
        'incidents',
        'ensure',
        '--name',
        'Checkout errors',
        '--severity',
        'major',
        '--service',
        SEED_SERVICES.checkout,
        '--message',
        'Still failing.',
        '--plan-token',
        plan.planToken,
      ],
      { env },
    );
    expect(late.code).toBe(10);
    expect(writes()).toHaveLength(before);

    const fresh = await run(`${ENSURE} --message "Still failing."`, { env });
    const token = (JSON.parse(fresh.stdout) as { planToken: string }).planToken;
    const sent = await run(
      [
        'incidents',
        'ensure',
        '--name',
        'Checkout errors',
        '--severity',
        'major',
        '--service',
        SEED_SERVICES.checkout,
        '--message',
        'Still failing.',
        '--plan-token',
        token,
      ],
      { env },
    );
    expect(sent.code, sent.stderr).toBe(0);
    expect(JSON.parse(sent.stdout)).toMatchObject({ action: 'updated' });
  });

  it('a name of 255 characters is taken as given (256: test below, refused)', async () => {
    const name = 'n'.repeat(255);
    const result = await run([
      'incidents',
      'ensure',
      '--name',
      name,
      '--severity',
      'minor',
      '--service',
      'Checkout',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ action: 'created', incident: { name } });
  });

  it('--dry-run prints the plan in words and its request, for a new incident and for an update, and sends nothing', async () => {
    const dryRun = (result: { code: number; stdout: string }) => ({
      code: result.code,
      plan: JSON.parse(result.stdout),
    });
    const classification = { kind: 'write', readOnly: false, destructive: false, idempotent: true };
    expect(dryRun(await run(`${ENSURE} --service Payouts --message "Payments fail." --dry-run`))).toEqual({
      code: 0,
      plan: {
        status: 'dry_run',
        command: 'incidents ensure',
        classification,
        changes: [
          'A new incident "Checkout errors" (MAJOR, on Checkout, Payouts), its first update: status INVESTIGATING, subscribers not notified: "Payments fail."',
        ],
        request: {
          method: 'POST',
          path: '/v1/status-pages/incidents',
          body: {
            name: 'Checkout errors',
            severity: 'MAJOR',
            services: [seedService(SEED_SERVICES.checkout), seedService(SEED_SERVICES.payouts)],
            incidentUpdates: [{ description: 'Payments fail.', status: 'INVESTIGATING', notifySubscribers: false }],
          },
        },
      },
    });
    expect(writes()).toEqual([]);

    const { id } = await openIncident(sandbox, 'Checkout errors');
    expect(dryRun(await run(`${ENSURE} --message "A fix is out." --status monitoring --dry-run`))).toEqual({
      code: 0,
      plan: {
        status: 'dry_run',
        command: 'incidents ensure',
        classification,
        target: { kind: 'incident', id, name: 'Checkout errors' },
        changes: [
          `Incident "Checkout errors" (${id}): a new update, status INVESTIGATING → MONITORING, subscribers not notified: "A fix is out."`,
        ],
        request: {
          method: 'POST',
          path: `/v1/status-pages/incidents/${id}/incident-updates`,
          body: { description: 'A fix is out.', status: 'MONITORING', notifySubscribers: false },
        },
      },
    });
    expect(writes()).toEqual([]);
  });
});

describe('incidents ensure: which incident it reuses, and what it says', () => {
  const posts = () => sandbox.requests.filter((request) => request.method === 'POST');
  /** `ensure --message "Still failing."` reused the incident `id`: it says so, and posted one update to it alone. */
  const expectUpdated = async (id: string) => {
    const result = await run(`${ENSURE} --message "Still failing." --json`);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ action: 'updated', incident: { id } });
    expect(posts().map((request) => request.path)).toEqual([`/v1/status-pages/incidents/${id}/incident-updates`]);
  };

  it('a new incident: its first update is the name when no --message is given, INVESTIGATING, not notified', async () => {
    const result = await run(ENSURE);
    expect(result.code, result.stderr).toBe(0);
    const id = result.stdout.trim();
    expect(posts().map((request) => request.body)).toEqual([
      {
        name: 'Checkout errors',
        severity: 'MAJOR',
        services: [seedService(SEED_SERVICES.checkout)],
        incidentUpdates: [{ description: 'Checkout errors', status: 'INVESTIGATING', notifySubscribers: false }],
      },
    ]);
    expect(result.stderr).toBe(`✓ Created incident "Checkout errors" (${id}): MAJOR, INVESTIGATING, on Checkout.\n`);
  });

  it('says what it posted, and what the last update already says', async () => {
    const id = (await run(`${ENSURE} --message "Payments fail."`)).stdout.trim();
    const updated = await run(`${ENSURE} --message "Fixed." --status monitoring --notify`);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stderr).toBe(
      `✓ Updated incident "Checkout errors" (${id}): a new update, status INVESTIGATING → MONITORING, subscribers notified: "Fixed.".\n`,
    );
    expect(posts().at(-1)!.body).toEqual({ description: 'Fixed.', status: 'MONITORING', notifySubscribers: true });
    const same = await run(`${ENSURE} --message "Fixed."`);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).toBe(
      `note: Unchanged: incident "Checkout errors" (${id}) is open and its last update says this (MONITORING).\n`,
    );
    expect(posts()).toHaveLength(2);
  });

  it('the same message with another status is an update, and so is the same status with another message', async () => {
    const id = (await run(`${ENSURE} --message "Payments fail."`)).stdout.trim();
    expect((await run(`${ENSURE} --message "Payments fail." --status identified`)).code).toBe(0);
    expect((await run(`${ENSURE} --message "Still failing." --status identified`)).code).toBe(0);
    expect(
      posts()
        .slice(1)
        .map((request) => [request.path, request.body]),
    ).toEqual([
      [
        `/v1/status-pages/incidents/${id}/incident-updates`,
        { description: 'Payments fail.', status: 'IDENTIFIED', notifySubscribers: false },
      ],
      [
        `/v1/status-pages/incidents/${id}/incident-updates`,
        { description: 'Still failing.', status: 'IDENTIFIED', notifySubscribers: false },
      ],
    ]);
  });

  it('of two open incidents with that name on those services, the newest is reused (not a newer one of another name or on other services)', async () => {
    // created_at is a day (2026-11-20): they were opened a day apart.
    await openIncident(sandbox, 'Checkout errors');
    sandbox.clock.advance(86_400_000);
    const newer = await openIncident(sandbox, 'checkout ERRORS');
    sandbox.clock.advance(86_400_000);
    await openIncident(sandbox, 'Checkout errors', 'MAJOR', [SEED_SERVICES.payouts]);
    await openIncident(sandbox, 'Checkout slow');
    await expectUpdated(newer.id);
  });

  it('of two open incidents with that name, the one created last is reused, whatever order the server lists them in', async () => {
    const later = await openIncident(sandbox, 'Checkout errors');
    await openIncident(sandbox, 'checkout ERRORS');
    // The server lists the second one first (the order it was stored in); its created_at is the older one.
    sandbox.store.collection<Incident>('incidents').get(later.id)!.created_at = '2026-03-09';
    await expectUpdated(later.id);
  });

  it('an open incident whose name another client stored with spaces around it is reused', async () => {
    const spaced = await openIncident(sandbox, '  Checkout errors ');
    await expectUpdated(spaced.id);
  });

  it('an open incident on as many services, but not the same ones, is not reused', async () => {
    await openIncident(sandbox, 'Checkout errors', 'MAJOR', [SEED_SERVICES.checkout, SEED_SERVICES.payouts]);
    const result = await run(`${ENSURE} --service ${SEED_SERVICES.api} --json`);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ action: 'created' });
    expect(posts().map((request) => request.path)).toEqual(['/v1/status-pages/incidents']);
  });
});

describe('incidents ensure at a terminal', () => {
  it('asks nothing: a missing flag is exit 2 saying ensure never asks (not that prompts are off), nothing sent', async () => {
    const result = await run('incidents ensure --severity major --service Checkout', { tty: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--name is required (ensure never asks, even at a terminal).');
    expect(result.stderr).not.toContain('prompts are off');
    expect(sandbox.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});

refusesBadInput([
  {
    what: 'no --name, with an example to copy that names mon once',
    line: 'incidents ensure --severity major --service Checkout',
    says:
      '--name is required (ensure never asks, even at a terminal).\n' +
      'For example: `mon incidents ensure --name "Checkout errors" --severity major --service Checkout --message "Payments fail."`',
  },
  { what: 'no --service', line: 'incidents ensure --name X --severity major', says: '--service is required' },
  { what: 'a bad severity', line: 'incidents ensure --name X --severity huge --service Checkout', says: '--severity' },
  {
    what: 'a bad status',
    line: 'incidents ensure --name X --severity major --service Checkout --status gone',
    says: '--status',
  },
  {
    what: 'a name too long',
    line: `incidents ensure --name ${'x'.repeat(256)} --severity major --service Checkout`,
    says: '--name',
  },
]);
