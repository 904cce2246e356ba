/** `mon incidents resolve`: a RESOLVED update, --force for one already resolved, the prompts. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import type { Incident } from '../../../src/api/schemas/incidents';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import {
  type CliOptions,
  frozenClock,
  memorySandbox,
  mon,
  sandboxCall,
  TEST_KEY,
  refusesBadInput,
  tsvRows,
} from '../../helpers';
import { openIncident, resolveIncident } from './fixture';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await memorySandbox({ now: frozenClock() });
});
afterEach(async () => {
  await sandbox.close();
});

/** mon and the sandbox on one clock, which stands still unless a test moves it. */
const run = (line: string | readonly string[], options: CliOptions = {}) =>
  mon(line, { sandbox, now: () => sandbox.clock.now(), ...options });
/** What reached the server other than reads. */
const mutations = () => sandbox.requests.filter((request) => request.method !== 'GET');
const open = (name: string, severity?: string, services?: string[]) => openIncident(sandbox, name, severity, services);

describe('incidents resolve', () => {
  it('posts a RESOLVED update, and refuses an incident that is already resolved unless --force', async () => {
    const incident = await open('DB slow');
    const first = await run(`incidents resolve ${incident.id} --message Fixed. --notify`);
    expect(first.code).toBe(0);
    expect(mutations()[0]!.body).toEqual({ description: 'Fixed.', status: 'RESOLVED', notifySubscribers: true });
    expect(first.stderr).toContain('✓ Resolved "DB slow", which started just now.');
    expect(first.stderr).toContain('Subscribers were notified.');

    const again = await run(`incidents resolve ${incident.id}`);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('is already resolved; nothing was posted');
    expect(again.stderr).toContain('--force');
    expect(mutations()).toHaveLength(1);

    const forced = await run(`incidents resolve ${incident.id} --force`);
    expect(forced.code).toBe(0);
    expect(mutations()[1]!.body).toEqual({
      description: 'This incident has been resolved.',
      status: 'RESOLVED',
      notifySubscribers: false,
    });
  });

  it('from the picker, asks the message (the default in the input) and whether to notify (as the last update did), then confirms', async () => {
    const incident = await open('DB slow');
    sandbox.clock.advance(60_000);
    await fetch(`${sandbox.url}/v1/status-pages/incidents/${incident.id}/incident-updates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'Found it.', status: 'IDENTIFIED', notifySubscribers: true }),
    });
    sandbox.requests.pop();
    const result = await run('--no-color incidents resolve', {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: incident.id },
        { message: 'Message', answer: 'Payments work again.' },
        { message: 'Notify', answer: undefined },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(result.code).toBe(0);
    expect(result.prompter.asked[1]).toMatchObject({ kind: 'message', default: 'This incident has been resolved.' });
    expect(result.prompter.asked[2]).toMatchObject({ kind: 'confirm', default: true });
    expect(result.stderr).toMatch(
      new RegExp(
        `About to resolve an incident:\n {2}Incident: +DB slow .*\n {2}ID: +${incident.id}\n {2}Status: +IDENTIFIED → RESOLVED\n {2}Message: +Payments work again\\.\n {2}Notify: +yes`,
      ),
    );
    expect(mutations()).toEqual([
      expect.objectContaining({
        path: `/v1/status-pages/incidents/${incident.id}/incident-updates`,
        body: { description: 'Payments work again.', status: 'RESOLVED', notifySubscribers: true },
      }),
    ]);
  });

  it('with an ID and no flags on a terminal asks too; a message or --notify given asks nothing', async () => {
    const incident = await open('DB slow');
    const asked = await run(`incidents resolve ${incident.id}`, {
      tty: true,
      answers: [
        { message: 'Message', answer: undefined },
        { message: 'Notify', answer: undefined },
        { message: 'Post this update?', answer: 'no' },
      ],
    });
    expect(asked.code).toBe(1);
    expect(asked.stderr).toContain('Nothing was posted.');
    expect(mutations()).toEqual([]);
    const given = await run(`incidents resolve ${incident.id} --no-notify`, { tty: true });
    expect(given.code).toBe(0);
    expect(mutations()[0]!.body).toEqual({
      description: 'This incident has been resolved.',
      status: 'RESOLVED',
      notifySubscribers: false,
    });
  });
});

describe('the outage flow: create, update, resolve, get', () => {
  it('create → update → update with a severity change → resolve → get shows every update, newest first, RESOLVED', async () => {
    const created = await run([
      'incidents',
      'create',
      '--name',
      'Checkout errors',
      '--severity',
      'major',
      '--service',
      SEED_SERVICES.checkout,
      '--message',
      'Card payments fail for some customers.',
    ]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    const id = created.stdout.trim();
    expect(created.stderr).toContain(
      'Opened incident "Checkout errors": MAJOR, INVESTIGATING, on Checkout. Subscribers were not notified.',
    );

    sandbox.clock.advance(600_000);
    const identified = await run([
      'incidents',
      'update',
      id,
      '--status',
      'identified',
      '--message',
      'An expired certificate at the processor.',
    ]);
    expect(identified.code).toBe(0);
    expect(identified.stderr).toContain(
      'Posted an update to "Checkout errors": IDENTIFIED (was INVESTIGATING). Subscribers were not notified.',
    );

    sandbox.clock.advance(600_000);
    const monitoring = await run([
      'incidents',
      'update',
      id,
      '--severity',
      'CRITICAL',
      '--status',
      'MONITORING',
      '--message',
      'Certificate renewed; watching.',
      '--notify',
    ]);
    expect(monitoring.code).toBe(0);
    expect(monitoring.stderr).toContain('Changed incident "Checkout errors": severity MAJOR → CRITICAL.');
    expect(monitoring.stderr).toContain(
      'Posted an update to "Checkout errors": MONITORING (was IDENTIFIED). Subscribers were notified.',
    );

    sandbox.clock.advance(2_400_000);
    const resolved = await run(['incidents', 'resolve', id, '--message', 'Payments work again.']);
    expect(resolved.code).toBe(0);
    expect(resolved.stderr).toContain('Resolved "Checkout errors"');

    // The updates' IDs printed on stdout are the ones the incident now holds.
    const postedIds = [identified, monitoring, resolved].map((result) => result.stdout.trim());
    const got = await run(['incidents', 'get', id]);
    expect(got.code).toBe(0);
    expect(got.stdout).toContain('lastUpdateStatus\tRESOLVED\n');
    expect(got.stdout).toContain('severity\tCRITICAL\n');
    // 3600 s of sandbox clock, which moves only when the test moves it.
    const duration = Number(/^duration\t(\d+)$/m.exec(got.stdout)?.[1]);
    expect(duration).toBeGreaterThanOrEqual(3600);
    expect(duration).toBeLessThan(3630);
    const rows = tsvRows(got.stdout).filter((row) => row[0] === 'update');
    expect(rows.map((row) => [row[3], row[4], row[5]])).toEqual([
      ['RESOLVED', 'false', 'Payments work again.'],
      ['MONITORING', 'true', 'Certificate renewed; watching.'],
      ['IDENTIFIED', 'false', 'An expired certificate at the processor.'],
      ['INVESTIGATING', 'false', 'Card payments fail for some customers.'],
    ]);
    expect(rows.slice(0, 3).map((row) => row[1])).toEqual(postedIds.reverse());

    const json = JSON.parse((await run(['incidents', 'get', id, '--json'])).stdout) as Incident;
    expect(json).toEqual((await sandboxCall(sandbox, 'GET', `/v1/status-pages/incidents/${id}`)).body);

    const again = await run(['incidents', 'resolve', id]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('is already resolved; nothing was posted');
    const forced = await run(['incidents', 'resolve', id, '--force']);
    expect(forced.code).toBe(0);
  });

  it('shows the incident on its status page', async () => {
    const created = await run([
      'incidents',
      'create',
      '--name',
      'API latency',
      '--severity',
      'minor',
      '--service',
      SEED_SERVICES.api,
      '--service',
      SEED_SERVICES.webApp,
      '--message',
      'Slow.',
    ]);
    const id = created.stdout.trim();
    const pages = (await sandboxCall(sandbox, 'GET', '/v1/status-pages')).body as {
      entries: { name: string; incidents: { id: string }[] }[];
    };
    expect(
      pages.entries.find((page) => page.name === 'Acme Cloud')!.incidents.map((incident) => incident.id),
    ).toContain(id);
    expect(pages.entries.find((page) => page.name === 'Acme Internal')!.incidents).toEqual([]);
  });
});

describe('incidents resolve: what it says, and an incident resolved meanwhile', () => {
  it('says which incident and update it posted, and refuses one already resolved naming --force and how to reopen it', async () => {
    const incident = await open('DB slow');
    const first = await run(`incidents resolve ${incident.id}`);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toBe(
      '✓ Resolved "DB slow", which started just now. Subscribers were not notified.\n' +
        `  Incident ${incident.id} · update ${first.stdout.trim()}\n`,
    );
    const again = await run(`incidents resolve ${incident.id}`);
    expect(again.code).toBe(2);
    expect(again.stderr).toBe(
      `error: Incident "DB slow" (${incident.id}) is already resolved; nothing was posted.\n` +
        `Pass --force to post another RESOLVED update, or reopen it with \`mon incidents update ${incident.id} --status INVESTIGATING --message "..."\`.\n`,
    );
    expect(mutations()).toHaveLength(1);
  });

  it('picked with --message given: the message is not asked, whether to notify is (the last update did not: no)', async () => {
    const incident = await open('DB slow');
    const result = await run('incidents resolve -m "Payments work again."', {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: incident.id },
        { message: 'Notify', answer: undefined },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked.map((question) => [question.kind, question.default])).toEqual([
      ['select', undefined],
      ['confirm', false],
      ['select', 'no'],
    ]);
    expect(mutations().map((request) => request.body)).toEqual([
      { description: 'Payments work again.', status: 'RESOLVED', notifySubscribers: false },
    ]);
  });

  it('edit at the confirmation asks again with the answers in them: the picked incident, the message, notify', async () => {
    const incident = await open('DB slow');
    await open('Queue stuck');
    const result = await run('incidents resolve', {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: incident.id },
        { message: 'Message', answer: 'Fixed.' },
        { message: 'Notify', answer: true },
        { message: 'Post this update?', answer: 'edit' },
        { message: 'Which open incident', answer: undefined },
        { message: 'Message', answer: undefined },
        { message: 'Notify', answer: undefined },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked.slice(4).map((question) => [question.kind, question.default])).toEqual([
      ['select', incident.id],
      ['message', 'Fixed.'],
      ['confirm', true],
      ['select', 'no'],
    ]);
    expect(mutations().map((request) => [request.path, request.body])).toEqual([
      [
        `/v1/status-pages/incidents/${incident.id}/incident-updates`,
        { description: 'Fixed.', status: 'RESOLVED', notifySubscribers: true },
      ],
    ]);
  });

  it('resolved by someone else while "Post this update?" is open: refused with exit 2, nothing posted', async () => {
    const incident = await open('DB slow');
    const result = await run(`--no-color incidents resolve ${incident.id}`, {
      tty: true,
      answers: [
        { message: 'Message', answer: undefined },
        { message: 'Notify', answer: undefined },
        { message: 'Post this update?', answer: 'yes', meanwhile: () => resolveIncident(sandbox, incident.id) },
      ],
    });
    expect(result.code).toBe(2);
    // (The terminal's lines joined: the wording, whatever the width.)
    expect(result.stderr.replace(/\s+/g, ' ')).toContain(
      `It changed while you were deciding: Incident "DB slow" (${incident.id}): 1 update was posted (1 → 2); its last status went from INVESTIGATING to RESOLVED. ` +
        `Nothing was sent. error: Incident "DB slow" (${incident.id}) is already resolved; nothing was posted.`,
    );
    expect(result.stderr).not.toContain('what would be sent now');
    expect(mutations()).toEqual([]);
  });
});

refusesBadInput([
  { what: 'an incident ID with "/"', line: 'incidents resolve a/b', says: 'INCIDENT_ID must not contain "/"' },
  {
    what: 'no incident ID (prompts off)',
    line: 'incidents resolve',
    says:
      'INCIDENT_ID is required (prompts are off, so no picker can be shown).\n' +
      'For example: `mon incidents resolve INCIDENT_ID --message "Payments work again."`',
  },
]);
