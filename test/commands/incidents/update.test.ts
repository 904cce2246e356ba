/** `mon incidents update`: an update posted, the incident changed with a PUT of its current values plus the change, the picker and the prompts. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Incident } from '../../../src/api/schemas/incidents';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../src/sandbox/server';
import { INCIDENT_STATUSES, SEVERITIES } from '../../../src/api/schemas/enums';
import {
  type CliOptions,
  frozenClock,
  memorySandbox,
  mon,
  sandboxCall,
  TEST_ACCOUNT,
  refusesBadInput,
  testEnv,
} from '../../helpers';
import { anyCase, openIncident, resolveIncident, seedService, serviceIds, text } from './fixture';
import { TWINS, twinsDataFile } from './twins';

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
const resolveDirectly = (id: string) => resolveIncident(sandbox, id);

describe('incidents update', () => {
  it('posts an update with the current status when --status is left out, and prints the update ID when piped', async () => {
    const incident = await open('DB slow');
    const result = await run(`incidents update ${incident.id} --message "Still looking."`);
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
    const result = await run(
      `incidents update ${incident.id} --severity critical --status Monitoring --message "Failover done." --notify`,
    );
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
    const result = await run(
      `incidents update ${incident.id} --service ${SEED_SERVICES.webhooks} --service ${SEED_SERVICES.api} --name "Webhooks and API late"`,
    );
    expect(result.code).toBe(0);
    expect(mutations()).toHaveLength(1);
    expect(mutations()[0]!.body).toEqual({
      name: 'Webhooks and API late',
      severity: 'MINOR',
      services: [seedService(SEED_SERVICES.webhooks), seedService(SEED_SERVICES.api)],
    });
    expect(result.stdout).toBe(`${incident.id}\n`);
    expect(result.stderr).toContain('services Webhooks → Webhooks, Public API');
  });

  it('prints both requests with --dry-run (prose on a terminal, the plan with its requests with --json) and sends neither', async () => {
    const incident = await open('DB slow');
    const text = await run(`incidents update ${incident.id} --severity minor --message "Better now"`);
    expect(text.code).toBe(0);
    sandbox.requests.length = 0;
    const dry = await run(`--no-color incidents update ${incident.id} --name Renamed --message x --dry-run`, {
      tty: true,
    });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      new RegExp(
        `^Dry run: mon incidents update \\(write, not idempotent\\)\\n  Incident "DB slow" \\(${incident.id}\\): name DB slow → Renamed\\n[^]*\\nPUT ${sandbox.url}/v1/status-pages/incidents/${incident.id}\\n[^]*\\nPOST ${sandbox.url}/v1/status-pages/incidents/${incident.id}/incident-updates\\n`,
      ),
    );
    const json = await run(`--json incidents update ${incident.id} --name Renamed --message x --dry-run`);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.requests.map((request: { method: string }) => request.method)).toEqual(['PUT', 'POST']);
    expect(parsed.request).toEqual(parsed.requests[0]);
    expect(parsed.requests.map((request: { body: unknown }) => request.body)).toEqual([
      { name: 'Renamed', severity: 'MINOR', services: [seedService(SEED_SERVICES.checkout)] },
      { description: 'x', status: 'INVESTIGATING', notifySubscribers: false },
    ]);
    expect(mutations()).toEqual([]);
  });

  it('refuses what it cannot do without a terminal, before any request', async () => {
    const noId = await run('incidents update --message x');
    expect(noId.code).toBe(2);
    expect(noId.stderr).toContain('INCIDENT_ID is required');
    const nothing = await run('incidents update some-id');
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('Nothing to update');
    const noMessage = await run('incidents update some-id --status resolved');
    expect(noMessage.code).toBe(2);
    expect(noMessage.stderr).toContain('--message is required');
    const badSeverity = await run('incidents update some-id --severity huge');
    expect(badSeverity.code).toBe(2);
    expect(sandbox.requests).toEqual([]);
  });

  it('exits 6 for an unknown incident, naming it', async () => {
    const result = await run('incidents update no-such-incident --message x');
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('Incident "no-such-incident" was not found.');
    expect(mutations()).toEqual([]);
  });

  it('on a terminal with no ID and no flags: picks from the open incidents, then asks the message, the status (current preselected) and notify', async () => {
    const older = await open('Checkout errors', 'MAJOR');
    const resolved = await open('Old outage', 'MINOR');
    await resolveDirectly(resolved.id);
    await open('Webhooks late', 'MINOR', [SEED_SERVICES.webhooks]);
    const result = await run('--no-color incidents update', {
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
    const result = await run(`incidents update ${incident.id} --status monitoring`, {
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
    const notifyGiven = await run(`incidents update ${incident.id} --status monitoring --notify`, {
      tty: true,
      answers: [
        { message: 'Message', answer: 'Still watching.' },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(notifyGiven.code).toBe(0);
    expect(notifyGiven.prompter.asked).toHaveLength(2);
  });

  it('edit at the confirmation asks again with the answers in them, the picked incident under the cursor', async () => {
    const incident = await open('DB slow');
    await open('Queue stuck');
    const result = await run('incidents update', {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: incident.id },
        { message: 'Message', answer: 'Found it.' },
        { message: 'Status', answer: 'IDENTIFIED' },
        { message: 'Notify', answer: true },
        { message: 'Post this update?', answer: 'edit' },
        { message: 'Which open incident', answer: undefined },
        { message: 'Message', answer: undefined },
        { message: 'Status', answer: undefined },
        { message: 'Notify', answer: undefined },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked.slice(5).map((question) => [question.kind, question.default])).toEqual([
      ['select', incident.id],
      ['message', 'Found it.'],
      ['select', 'IDENTIFIED'],
      ['confirm', true],
      ['select', 'no'],
    ]);
    expect(mutations().map((request) => [request.path, request.body])).toEqual([
      [
        `/v1/status-pages/incidents/${incident.id}/incident-updates`,
        { description: 'Found it.', status: 'IDENTIFIED', notifySubscribers: true },
      ],
    ]);
  });

  it('says so when there is no open incident to pick', async () => {
    const result = await run('incidents update', { tty: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('There are no open incidents to pick from.');
  });
});

describe('incidents update: the PUT and the POST', () => {
  let incident: Incident;
  beforeEach(async () => {
    const created = await sandboxCall(sandbox, 'POST', '/v1/status-pages/incidents', {
      name: 'Checkout errors',
      severity: 'MAJOR',
      services: [{ id: SEED_SERVICES.checkout, name: 'Checkout', accountId: TEST_ACCOUNT }],
      incidentUpdates: [{ description: 'Investigating.', status: 'IDENTIFIED' }],
    });
    incident = created.body as Incident;
  });

  it('sends the current values for what was not changed, and the current status unless another is given', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(text(255), { nil: undefined }),
        fc.option(anyCase(SEVERITIES), { nil: undefined }),
        fc.option(serviceIds, { nil: undefined }),
        fc.option(text(200), { nil: undefined }),
        fc.option(anyCase(INCIDENT_STATUSES), { nil: undefined }),
        async (name, severity, services, message, status) => {
          sandbox.requests.length = 0;
          const args = [
            ...(name !== undefined ? [`--name=${name}`] : []),
            ...(severity !== undefined ? [`--severity=${severity}`] : []),
            ...(services ?? []).map((id) => `--service=${id}`),
            // Without a terminal, a status needs a message.
            ...(message !== undefined || status !== undefined ? [`--message=${message ?? 'An update.'}`] : []),
            ...(status !== undefined ? [`--status=${status}`] : []),
          ];
          const result = await mon(['--json', 'incidents', 'update', incident.id, ...args, '--dry-run'], { sandbox });
          if (!args.length) {
            expect(result.code).toBe(2); // nothing to update
            return;
          }
          expect(result.code, result.stderr).toBe(0);
          type Shown = { method: string; body: Record<string, unknown> };
          const plan = JSON.parse(result.stdout) as { request: Shown; requests?: Shown[] };
          const requests = plan.requests ?? [plan.request];
          const put = requests.find((request) => request.method === 'PUT');
          const posted = requests.find((request) => request.method === 'POST');
          const changes = name !== undefined || severity !== undefined || services !== undefined;
          expect(put !== undefined).toBe(changes);
          if (put) {
            expect(put.body).toEqual({
              name: name?.trim() ?? incident.name,
              severity: severity?.trim().toUpperCase() ?? incident.severity,
              services: (services ?? [SEED_SERVICES.checkout]).map(seedService),
            });
          }
          expect(posted !== undefined).toBe(message !== undefined || status !== undefined);
          if (posted) {
            expect(posted.body).toEqual({
              description: (message ?? 'An update.').trim(),
              status: status?.trim().toUpperCase() ?? 'IDENTIFIED',
              notifySubscribers: false,
            });
          }
          if (put && posted) expect(requests.map((request) => request.method)).toEqual(['PUT', 'POST']);
          expect(sandbox.requests.filter((request) => request.method !== 'GET')).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('look-alike incident names', () => {
  it('the picker and the confirmation show the escaped name', async () => {
    const hidden = await open('Payments\u200B down');
    await open('Payments down');
    const result = await run('--no-color incidents update', {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: hidden.id },
        { message: 'Message', answer: 'Found it.' },
        { message: 'Status', answer: 'IDENTIFIED' },
        { message: 'Notify', answer: false },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(result.code).toBe(0);
    expect(result.prompter.asked[0]!.choices).toEqual([
      expect.stringMatching(/^Payments down · /),
      expect.stringMatching(/^Payments\\u200b down · /),
    ]);
    // The confirmation names it escaped, and by its ID, which no look-alike shares.
    expect(result.stderr).toMatch(/Incident: +Payments\\u200b down \(MAJOR/);
    expect(result.stderr).toMatch(new RegExp(`ID: +${hidden.id}`));
    expect(result.stderr).not.toContain('\u200B');
  });
});

describe('incidents update: a change of the incident alone', () => {
  it.each([
    ['--name "DB slower"', { name: 'DB slower' }, 'name "DB slow" → "DB slower"'],
    ['--severity critical', { severity: 'CRITICAL' }, 'severity MINOR → CRITICAL'],
    ['--severity minor', {}, 'nothing was different'],
    [
      '--service Payouts --service checkout',
      { services: [seedService(SEED_SERVICES.payouts), seedService(SEED_SERVICES.checkout)] },
      'services Checkout → Payouts, Checkout',
    ],
    [
      '--name "DB slower" --severity major --service Payouts',
      { name: 'DB slower', severity: 'MAJOR', services: [seedService(SEED_SERVICES.payouts)] },
      'name "DB slow" → "DB slower"; severity MINOR → MAJOR; services Checkout → Payouts',
    ],
  ])(
    '%s: one PUT of the current values and the change, what changed on stderr, the incident ID piped',
    async (flags, change, said) => {
      const incident = await open('DB slow', 'MINOR');
      const result = await run(`incidents update ${incident.id} ${flags}`);
      expect(result.code, result.stderr).toBe(0);
      expect(mutations().map((request) => [request.method, request.path, request.body])).toEqual([
        [
          'PUT',
          `/v1/status-pages/incidents/${incident.id}`,
          { name: 'DB slow', severity: 'MINOR', services: [seedService(SEED_SERVICES.checkout)], ...change },
        ],
      ]);
      expect(result.stdout).toBe(`${incident.id}\n`);
      const name = (change as { name?: string }).name ?? 'DB slow';
      expect(result.stderr).toBe(`✓ Changed incident "${name}": ${said}.\n`);
    },
  );

  it('a rename and an update: the update is reported under the new name, with the incident and update IDs', async () => {
    const incident = await open('DB slow');
    const result = await run(`incidents update ${incident.id} --name "DB slower" --message "Still slow."`);
    expect(result.code, result.stderr).toBe(0);
    const update = result.stdout.trim();
    expect(result.stderr).toBe(
      '✓ Changed incident "DB slower": name "DB slow" → "DB slower".\n' +
        '✓ Posted an update to "DB slower": INVESTIGATING. Subscribers were not notified.\n' +
        `  Incident ${incident.id} · update ${update}\n`,
    );
  });
});

describe('incidents update: the incident as it will be', () => {
  it("a template's placeholders are filled from the changed name, severity and services", async () => {
    const incident = await open('DB slow', 'MINOR');
    const env = testEnv({ sandbox });
    expect((await mon("templates add sev -m 'Now {{name}} is {{severity}} on {{services}}.'", { env })).code).toBe(0);
    const result = await mon(
      `incidents update ${incident.id} --name "DB down" --severity critical --service Webhooks --template sev`,
      { env },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(mutations().at(-1)!.body).toEqual({
      description: 'Now DB down is critical on Webhooks.',
      status: 'INVESTIGATING',
      notifySubscribers: false,
    });
  });

  it('--web shows the status page of the services the incident is now on', async () => {
    const incident = await open('DB slow', 'MINOR');
    const env = { ...testEnv({ sandbox }), DISPLAY: '', WAYLAND_DISPLAY: '' };
    const result = await mon(`incidents update ${incident.id} --service Webhooks --web`, { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`The page is at ${sandbox.url}/status/acme-cloud\n`);
  });
});

const INCIDENT = '6e1f0b8a-3c2d-4e5f-8a9b-0c1d2e3f4a5b';
describe('incidents update, short flags', () => {
  it('-m and -s are --message and --status', async () => {
    const twins = await memorySandbox({ dataFile: twinsDataFile() });
    try {
      const result = await mon(`incidents update ${TWINS[0]} -s monitoring -m Watching. --dry-run`, { sandbox: twins });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('"description": "Watching."');
      expect(result.stdout).toContain('"status": "MONITORING"');
    } finally {
      await twins.close();
    }
  });
});

refusesBadInput([
  {
    what: 'a status close to a valid one',
    line: `incidents update ${INCIDENT} --status identifed -m x`,
    says: '--status must be one of INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED (got "identifed"): did you mean identified?',
  },
  {
    what: 'a message of several words without quotes',
    line: `incidents update ${INCIDENT} -m Rolled back`,
    says: `too many arguments for 'update': "back" (a value of several words needs quotes).\nDid you mean -m "Rolled back"? Type \`mon incidents update ${INCIDENT} -m "Rolled back"\``,
  },
  {
    what: 'a message of several words without quotes and without the ID (no incident is named "reverted")',
    line: 'incidents update -m Deploy reverted',
    says: `"reverted" is no INCIDENT_ID (IDs are hex digits and dashes): it reads as the rest of -m's value, which needs quotes; nothing was sent.\nDid you mean -m "Deploy reverted"? Type \`mon incidents update -m "Deploy reverted"\``,
  },
  {
    what: 'a message of several words without quotes, the ID left out and a flag after it',
    line: '--sandbox incidents update -m Deploy reverted -s monitoring',
    says: 'Type `mon --sandbox incidents update -m "Deploy reverted" -s monitoring`',
  },
  {
    what: 'a message that starts with dashes',
    line: `incidents update ${INCIDENT} -m "--force it"`,
    says: 'write --message="--force it"',
  },
  {
    what: 'an incident ID with "/"',
    line: 'incidents update ../x --message m',
    says: 'INCIDENT_ID must not contain "/"',
  },
  {
    what: 'an unknown severity',
    line: `incidents update ${INCIDENT} --severity huge`,
    says: '--severity must be one of',
  },
  {
    what: 'an unknown status',
    line: `incidents update ${INCIDENT} --status closed --message m`,
    says: '--status must be one of',
  },
  {
    what: 'nothing to do (prompts off)',
    line: `incidents update ${INCIDENT}`,
    says:
      'Nothing to update: give --message (with --status, --notify) to post an update, or --name, --severity or --service to change the incident.\n' +
      'For example: `mon incidents update INCIDENT_ID --status MONITORING --message "A fix is deployed; we are watching."`',
  },
  {
    what: '--status without --message (prompts off)',
    line: `incidents update ${INCIDENT} --status monitoring`,
    says: '--message is required (prompts are off: no terminal, --no-input, MON_NO_INPUT or CI).\nFor example: `mon incidents update INCIDENT_ID --status MONITORING --message "A fix is deployed; we are watching."`',
  },
  {
    what: '--notify without --message (prompts off)',
    line: `incidents update ${INCIDENT} --notify`,
    says: '--message is required',
  },
  {
    what: 'no incident ID (prompts off)',
    line: 'incidents update --message m',
    says: 'INCIDENT_ID is required (prompts are off, so no picker can be shown).\nFor example: `mon incidents update INCIDENT_ID --status MONITORING --message "A fix is deployed; we are watching."`',
  },
]);
