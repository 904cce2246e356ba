/** `mon incidents create`: the body from flags (and prompts on a terminal), services by ID or name, --dry-run. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type Incident, incidentCreateBodySchema } from '../../../src/api/schemas/incidents';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../src/sandbox/server';
import { INCIDENT_STATUSES, SEVERITIES } from '../../../src/api/schemas/enums';
import { parseTime } from '../../../src/text/time';
import {
  type CliOptions,
  frozenClock,
  memorySandbox,
  mon,
  sandboxCall,
  TEST_ACCOUNT,
  testEnv,
  refusesBadInput,
} from '../../helpers';
import { words } from '../../words';
import { anyCase, date, seedService, serviceIds, text } from './fixture';

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

describe('incidents create', () => {
  it('builds the body from flags (case-insensitive enums, services with their names from one read of the status pages) and prints the ID when piped', async () => {
    const result = await run(
      `incidents create --name "Checkout errors" --severity major --status identified --service ${SEED_SERVICES.checkout} --service ${SEED_SERVICES.payouts} --message "Card payments fail." --notify`,
    );
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
    const result = await run(
      `incidents create --name A --severity MINOR --service ${SEED_SERVICES.api} --message m --date 2026-11-20T14:05:00+02:00`,
    );
    expect(result.code).toBe(0);
    expect(mutations().map((request) => request.body)).toEqual([
      {
        name: 'A',
        severity: 'MINOR',
        services: [seedService(SEED_SERVICES.api)],
        incidentUpdates: [
          {
            description: 'm',
            status: 'INVESTIGATING',
            notifySubscribers: false,
            publicIncidentUpdateDate: '2026-11-20T12:05:00.000Z',
          },
        ],
      },
    ]);
  });

  it.each([
    [`--name ${'x'.repeat(256)}`, '--name must be at most 255 characters'],
    ['--severity urgent', '--severity must be one of CRITICAL, MAJOR, MEDIUM or MINOR'],
    ['--status fixed', '--status must be one of INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED'],
    ['--date yesterday', '--date must be a date (2026-11-20)'],
    ['--message "   "', '--message must not be empty'],
  ])('refuses %s with exit 2 before any request', async (flags, message) => {
    const base: Record<string, string> = {
      '--name': 'A',
      '--severity': 'MAJOR',
      '--service': SEED_SERVICES.api,
      '--message': 'm',
    };
    const [flag, value] = words(flags);
    base[flag!] = value!;
    const result = await run(['incidents', 'create', ...Object.entries(base).flat()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(sandbox.requests).toEqual([]);
  });

  it('names every missing flag when it cannot prompt, and sends nothing', async () => {
    const result = await run('incidents create --name A');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--severity, --service and --message are required (prompts are off');
    expect(sandbox.requests).toEqual([]);
    const noInput = await run('--no-input incidents create --name A --severity minor --message m', { tty: true });
    expect(noInput.code).toBe(2);
    expect(noInput.stderr).toContain('--service is required');
    expect(noInput.prompter.asked).toEqual([]);
  });

  it('a service name is looked up on the status pages and sent with its ID and name', async () => {
    const result = await run('incidents create --name A --severity MAJOR --service payouts --message m');
    expect(result.code, result.stderr).toBe(0);
    expect(sandbox.requests.map((request) => `${request.method} ${request.path.split('?')[0]}`)).toEqual([
      'GET /v1/status-pages',
      'POST /v1/status-pages/incidents',
    ]);
    expect(mutations().map((request) => request.body)).toEqual([
      {
        name: 'A',
        severity: 'MAJOR',
        services: [{ id: SEED_SERVICES.payouts, name: 'Payouts', accountId: TEST_ACCOUNT }],
        incidentUpdates: [{ description: 'm', status: 'INVESTIGATING', notifySubscribers: false }],
      },
    ]);
  });

  it('refuses a --service that is on no status page (exit 2, after one read), naming it and `mon status-pages list`', async () => {
    const result = await run('incidents create --name A --severity MAJOR --service nope --message m');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--service "nope" is not a service on any status page');
    expect(result.stderr).toContain('mon status-pages list');
    expect(mutations()).toEqual([]);
  });

  it('asks for what is missing on a terminal: name, severity (select), services (checkbox by page › card › service), message, notify', async () => {
    const result = await run('--no-color incidents create', {
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
    expect(mutations().map((request) => request.body)).toEqual([
      {
        name: 'Payments failing',
        severity: 'CRITICAL',
        services: [seedService(SEED_SERVICES.checkout), seedService(SEED_SERVICES.payouts)],
        incidentUpdates: [
          { description: 'Card payments fail for some customers.', status: 'INVESTIGATING', notifySubscribers: true },
        ],
      },
    ]);
    // On a terminal the ID is in the confirmation, not on stdout.
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Opened incident "Payments failing"');
  });

  it('only asks for what the flags left out', async () => {
    const result = await run('incidents create --name A --severity minor --message m', {
      tty: true,
      answers: [
        { message: 'Affected services', answer: [SEED_SERVICES.api] },
        { message: 'Notify', answer: false },
        { message: 'Open this incident?', answer: 'yes' },
      ],
    });
    expect(result.code).toBe(0);
    expect(mutations().map((request) => request.body)).toEqual([
      {
        name: 'A',
        severity: 'MINOR',
        services: [seedService(SEED_SERVICES.api)],
        incidentUpdates: [{ description: 'm', status: 'INVESTIGATING', notifySubscribers: false }],
      },
    ]);
    expect(result.stderr).toContain('Subscribers were not notified.');
  });

  it('refuses an empty service selection and an over-long typed name, as the prompts would, and asks again', async () => {
    const empty = await run('incidents create --name A --severity minor --message m', {
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
    const long = await run(`incidents create --severity minor --service ${SEED_SERVICES.api} --message m`, {
      tty: true,
      answers: [
        { message: 'Incident name', answer: 'x'.repeat(256) },
        { message: 'Incident name', answer: 'x'.repeat(255) },
        { message: 'Notify', answer: false },
        { message: 'Open this incident?', answer: 'yes' },
      ],
    });
    expect(long.code).toBe(0);
    expect(long.prompter.asked[0]!.rejected).toEqual([expect.stringContaining('It must be at most 255 characters.')]);
    // Only the accepted answers were sent.
    expect(mutations().map((request) => (request.body as { name: string }).name)).toEqual(['A', 'x'.repeat(255)]);
    expect((mutations()[0]!.body as { services: { id: string }[] }).services).toEqual([seedService(SEED_SERVICES.api)]);
  });

  it('prints the exact body with --dry-run (prose on a terminal) and sends nothing mutating', async () => {
    const result = await run(
      `--no-color incidents create --name A --severity medium --service ${SEED_SERVICES.api} --message m --dry-run`,
      { tty: true, columns: 100 },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'Dry run: mon incidents create (write, not idempotent)\n' +
        '  A new incident "A" (MEDIUM, on Public API), its first update: status INVESTIGATING, subscribers\n' +
        '  not notified: "m"\n',
    );
    expect(result.stdout).toContain(`\nPOST ${sandbox.url}/v1/status-pages/incidents\n`);
    expect(result.stdout).toContain('"severity": "MEDIUM"');
    expect(result.stdout).toContain(`"accountId": "${TEST_ACCOUNT}"`);
    expect(result.stderr).toContain('Dry run: nothing was sent.');
    expect(mutations()).toEqual([]);
  });
});

describe('incidents create: edit at the confirmation, and what it says', () => {
  it('edit asks every question again with its answer in it: keeping them all sends what was first answered', async () => {
    const result = await run('--no-color incidents create', {
      tty: true,
      answers: [
        { message: 'Incident name', answer: 'Search slow' },
        { message: 'Severity', answer: 'MEDIUM' },
        { message: 'Affected services', answer: [SEED_SERVICES.api, SEED_SERVICES.webApp] },
        { message: 'Message', answer: 'Searches take 10 s.' },
        { message: 'Notify', answer: true },
        { message: 'Open this incident?', answer: 'edit' },
        { message: 'Incident name', answer: undefined },
        { message: 'Severity', answer: undefined },
        { message: 'Affected services', answer: undefined },
        { message: 'Message', answer: undefined },
        { message: 'Notify', answer: undefined },
        { message: 'Open this incident?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked.slice(6).map((question) => [question.kind, question.default])).toEqual([
      ['input', 'Search slow'],
      ['select', 'MEDIUM'],
      ['checkbox', undefined],
      ['message', 'Searches take 10 s.'],
      ['confirm', true],
      ['select', 'no'],
    ]);
    expect(mutations().map((request) => request.body)).toEqual([
      {
        name: 'Search slow',
        severity: 'MEDIUM',
        services: [seedService(SEED_SERVICES.api), seedService(SEED_SERVICES.webApp)],
        incidentUpdates: [{ description: 'Searches take 10 s.', status: 'INVESTIGATING', notifySubscribers: true }],
      },
    ]);
  });

  it('piped, says what it opened, its ID and the next command (the ID cut to its first 8 characters); stdout is the ID', async () => {
    const result = await run(`incidents create --name "Login slow" --severity minor --service Payouts -m Looking`);
    expect(result.code, result.stderr).toBe(0);
    const id = result.stdout.trim();
    expect(result.stderr).toBe(
      '✓ Opened incident "Login slow": MINOR, INVESTIGATING, on Payouts. Subscribers were not notified.\n' +
        `  ID ${id}\n` +
        `  Next: \`mon incidents update ${id.slice(0, 8)} --status identified --message "..."\`\n`,
    );
  });
});

describe('incidents create: the body from flags', () => {
  it('is exactly what was asked for, passes the spec schema, and the sandbox creates it', async () => {
    await fc.assert(
      fc.asyncProperty(
        text(255),
        anyCase(SEVERITIES),
        serviceIds,
        text(500),
        fc.option(anyCase(INCIDENT_STATUSES), { nil: undefined }),
        fc.boolean(),
        date,
        async (name, severity, services, message, status, notify, when) => {
          sandbox.requests.length = 0;
          const args = [
            `--name=${name}`,
            `--severity=${severity}`,
            ...services.map((id) => `--service=${id}`),
            `--message=${message}`,
          ];
          if (status !== undefined) args.push(`--status=${status}`);
          if (notify) args.push('--notify');
          if (when) args.push(`--date=${when.toISOString()}`);
          const result = await mon(['--json', 'incidents', 'create', ...args, '--dry-run'], { sandbox });
          expect(result.code, result.stderr).toBe(0);
          const { body } = (JSON.parse(result.stdout) as { request: { body: Record<string, unknown> } }).request;
          expect(body).toEqual({
            name: name.trim(),
            severity: severity.trim().toUpperCase(),
            services: services.map(seedService),
            incidentUpdates: [
              {
                description: message.trim(),
                status: status?.trim().toUpperCase() ?? 'INVESTIGATING',
                notifySubscribers: notify,
                ...(when ? { publicIncidentUpdateDate: when.toISOString() } : {}),
              },
            ],
          });
          expect(incidentCreateBodySchema.safeParse(body).success).toBe(true);
          expect(sandbox.requests.filter((request) => request.method !== 'GET')).toEqual([]);
          const created = await sandboxCall(sandbox, 'POST', '/v1/status-pages/incidents', body);
          expect(created.status).toBe(201);
          expect((created.body as Incident).name).toBe(name.trim());
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses what the spec does not allow with exit 2 naming the flag, before any request', async () => {
    const valid = { name: 'Outage', severity: 'MAJOR', service: SEED_SERVICES.api, message: 'Looking into it.' };
    const badSeverity = fc
      .string({ maxLength: 12 })
      .filter((value) => !(SEVERITIES as readonly string[]).includes(value.trim().toUpperCase()));
    const badStatus = fc
      .string({ maxLength: 14 })
      .filter((value) => !(INCIDENT_STATUSES as readonly string[]).includes(value.trim().toUpperCase()));
    const badDate = fc.string({ maxLength: 25 }).filter((value) => parseTime(value, Date.now()) === undefined);
    const blank = fc.constantFrom('', ' ', '\t', '  \n ');
    const mistake = fc.oneof(
      fc
        .string({ minLength: 256, maxLength: 400 })
        .filter((value) => value.trim().length > 255)
        .map((name) => ({ flag: '--name', change: { name }, says: 'must be at most 255 characters' })),
      blank.map((name) => ({ flag: '--name', change: { name }, says: 'must not be empty' })),
      badSeverity.map((severity) => ({
        flag: '--severity',
        change: { severity },
        says: 'must be one of CRITICAL, MAJOR, MEDIUM or MINOR',
      })),
      badStatus.map((status) => ({
        flag: '--status',
        change: { status },
        says: 'must be one of INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED',
      })),
      badDate.map((value) => ({ flag: '--date', change: { date: value }, says: 'must be a date' })),
      blank.map((message) => ({ flag: '--message', change: { message }, says: 'must not be empty' })),
    );
    await fc.assert(
      fc.asyncProperty(mistake, async ({ flag, change, says }) => {
        sandbox.requests.length = 0;
        const flags: Record<string, string> = { ...valid, ...change };
        const args = Object.entries(flags).map(([key, value]) => `--${key}=${value}`);
        const result = await mon(['incidents', 'create', ...args], { sandbox });
        expect(result.code).toBe(2);
        expect(result.stderr).toContain(`${flag} ${says}`);
        expect(result.stdout).toBe('');
        expect(sandbox.requests).toEqual([]);
      }),
      { numRuns: 80 },
    );
  });
});

describe('incidents create: what it refuses', () => {
  it.each([
    [
      'a name of 256 characters',
      ['--name', 'x'.repeat(256), '--severity', 'major', '--service', SEED_SERVICES.api, '--message', 'm'],
      '--name must be at most 255 characters',
    ],
    ['no service', ['--name', 'A', '--severity', 'major', '--message', 'm'], '--service is required'],
    [
      'an unknown severity',
      ['--name', 'A', '--severity', 'sev1', '--service', SEED_SERVICES.api, '--message', 'm'],
      '--severity must be one of CRITICAL, MAJOR, MEDIUM or MINOR',
    ],
    [
      'an unknown status',
      ['--name', 'A', '--severity', 'major', '--service', SEED_SERVICES.api, '--message', 'm', '--status', 'fixed'],
      '--status must be one of INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED',
    ],
  ])('refuses %s with exit 2 and sends nothing', async (_what, flags, message) => {
    sandbox.requests.length = 0;
    const result = await run(['incidents', 'create', ...flags]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
    expect(sandbox.requests).toEqual([]);
  });
});

describe('incidents create when the answer does not come', () => {
  it('does not say "try again" when a POST times out: it may have gone through', async () => {
    const slow = await memorySandbox({ faults: 'hang:1@POST' });
    try {
      const result = await mon(
        [
          '--timeout',
          '1',
          'incidents',
          'create',
          '--name',
          'Slow',
          '--severity',
          'minor',
          '--service',
          SEED_SERVICES.api,
          '--message',
          'm',
        ],
        { sandbox: slow },
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('The request timed out after 1 s (POST /v1/status-pages/incidents)');
      expect(result.stderr).toContain(
        'Check with `mon incidents list` whether the incident was opened before retrying',
      );
      expect(result.stderr).not.toContain('Try again');
      // Sent once, and not again after the timeout.
      expect(slow.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it('tells the user to check before retrying when the answer to a POST is lost (and it did go through)', async () => {
    const lossy = await memorySandbox({ faults: 'drop:1@POST' });
    try {
      const env = testEnv({ sandbox: lossy });
      const created = await mon(
        [
          'incidents',
          'create',
          '--name',
          'Lossy',
          '--severity',
          'minor',
          '--service',
          SEED_SERVICES.api,
          '--message',
          'start',
        ],
        { env },
      );
      expect(created.code).toBe(1);
      expect(created.stderr).toContain('the server may or may not have acted on it');
      expect(created.stderr).toContain(
        'Check with `mon incidents list` whether the incident was opened before retrying, so it is not opened twice.',
      );
      const listed = JSON.parse((await mon(['incidents', 'list', '--json'], { env })).stdout) as {
        entries: Incident[];
      };
      expect(listed.entries.map((incident) => incident.name)).toEqual(['Lossy']);
      const id = listed.entries[0]!.id;

      const updated = await mon(['incidents', 'update', id, '--message', 'posted?'], { env });
      expect(updated.code).toBe(1);
      expect(updated.stderr).toContain(
        `Check with \`mon incidents get ${id}\` whether the update was posted before retrying, so it is not posted twice.`,
      );
      expect(updated.stderr).not.toContain('✓');
      // One attempt only (a POST is not retried once sent), and it was stored.
      expect(lossy.requests.filter((request) => request.method === 'POST')).toHaveLength(2);
      const got = await mon(['incidents', 'get', id], { env });
      expect(got.stdout).toContain('\tposted?\n');
    } finally {
      await lossy.close();
    }
  });
});

describe('incidents create with --sandbox', () => {
  it('its next step names --sandbox too, so the command pasted reaches the same sandbox', async () => {
    const result = await mon(
      '--sandbox incidents create --name "Login slow" --severity minor --service Checkout -m "Looking"',
      {
        tty: true,
        env: testEnv({ env: { NO_COLOR: '1' } }),
      },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Next: `mon --sandbox incidents update [0-9a-f]{8} --status identified/);
  });
});

const CREATE =
  'incidents create --name Outage --severity major --service 0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01 --message "Looking into it."';
refusesBadInput([
  {
    what: 'a name of 256 characters',
    line: `${CREATE} --name ${'x'.repeat(256)}`,
    says: '--name must be at most 255 characters',
  },
  { what: 'a blank name', line: `${CREATE} --name '   '`, says: '--name must not be empty' },
  {
    what: 'no service (prompts off)',
    line: 'incidents create --name A --severity major --message m',
    says: '--service is required',
  },
  { what: 'a blank service', line: `${CREATE} --service ' '`, says: '--service' },
  {
    what: 'an unknown severity',
    line: `${CREATE} --severity sev1`,
    says: '--severity must be one of CRITICAL, MAJOR, MEDIUM or MINOR (got "sev1")',
  },
  {
    what: 'an unknown status',
    line: `${CREATE} --status fixed`,
    says: '--status must be one of INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED (got "fixed")',
  },
  { what: 'an empty message', line: `${CREATE} --message ''`, says: '--message must not be empty' },
  {
    what: 'a --date that is a word',
    line: `${CREATE} --date yesterday`,
    says: '--date must be a date (2026-11-20), an ISO 8601 date-time, or a time ago',
  },
  { what: 'a --date on February 30', line: `${CREATE} --date 2026-02-30`, says: '--date must be a date (2026-11-20)' },
  {
    what: 'a --date on February 29 of a common year',
    line: `${CREATE} --date 2026-02-29`,
    says: '(got "2026-02-29")',
  },
  { what: 'a --date in month 13', line: `${CREATE} --date 2026-13-01T00:00:00Z`, says: '(got "2026-13-01T00:00:00Z")' },
  {
    what: "a --date at 25 o'clock",
    line: `${CREATE} --date 2026-11-20T25:00:00Z`,
    says: '(got "2026-11-20T25:00:00Z")',
  },
  { what: 'a --date with an unknown unit', line: `${CREATE} --date 5x`, says: '(got "5x")' },
  {
    what: 'missing flags (prompts off)',
    line: 'incidents create',
    says:
      '--name, --severity, --service and --message are required (prompts are off: no terminal, --no-input, MON_NO_INPUT or CI).\n' +
      'For example: `mon incidents create --name "Checkout errors" --severity MAJOR --service SERVICE_ID --message "We are looking into failed payments."`',
  },
]);
