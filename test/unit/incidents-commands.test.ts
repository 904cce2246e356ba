import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Incident } from '../../src/api/schemas/incidents';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../src/sandbox/server';
import { cli, frozenClock, memorySandbox, TEST_ACCOUNT, TEST_KEY } from '../helpers';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await memorySandbox({ now: frozenClock() });
});
afterEach(async () => {
  await sandbox.close();
});

/** mon and the sandbox on one clock, which stands still unless a test moves it. */
const run = (argv: string[], options: Parameters<typeof cli>[1] = {}) =>
  cli(argv, { sandbox, now: () => sandbox.clock.now(), ...options });
/** What reached the server other than reads. */
const mutations = () => sandbox.requests.filter((request) => request.method !== 'GET');

async function open(
  name: string,
  severity = 'MAJOR',
  services: string[] = [SEED_SERVICES.checkout],
): Promise<Incident> {
  const response = await fetch(`${sandbox.url}/v1/status-pages/incidents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      severity,
      services: services.map((id) => ({ id, name: id, accountId: TEST_ACCOUNT })),
      incidentUpdates: [{ description: `${name} began`, status: 'INVESTIGATING' }],
    }),
  });
  sandbox.requests.pop(); // set-up, not what a test checks
  return (await response.json()) as Incident;
}

async function resolveDirectly(id: string): Promise<void> {
  await fetch(`${sandbox.url}/v1/status-pages/incidents/${id}/incident-updates`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ description: 'Over', status: 'RESOLVED' }),
  });
  sandbox.requests.pop();
}

describe('incidents create', () => {
  it('builds the body from flags (case-insensitive enums, services with their names from one read of the status pages) and prints the ID when piped', async () => {
    const result = await run([
      'incidents',
      'create',
      '--name',
      'Checkout errors',
      '--severity',
      'major',
      '--status',
      'identified',
      '--service',
      SEED_SERVICES.checkout,
      '--service',
      SEED_SERVICES.payouts,
      '--message',
      'Card payments fail.',
      '--notify',
    ]);
    expect(result.code).toBe(0);
    const [post] = mutations();
    expect(post).toMatchObject({ method: 'POST', path: '/v1/status-pages/incidents' });
    expect(post!.body).toEqual({
      name: 'Checkout errors',
      severity: 'MAJOR',
      services: [
        { id: SEED_SERVICES.checkout, name: 'Checkout', accountId: TEST_ACCOUNT },
        { id: SEED_SERVICES.payouts, name: 'Payouts', accountId: TEST_ACCOUNT },
      ],
      incidentUpdates: [{ description: 'Card payments fail.', status: 'IDENTIFIED', notifySubscribers: true }],
    });
    expect(sandbox.requests.map((request) => `${request.method} ${request.path.split('?')[0]}`)).toEqual([
      'GET /v1/status-pages',
      'POST /v1/status-pages/incidents',
    ]);
    const id = result.stdout.trim();
    expect(result.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(result.stderr).toContain(
      '✓ Opened incident "Checkout errors": MAJOR, IDENTIFIED, on Checkout, Payouts. Subscribers were notified.',
    );
    expect(result.stderr).toContain(`ID ${id}`);
  });

  it("sends --date as the first update's ISO 8601 publicIncidentUpdateDate", async () => {
    const result = await run([
      'incidents',
      'create',
      '--name',
      'A',
      '--severity',
      'MINOR',
      '--service',
      SEED_SERVICES.api,
      '--message',
      'm',
      '--date',
      '2026-11-20T14:05:00+02:00',
    ]);
    expect(result.code).toBe(0);
    expect((mutations()[0]!.body as { incidentUpdates: unknown[] }).incidentUpdates[0]).toMatchObject({
      publicIncidentUpdateDate: '2026-11-20T12:05:00.000Z',
    });
  });

  it.each([
    [['--name', 'x'.repeat(256)], '--name must be at most 255 characters'],
    [['--severity', 'urgent'], '--severity must be one of CRITICAL, MAJOR, MEDIUM or MINOR'],
    [['--status', 'fixed'], '--status must be one of INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED'],
    [['--date', 'yesterday'], '--date must be a date (2026-11-20)'],
    [['--message', '   '], '--message must not be empty'],
  ])('refuses %j with exit 2 before any request', async (flags, message) => {
    const base: Record<string, string> = {
      '--name': 'A',
      '--severity': 'MAJOR',
      '--service': SEED_SERVICES.api,
      '--message': 'm',
    };
    for (let i = 0; i < flags.length; i += 2) base[flags[i]!] = flags[i + 1]!;
    const result = await run(['incidents', 'create', ...Object.entries(base).flat()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(sandbox.requests).toEqual([]);
  });

  it('names every missing flag when it cannot prompt, and sends nothing', async () => {
    const result = await run(['incidents', 'create', '--name', 'A']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--severity, --service and --message are required (prompts are off');
    expect(sandbox.requests).toEqual([]);
    const noInput = await run(
      ['--no-input', 'incidents', 'create', '--name', 'A', '--severity', 'minor', '--message', 'm'],
      { tty: true },
    );
    expect(noInput.code).toBe(2);
    expect(noInput.stderr).toContain('--service is required');
    expect(noInput.prompter.asked).toEqual([]);
  });

  it('a service name is looked up on the status pages and sent with its ID and name', async () => {
    const result = await run([
      'incidents',
      'create',
      '--name',
      'A',
      '--severity',
      'MAJOR',
      '--service',
      'payouts',
      '--message',
      'm',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(sandbox.requests.map((request) => `${request.method} ${request.path.split('?')[0]}`)).toEqual([
      'GET /v1/status-pages',
      'POST /v1/status-pages/incidents',
    ]);
    expect(mutations()[0]!.body).toMatchObject({
      services: [{ id: SEED_SERVICES.payouts, name: 'Payouts', accountId: TEST_ACCOUNT }],
    });
  });

  it('refuses a --service that is on no status page (exit 2, after one read), naming it and `mon status-pages list`', async () => {
    const result = await run([
      'incidents',
      'create',
      '--name',
      'A',
      '--severity',
      'MAJOR',
      '--service',
      'nope',
      '--message',
      'm',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--service "nope" is not a service on any status page');
    expect(result.stderr).toContain('mon status-pages list');
    expect(mutations()).toEqual([]);
  });

  it('asks for what is missing on a terminal: name, severity (select), services (checkbox by page › card › service), message, notify', async () => {
    const result = await run(['--no-color', 'incidents', 'create'], {
      tty: true,
      answers: [
        { message: 'Incident name', answer: 'Payments failing' },
        { message: 'Severity', answer: 'CRITICAL' },
        { message: 'Affected services', answer: [SEED_SERVICES.checkout, SEED_SERVICES.payouts] },
        { message: 'Message', answer: 'Card payments fail for some customers.' },
        { message: 'Notify', answer: true },
        { message: 'Open this incident?', answer: 'yes' },
      ],
    });
    expect(result.code).toBe(0);
    const asked = result.prompter.asked;
    expect(asked.map((question) => question.kind)).toEqual([
      'input',
      'select',
      'checkbox',
      'message',
      'confirm',
      'select',
    ]);
    // What was prompted is shown before it is sent, and confirmed: yes, no (the default) or edit.
    expect(asked[5]).toMatchObject({
      message: 'Open this incident?',
      choices: ['yes', 'no, send nothing', 'edit the answers'],
      default: 'no',
    });
    expect(result.stderr).toMatch(
      /About to open an incident:\n {2}Name: +Payments failing\n {2}Severity: +CRITICAL\n {2}Services: +Checkout, Payouts\n {2}Status: +INVESTIGATING\n {2}Message: +Card payments fail for some customers.\n {2}Notify: +yes, subscribers are notified\n/,
    );
    expect(asked[1]!.choices).toEqual(['CRITICAL', 'MAJOR', 'MEDIUM', 'MINOR']);
    expect(asked[2]!.choices).toEqual([
      'Acme Cloud › Core platform › Public API',
      'Acme Cloud › Core platform › Web app',
      'Acme Cloud › Integrations › Webhooks',
      'Acme Internal › Infrastructure › Primary database',
      'Acme Internal › Infrastructure › Job queue',
      'Acme Payments › Payments › Checkout',
      'Acme Payments › Payments › Payouts',
    ]);
    expect(mutations()[0]!.body).toMatchObject({
      name: 'Payments failing',
      severity: 'CRITICAL',
      services: [{ id: SEED_SERVICES.checkout }, { id: SEED_SERVICES.payouts }],
      incidentUpdates: [
        { description: 'Card payments fail for some customers.', status: 'INVESTIGATING', notifySubscribers: true },
      ],
    });
    // On a terminal the ID is in the confirmation, not on stdout.
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Opened incident "Payments failing"');
  });

  it('only asks for what the flags left out', async () => {
    const result = await run(['incidents', 'create', '--name', 'A', '--severity', 'minor', '--message', 'm'], {
      tty: true,
      answers: [
        { message: 'Affected services', answer: [SEED_SERVICES.api] },
        { message: 'Notify', answer: false },
        { message: 'Open this incident?', answer: 'yes' },
      ],
    });
    expect(result.code).toBe(0);
    expect(mutations()[0]!.body).toMatchObject({
      severity: 'MINOR',
      services: [{ id: SEED_SERVICES.api, name: 'Public API' }],
    });
    expect(result.stderr).toContain('Subscribers were not notified.');
  });

  it('refuses an empty service selection and an over-long typed name, as the prompts would, and asks again', async () => {
    const empty = await run(['incidents', 'create', '--name', 'A', '--severity', 'minor', '--message', 'm'], {
      tty: true,
      answers: [
        { message: 'Affected services', answer: [] },
        { message: 'Affected services', answer: [SEED_SERVICES.api] },
        { message: 'Notify', answer: false },
        { message: 'Open this incident?', answer: 'yes' },
      ],
    });
    expect(empty.code).toBe(0);
    expect(empty.prompter.asked[0]).toMatchObject({
      kind: 'checkbox',
      message: expect.stringContaining('Affected services'),
      rejected: [expect.stringContaining('Select at least one service')],
    });
    const long = await run(
      ['incidents', 'create', '--severity', 'minor', '--service', SEED_SERVICES.api, '--message', 'm'],
      {
        tty: true,
        answers: [
          { message: 'Incident name', answer: 'x'.repeat(256) },
          { message: 'Incident name', answer: 'x'.repeat(255) },
          { message: 'Notify', answer: false },
          { message: 'Open this incident?', answer: 'yes' },
        ],
      },
    );
    expect(long.code).toBe(0);
    expect(long.prompter.asked[0]!.rejected).toEqual([expect.stringContaining('It must be at most 255 characters.')]);
    // Only the accepted answers were sent.
    expect(mutations().map((request) => (request.body as { name: string }).name)).toEqual(['A', 'x'.repeat(255)]);
    expect((mutations()[0]!.body as { services: { id: string }[] }).services).toEqual([
      expect.objectContaining({ id: SEED_SERVICES.api }),
    ]);
  });

  it('prints the exact body with --dry-run and sends nothing mutating', async () => {
    const result = await run([
      'incidents',
      'create',
      '--name',
      'A',
      '--severity',
      'medium',
      '--service',
      SEED_SERVICES.api,
      '--message',
      'm',
      '--dry-run',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`POST ${sandbox.url}/v1/status-pages/incidents\n`);
    expect(result.stdout).toContain('"severity": "MEDIUM"');
    expect(result.stdout).toContain(`"accountId": "${TEST_ACCOUNT}"`);
    expect(result.stderr).toContain('Dry run: nothing was sent.');
    expect(mutations()).toEqual([]);
  });
});

describe('incidents update', () => {
  it('posts an update with the current status when --status is left out, and prints the update ID when piped', async () => {
    const incident = await open('DB slow');
    const result = await run(['incidents', 'update', incident.id, '--message', 'Still looking.']);
    expect(result.code).toBe(0);
    expect(mutations().map((request) => [request.method, request.path, request.body])).toEqual([
      [
        'POST',
        `/v1/status-pages/incidents/${incident.id}/incident-updates`,
        { description: 'Still looking.', status: 'INVESTIGATING', notifySubscribers: false },
      ],
    ]);
    const stored = sandbox.store.collection<Incident>('incidents').get(incident.id)!;
    expect(result.stdout).toBe(`${stored.incidentUpdates[0]!.id}\n`);
    expect(result.stderr).toContain('✓ Posted an update to "DB slow": INVESTIGATING. Subscribers were not notified.');
  });

  it('changes the incident with a PUT of the current values plus the change, then posts the update', async () => {
    const incident = await open('DB slow', 'MINOR', [SEED_SERVICES.database]);
    const result = await run([
      'incidents',
      'update',
      incident.id,
      '--severity',
      'critical',
      '--status',
      'Monitoring',
      '--message',
      'Failover done.',
      '--notify',
    ]);
    expect(result.code).toBe(0);
    const [put, post] = mutations();
    expect(put).toMatchObject({ method: 'PUT', path: `/v1/status-pages/incidents/${incident.id}` });
    expect(put!.body).toEqual({
      name: 'DB slow',
      severity: 'CRITICAL',
      services: [{ id: SEED_SERVICES.database, name: 'Primary database', accountId: TEST_ACCOUNT }],
    });
    expect(post!.body).toEqual({ description: 'Failover done.', status: 'MONITORING', notifySubscribers: true });
    expect(result.stderr).toContain('✓ Changed incident "DB slow": severity MINOR → CRITICAL.');
    expect(result.stderr).toContain(
      '✓ Posted an update to "DB slow": MONITORING (was INVESTIGATING). Subscribers were notified.',
    );
  });

  it('replaces the services with --service, and only PUTs when no update was asked for (stdout: the incident ID)', async () => {
    const incident = await open('Webhooks late', 'MINOR', [SEED_SERVICES.webhooks]);
    const result = await run([
      'incidents',
      'update',
      incident.id,
      '--service',
      SEED_SERVICES.webhooks,
      '--service',
      SEED_SERVICES.api,
      '--name',
      'Webhooks and API late',
    ]);
    expect(result.code).toBe(0);
    expect(mutations()).toHaveLength(1);
    expect(mutations()[0]!.body).toMatchObject({
      name: 'Webhooks and API late',
      services: [{ id: SEED_SERVICES.webhooks }, { id: SEED_SERVICES.api }],
    });
    expect(result.stdout).toBe(`${incident.id}\n`);
    expect(result.stderr).toContain('services Webhooks → Webhooks, Public API');
  });

  it('prints both requests with --dry-run (a JSON array with --json) and sends neither', async () => {
    const incident = await open('DB slow');
    const text = await run(['incidents', 'update', incident.id, '--severity', 'minor', '--message', 'Better now']);
    expect(text.code).toBe(0);
    sandbox.requests.length = 0;
    const dry = await run(['incidents', 'update', incident.id, '--name', 'Renamed', '--message', 'x', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      new RegExp(
        `^PUT ${sandbox.url}/v1/status-pages/incidents/${incident.id}\\n[^]*\\nPOST ${sandbox.url}/v1/status-pages/incidents/${incident.id}/incident-updates\\n`,
      ),
    );
    const json = await run([
      '--json',
      'incidents',
      'update',
      incident.id,
      '--name',
      'Renamed',
      '--message',
      'x',
      '--dry-run',
    ]);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.map((request: { method: string }) => request.method)).toEqual(['PUT', 'POST']);
    expect(parsed[0].body).toMatchObject({ name: 'Renamed', severity: 'MINOR' });
    expect(mutations()).toEqual([]);
  });

  it('refuses what it cannot do without a terminal, before any request', async () => {
    const noId = await run(['incidents', 'update', '--message', 'x']);
    expect(noId.code).toBe(2);
    expect(noId.stderr).toContain('INCIDENT_ID is required');
    const nothing = await run(['incidents', 'update', 'some-id']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('Nothing to update');
    const noMessage = await run(['incidents', 'update', 'some-id', '--status', 'resolved']);
    expect(noMessage.code).toBe(2);
    expect(noMessage.stderr).toContain('--message is required');
    const badSeverity = await run(['incidents', 'update', 'some-id', '--severity', 'huge']);
    expect(badSeverity.code).toBe(2);
    expect(sandbox.requests).toEqual([]);
  });

  it('exits 6 for an unknown incident, naming it', async () => {
    const result = await run(['incidents', 'update', 'no-such-incident', '--message', 'x']);
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('Incident "no-such-incident" was not found.');
    expect(mutations()).toEqual([]);
  });

  it('on a terminal with no ID and no flags: picks from the open incidents, then asks the message, the status (current preselected) and notify', async () => {
    const older = await open('Checkout errors', 'MAJOR');
    const resolved = await open('Old outage', 'MINOR');
    await resolveDirectly(resolved.id);
    await open('Webhooks late', 'MINOR', [SEED_SERVICES.webhooks]);
    const result = await run(['--no-color', 'incidents', 'update'], {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: older.id },
        { message: 'Message', answer: 'An expired certificate.' },
        { message: 'Status', answer: 'IDENTIFIED' },
        { message: 'Notify', answer: false },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(result.code).toBe(0);
    const [picker, , status] = result.prompter.asked;
    expect(picker!.choices).toEqual([
      expect.stringMatching(/^Webhooks late · MINOR · INVESTIGATING · started /),
      expect.stringMatching(/^Checkout errors · MAJOR · INVESTIGATING · started /),
    ]);
    expect(status).toMatchObject({ kind: 'select', default: 'INVESTIGATING' });
    expect(status!.choices).toEqual(['INVESTIGATING (current)', 'IDENTIFIED', 'MONITORING', 'RESOLVED']);
    expect(mutations()).toEqual([
      expect.objectContaining({
        path: `/v1/status-pages/incidents/${older.id}/incident-updates`,
        body: { description: 'An expired certificate.', status: 'IDENTIFIED', notifySubscribers: false },
      }),
    ]);
    // The incident by name and full ID: names can look alike.
    expect(result.stderr).toMatch(
      new RegExp(
        `About to post an update:\n {2}Incident: +Checkout errors \\(MAJOR, on Checkout\\)\n {2}ID: +${older.id}\n`,
      ),
    );
    expect(result.stderr).toMatch(
      /Status: +INVESTIGATING → IDENTIFIED\n {2}Message: +An expired certificate\.\n {2}Notify: +no, subscribers are not notified/,
    );
    expect(result.stderr).toContain('Posted an update to "Checkout errors": IDENTIFIED (was INVESTIGATING)');
  });

  it('asks only for the message (and whether to notify) when --status is given on a terminal', async () => {
    const incident = await open('DB slow');
    const result = await run(['incidents', 'update', incident.id, '--status', 'monitoring'], {
      tty: true,
      answers: [
        { message: 'Message', answer: 'Watching.' },
        { message: 'Notify', answer: true },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(result.code).toBe(0);
    expect(result.prompter.asked.map((question) => question.kind)).toEqual(['message', 'confirm', 'select']);
    expect(mutations()[0]!.body).toEqual({ description: 'Watching.', status: 'MONITORING', notifySubscribers: true });
    const notifyGiven = await run(['incidents', 'update', incident.id, '--status', 'monitoring', '--notify'], {
      tty: true,
      answers: [
        { message: 'Message', answer: 'Still watching.' },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(notifyGiven.code).toBe(0);
    expect(notifyGiven.prompter.asked).toHaveLength(2);
  });

  it('says so when there is no open incident to pick', async () => {
    const result = await run(['incidents', 'update'], { tty: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('There are no open incidents to pick from.');
  });
});

describe('incidents resolve', () => {
  it('posts a RESOLVED update, and refuses an incident that is already resolved unless --force', async () => {
    const incident = await open('DB slow');
    const first = await run(['incidents', 'resolve', incident.id, '--message', 'Fixed.', '--notify']);
    expect(first.code).toBe(0);
    expect(mutations()[0]!.body).toEqual({ description: 'Fixed.', status: 'RESOLVED', notifySubscribers: true });
    expect(first.stderr).toContain('✓ Resolved "DB slow", which started just now.');
    expect(first.stderr).toContain('Subscribers were notified.');

    const again = await run(['incidents', 'resolve', incident.id]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('is already resolved; nothing was posted');
    expect(again.stderr).toContain('--force');
    expect(mutations()).toHaveLength(1);

    const forced = await run(['incidents', 'resolve', incident.id, '--force']);
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
    const result = await run(['--no-color', 'incidents', 'resolve'], {
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
    const asked = await run(['incidents', 'resolve', incident.id], {
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
    const given = await run(['incidents', 'resolve', incident.id, '--no-notify'], { tty: true });
    expect(given.code).toBe(0);
    expect(mutations()[0]!.body).toEqual({
      description: 'This incident has been resolved.',
      status: 'RESOLVED',
      notifySubscribers: false,
    });
  });
});

describe('incidents list and get', () => {
  it('shows open incidents by default, follows pages until --limit match, and continues with --next-id', async () => {
    const made: Incident[] = [];
    for (let i = 1; i <= 6; i++) made.push(await open(`Incident ${i}`));
    for (const index of [5, 3, 2]) await resolveDirectly(made[index]!.id); // Incidents 6, 4 and 3
    const json = await run(['--json', 'incidents', 'list', '--limit', '2']);
    const page = JSON.parse(json.stdout);
    expect(page.entries.map((incident: Incident) => incident.name)).toEqual(['Incident 5', 'Incident 2']);
    expect(page).toMatchObject({ length: 2, nextId: made[0]!.id });
    const next = JSON.parse(
      (await run(['--json', 'incidents', 'list', '--limit', '2', '--next-id', page.nextId])).stdout,
    );
    expect(next).toEqual({ length: 1, entries: [expect.objectContaining({ name: 'Incident 1' })], nextId: null });

    const resolved = await run(['incidents', 'list', '--status', 'RESOLVED']);
    expect(
      resolved.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t')[1]),
    ).toEqual(['Incident 6', 'Incident 4', 'Incident 3']);
    const all = JSON.parse((await run(['--json', 'incidents', 'list', '--status', 'all', '--limit', '4'])).stdout);
    expect(all.entries).toHaveLength(4);
    expect(all.nextId).toBe(made[1]!.id);
  });

  it("shows when an incident started by the server's clock (its Date header), not this machine's", async () => {
    const incident = await open('Checkout errors');
    // This machine's clock stands still; the sandbox's moves 2h forward, as `mon sandbox clock advance` does.
    const ours = frozenClock();
    const advanced = await cli(['sandbox', 'clock', 'advance', '2h'], { sandbox, now: ours });
    expect(advanced.code, advanced.stderr).toBe(0);
    const table = await cli(['--no-color', 'incidents', 'list'], { sandbox, now: ours, tty: true, columns: 120 });
    expect(table.stdout).toMatch(/Checkout errors.*\b2h ago\b/);
    const details = await cli(['--no-color', 'incidents', 'get', incident.id], { sandbox, now: ours, tty: true });
    expect(details.stdout).toMatch(/^Started: +2026-03-02 10:00 UTC \(2h ago\)$/m);
    expect(table.stdout + details.stdout).not.toMatch(/\bin \d+[smhd]\b|just now/);
  });

  it('prints TSV rows when piped: id, name, severity, status, services, started, duration', async () => {
    const incident = await open('DB slow', 'CRITICAL', [SEED_SERVICES.database, SEED_SERVICES.queue]);
    sandbox.clock.advance(90_000);
    await resolveDirectly(incident.id);
    const result = await run(['incidents', 'list', '--status', 'all']);
    expect(result.stdout).toBe(
      `${incident.id}\tDB slow\tCRITICAL\tRESOLVED\tPrimary database, Job queue\t${incident.incidentUpdates[0]!.publicIncidentUpdateDate}\t90\n`,
    );
  });

  it('colours status and severity in the table on a terminal, and says when nothing is open', async () => {
    const empty = await run(['incidents', 'list'], { tty: true });
    expect(empty.stderr).toContain('No open incidents.');
    const incident = await open('DB slow', 'CRITICAL');
    await resolveDirectly(incident.id);
    await open('Queue stuck', 'MEDIUM');
    const table = await run(['incidents', 'list', '--status', 'all'], { tty: true, columns: 160 });
    expect(table.stdout).toContain('\u001b[32mRESOLVED');
    expect(table.stdout).toContain('\u001b[31mINVESTIGATING');
    expect(table.stdout).toContain('\u001b[33mMEDIUM');
    expect(table.stdout).toMatch(/DURATION/);
    expect(table.stdout).toContain('ongoing');
  });

  it('keeps what matters on a narrow terminal: short IDs, whole names (up to 30), severity, status and when it started', async () => {
    const incident = await open('Checkout errors in the EU (web)', 'MAJOR'); // 31 characters
    await open('Payouts delayed', 'MINOR');
    const table = async (columns: number) =>
      (await run(['--no-color', 'incidents', 'list'], { tty: true, columns })).stdout;
    const header = async (columns: number) => (await table(columns)).split('\n')[0]!.split(/\s{2,}/);
    expect(await header(140)).toEqual(['ID', 'NAME', 'SEVERITY', 'STATUS', 'SERVICES', 'STARTED', 'DURATION']);
    expect(await header(100)).toEqual(['ID', 'NAME', 'SEVERITY', 'STATUS', 'STARTED', 'DURATION']);
    expect(await header(80)).toEqual(['ID', 'NAME', 'SEVERITY', 'STATUS', 'STARTED']);
    const narrow = await table(80);
    expect(
      Math.max(
        ...narrow
          .trimEnd()
          .split('\n')
          .map((line) => line.length),
      ),
    ).toBeLessThanOrEqual(80);
    expect(narrow).toContain(`${incident.id.slice(0, 8)}  Checkout errors in the EU (web)  MAJOR`);
    expect(narrow).not.toContain(incident.id);
    expect(narrow).toMatch(/INVESTIGATING +(just now|\d+[a-z]+ ago)\n/);
    // Piped output does not depend on the terminal: whole IDs, every column.
    const piped = (await run(['incidents', 'list'], { columns: 80 })).stdout;
    expect(piped.split('\n')[1]!.split('\t')).toHaveLength(7);
    expect(piped).toContain(incident.id);
  });

  it('shows an incident and its updates newest first; --json is the body as received', async () => {
    const incident = await open('DB slow');
    sandbox.clock.advance(60_000);
    await run(['incidents', 'update', incident.id, '--status', 'identified', '--message', 'Found it']);
    sandbox.clock.advance(60_000);
    await resolveDirectly(incident.id);
    const piped = await run(['incidents', 'get', incident.id]);
    expect(piped.stdout).toContain('lastUpdateStatus\tRESOLVED\n');
    expect(piped.stdout).toContain('duration\t120\n');
    const rows = piped.stdout
      .split('\n')
      .filter((line) => line.startsWith('update\t'))
      .map((line) => line.split('\t'));
    expect(rows.map((row) => [row[3], row[5]])).toEqual([
      ['RESOLVED', 'Over'],
      ['IDENTIFIED', 'Found it'],
      ['INVESTIGATING', 'DB slow began'],
    ]);
    const tty = await run(['--no-color', 'incidents', 'get', incident.id], { tty: true });
    // On a terminal: the timeline in the status page's words and order.
    expect(tty.stdout).toContain('Timeline, as subscribers read it (3 updates, newest first):');
    expect(tty.stdout).toMatch(/\n {2}Resolved · [^\n]*\n {4}Over\n/);
    expect(tty.stdout).toMatch(/\n {2}Identified · [^\n]*\n {4}Found it\n/);
    expect(tty.stdout.indexOf('Found it')).toBeLessThan(tty.stdout.indexOf('DB slow began'));
    expect(tty.stdout).toContain('Duration:    2m');
    const json = await run(['--json', 'incidents', 'get', incident.id]);
    expect(JSON.parse(json.stdout)).toEqual(sandbox.store.collection('incidents').get(incident.id));
  });

  it('escapes control characters in names and messages from the server', async () => {
    const incident = await open('Evil \u001b[2Jname');
    const result = await run(['incidents', 'get', incident.id], { tty: true });
    expect(result.stdout).toContain('Evil \\x1b[2Jname');
    expect(result.stdout).not.toContain('\u001b[2J');
  });
});

describe('incidents updates', () => {
  it('creates, reads and edits one update; edit sends the current values for what was not given', async () => {
    const incident = await open('DB slow');
    const created = await run([
      'incidents',
      'updates',
      'create',
      incident.id,
      '--message',
      'Cause found',
      '--status',
      'identified',
    ]);
    expect(created.code).toBe(0);
    const updateId = created.stdout.trim();
    expect(mutations()[0]!.body).toEqual({
      description: 'Cause found',
      status: 'IDENTIFIED',
      notifySubscribers: false,
    });

    const get = await run(['incidents', 'updates', 'get', incident.id, updateId]);
    expect(get.stdout).toContain('status\tIDENTIFIED\n');
    expect(get.stdout).toContain('description\tCause found\n');

    const edited = await run([
      'incidents',
      'updates',
      'edit',
      incident.id,
      updateId,
      '--message',
      'Cause: an expired certificate',
    ]);
    expect(edited.code).toBe(0);
    const put = mutations()[1]!;
    expect(put).toMatchObject({
      method: 'PUT',
      path: `/v1/status-pages/incidents/${incident.id}/incident-updates/${updateId}`,
    });
    expect(put.body).toMatchObject({
      description: 'Cause: an expired certificate',
      status: 'IDENTIFIED',
      notifySubscribers: false,
    });
    expect(edited.stderr).toContain('message replaced');

    const nothing = await run(['incidents', 'updates', 'edit', incident.id, updateId]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('Nothing to change');
    const missing = await run(['incidents', 'updates', 'get', incident.id, 'nope-nope']);
    expect(missing.code).toBe(6);
    expect(missing.stderr).toContain(`Incident update "nope-nope" of incident "${incident.id}" was not found.`);
  });

  it('needs --message without a terminal, and asks for it on one', async () => {
    const incident = await open('DB slow');
    const piped = await run(['incidents', 'updates', 'create', incident.id]);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain('--message is required');
    const tty = await run(['incidents', 'updates', 'create', incident.id], {
      tty: true,
      answers: [
        { message: 'Message', answer: 'Typed' },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(tty.code).toBe(0);
    // No --status: none is sent, and the server keeps the incident's.
    expect(mutations()[0]!.body).toEqual({ description: 'Typed', notifySubscribers: false });
  });
});
