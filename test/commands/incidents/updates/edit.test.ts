/** `mon incidents updates edit`: one update changed, the current values sent for what was not given. */
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Incident } from '../../../../src/api/schemas/incidents';
import type { Sandbox } from '../../../../src/sandbox/server';
import {
  type CliOptions,
  frozenClock,
  memorySandbox,
  mon,
  refusesBadInput,
  sandboxCall,
  testEnv,
} from '../../../helpers';
import { openIncident, postUpdate } from '../fixture';

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
/** When the sandbox's frozen clock dates an update. */
const AT = '2026-03-02T10:00:00.000Z';
const open = (name: string, severity?: string, services?: string[]) => openIncident(sandbox, name, severity, services);

describe('incidents updates edit', () => {
  it('sends the current values for what was not given, and says what changed; nothing to change is exit 2', async () => {
    const incident = await open('DB slow');
    const updateId = await postUpdate(sandbox, incident.id, 'Cause found', 'IDENTIFIED');
    const edited = await run(
      `incidents updates edit ${incident.id} ${updateId} --message "Cause: an expired certificate"`,
    );
    expect(edited.code).toBe(0);
    const put = mutations()[0]!;
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

    const nothing = await run(`incidents updates edit ${incident.id} ${updateId}`);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('Nothing to change');
  });
});

describe('incidents updates edit: what is sent, what the plan says, what it says after', () => {
  const cases: { flags: string; body: object; plan: string[]; done: string }[] = [
    {
      flags: '--message "Cause: a certificate" --status monitoring --notify --date 2026-03-01T09:00:00Z',
      body: {
        description: 'Cause: a certificate',
        status: 'MONITORING',
        publicIncidentUpdateDate: '2026-03-01T09:00:00.000Z',
        notifySubscribers: true,
      },
      plan: [
        'status IDENTIFIED → MONITORING',
        'message "Cause found" → "Cause: a certificate"',
        'notify no → yes',
        `published ${AT} → 2026-03-01T09:00:00.000Z`,
      ],
      done: 'message replaced; status IDENTIFIED → MONITORING; published at 2026-03-01T09:00:00.000Z; notifySubscribers true.',
    },
    {
      flags: '--notify',
      body: { description: 'Cause found', status: 'IDENTIFIED', publicIncidentUpdateDate: AT, notifySubscribers: true },
      plan: ['status IDENTIFIED (unchanged)', 'message (unchanged)', 'notify no → yes'],
      done: 'notifySubscribers true.',
    },
    {
      flags: '--status identified --no-notify',
      body: {
        description: 'Cause found',
        status: 'IDENTIFIED',
        publicIncidentUpdateDate: AT,
        notifySubscribers: false,
      },
      plan: ['status IDENTIFIED (unchanged)', 'message (unchanged)', 'notify no (unchanged)'],
      done: 'nothing was different.',
    },
  ];
  it.each(cases)('$flags', async ({ flags, body, plan, done }) => {
    const incident = await open('DB slow');
    const updateId = await postUpdate(sandbox, incident.id, 'Cause found', 'IDENTIFIED');
    const line = `incidents updates edit ${incident.id} ${updateId} ${flags}`;
    const who = `Update ${updateId} of Incident "DB slow" (${incident.id}): `;

    const dry = await run(`${line} --dry-run`);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      target: { kind: 'incident-update', id: updateId, name: 'DB slow' },
      changes: plan.map((change) => `${who}${change}`),
      request: { method: 'PUT', body },
    });
    expect(mutations()).toEqual([]);

    const edited = await run(line);
    expect(edited.code, edited.stderr).toBe(0);
    expect(mutations().map((request) => request.body)).toEqual([body]);
    expect(edited.stdout).toBe(`${updateId}\n`);
    expect(stripVTControlCharacters(edited.stderr).replace(/\s*\n\s*/g, ' ')).toBe(
      `✓ Edited update ${updateId} of incident ${incident.id}: ${done} `,
    );
  });

  it('an update the server keeps without a status, a date or notify: only its message is sent again, and "—" stands for what it lacks', async () => {
    const incident = await open('DB slow');
    const updateId = await postUpdate(sandbox, incident.id, 'Cause found', 'IDENTIFIED');
    const stored = sandbox.store.collection<Incident>('incidents').get(incident.id)!;
    const bare = stored.incidentUpdates.find((update) => update.id === updateId)!;
    delete bare.status;
    delete bare.publicIncidentUpdateDate;
    delete bare.notifySubscribers;

    const dry = await run(
      `incidents updates edit ${incident.id} ${updateId} --message "Cause: a certificate" --dry-run`,
    );
    expect(dry.code, dry.stderr).toBe(0);
    const plan = JSON.parse(dry.stdout) as { changes: string[]; request: { body: unknown } };
    expect(plan.request.body).toEqual({ description: 'Cause: a certificate' });
    expect(plan.changes.map((change) => change.slice(change.indexOf('): ') + 3))).toEqual([
      'status — (unchanged)',
      'message "Cause found" → "Cause: a certificate"',
      'notify no (unchanged)',
    ]);
  });

  it('an update the server keeps without a status, given one: what it says after has "—" for the status it had', async () => {
    const incident = await open('DB slow');
    const updateId = await postUpdate(sandbox, incident.id, 'Cause found', 'IDENTIFIED');
    const stored = sandbox.store.collection<Incident>('incidents').get(incident.id)!;
    delete stored.incidentUpdates.find((update) => update.id === updateId)!.status;

    const edited = await run(`incidents updates edit ${incident.id} ${updateId} --status monitoring`);
    expect(edited.code, edited.stderr).toBe(0);
    expect(stripVTControlCharacters(edited.stderr).replace(/\s*\n\s*/g, ' ')).toBe(
      `✓ Edited update ${updateId} of incident ${incident.id}: status — → MONITORING. `,
    );
  });

  it('sent without a terminal: the update is read, then put, and the incident is not read to be named', async () => {
    const incident = await open('DB slow');
    const updateId = await postUpdate(sandbox, incident.id, 'Cause found', 'IDENTIFIED');
    const path = `/v1/status-pages/incidents/${incident.id}/incident-updates/${updateId}`;
    const edited = await run(`incidents updates edit ${incident.id} ${updateId} --notify`);
    expect(edited.code, edited.stderr).toBe(0);
    expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET ${path}`,
      `PUT ${path}`,
    ]);
  });

  it('on a terminal without flags: the current message, status and notify are the answers already given; the confirmation shows each change', async () => {
    const incident = await open('DB slow');
    const updateId = await postUpdate(sandbox, incident.id, 'Cause found', 'IDENTIFIED');
    const result = await run(`--no-color incidents updates edit ${incident.id} ${updateId}`, {
      tty: true,
      answers: [
        { message: 'Message', answer: undefined },
        { message: 'Status', answer: 'MONITORING' },
        { message: 'Notify', answer: true },
        { message: 'Save this change?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked.slice(0, 3)).toEqual([
      expect.objectContaining({ kind: 'message', default: 'Cause found' }),
      expect.objectContaining({ kind: 'select', default: 'IDENTIFIED' }),
      expect.objectContaining({ kind: 'confirm', default: false }),
    ]);
    expect(result.stderr).toMatch(/Update: +[^\n]*\n/);
    expect(result.stderr).toMatch(/Status: +IDENTIFIED → MONITORING\n/);
    expect(result.stderr).toMatch(/Message: +\(unchanged\)\n/);
    expect(result.stderr).toMatch(/Notify: +no → yes\n/);
    expect(mutations().map((request) => request.body)).toEqual([
      { description: 'Cause found', status: 'MONITORING', publicIncidentUpdateDate: AT, notifySubscribers: true },
    ]);
  });
});

const INCIDENT = '6e1f0b8a-3c2d-4e5f-8a9b-0c1d2e3f4a5b';
const UPDATE = '7a2b3c4d-5e6f-4a0b-9c8d-7e6f5a4b3c2d';
refusesBadInput([
  {
    what: 'an update ID with a newline',
    line: ['incidents', 'updates', 'edit', INCIDENT, 'u\nv', '--message', 'm'],
    says: 'UPDATE_ID must not contain control characters',
  },
  {
    what: 'nothing to change',
    line: `incidents updates edit ${INCIDENT} ${UPDATE}`,
    says: 'Nothing to change: give --message, --status, --notify/--no-notify or --date',
  },
  {
    what: 'February 29 of a common year',
    line: `incidents updates edit ${INCIDENT} ${UPDATE} --date 2027-02-29T10:00:00Z`,
    says: '--date must be',
  },
]);

describe('incidents updates edit: nothing to change without a terminal', () => {
  it.each([
    { given: 'both IDs', ids: `${INCIDENT} ${UPDATE}`, example: `${INCIDENT} ${UPDATE}` },
    { given: 'the incident ID', ids: INCIDENT, example: `${INCIDENT} UPDATE_ID` },
    { given: 'no ID', ids: '', example: 'INCIDENT_ID UPDATE_ID' },
  ])('with $given: the example to type next names what was given, exit 2', async ({ ids, example }) => {
    const result = await run(`incidents updates edit ${ids}`, { columns: 200 });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `\nFor example: \`mon incidents updates edit ${example} --message "Corrected text"\`\n`,
    );
    expect(sandbox.requests).toEqual([]);
  });
});

describe('incidents updates edit on a terminal: edit at the confirmation', () => {
  /** The questions of the second round, as [kind, default]; the answers of the first round. */
  const secondRound = (asked: { kind: string; default?: unknown }[]) =>
    asked.slice(4, 7).map((question) => [question.kind, question.default]);

  it('asks again with the answers given in them (the message, the status, notify), and Enter on each sends them', async () => {
    const incident = await open('DB slow');
    const updateId = await postUpdate(sandbox, incident.id, 'Cause found', 'IDENTIFIED');
    const result = await run(`--no-color incidents updates edit ${incident.id} ${updateId}`, {
      tty: true,
      answers: [
        { message: 'Message', answer: 'Cause: an expired certificate' },
        { message: 'Status', answer: 'MONITORING' },
        { message: 'Notify', answer: true },
        { message: 'Save this change?', answer: 'edit' },
        { message: 'Message', answer: undefined },
        { message: 'Status', answer: undefined },
        { message: 'Notify', answer: undefined },
        { message: 'Save this change?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    // The confirmation, once per round.
    expect(result.stderr.match(/^About to edit an update:$/gm)).toHaveLength(2);
    expect(secondRound(result.prompter.asked)).toEqual([
      ['message', 'Cause: an expired certificate'],
      ['select', 'MONITORING'],
      ['confirm', true],
    ]);
    expect(mutations().map((request) => request.body)).toEqual([
      {
        description: 'Cause: an expired certificate',
        status: 'MONITORING',
        publicIncidentUpdateDate: AT,
        notifySubscribers: true,
      },
    ]);
  });

  it("another update picked in the second round: its own message, status and notify are offered, not the first one's answers", async () => {
    const incident = await open('DB slow');
    const first = await postUpdate(sandbox, incident.id, 'Cause found', 'IDENTIFIED');
    const result = await run(`--no-color incidents updates edit ${incident.id}`, {
      tty: true,
      answers: [
        { message: 'Which update?', answer: first },
        { message: 'Message', answer: 'Cause: an expired certificate' },
        { message: 'Status', answer: 'MONITORING' },
        { message: 'Notify', answer: true },
        { message: 'Save this change?', answer: 'edit' },
        { message: 'Which update?', answer: incident.incidentUpdates[0]!.id },
        { message: 'Message', answer: undefined },
        { message: 'Status', answer: undefined },
        { message: 'Notify', answer: undefined },
        { message: 'Save this change?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked.slice(5, 9).map((question) => [question.kind, question.default])).toEqual([
      ['select', first],
      ['message', 'DB slow began'],
      ['select', 'INVESTIGATING'],
      ['confirm', false],
    ]);
  });
});

describe('incidents updates edit on a terminal: a template chosen at the prompt', () => {
  let env: NodeJS.ProcessEnv;
  beforeEach(async () => {
    // Its own config directory: the templates stored here are this test's.
    env = testEnv({ sandbox });
    expect((await run('templates add where -m "{{name}} is {{status}}."', { env })).code).toBe(0);
    expect((await run('templates add watching -s monitoring -m "A fix for {{name}} is out."', { env })).code).toBe(0);
  });

  it("is filled in with the incident's name and the edited update's own status, not the incident's latest", async () => {
    const incident = await open('DB slow');
    const updateId = await postUpdate(sandbox, incident.id, 'Cause found', 'IDENTIFIED');
    await postUpdate(sandbox, incident.id, 'A fix is out', 'MONITORING');
    const result = await run(`--no-color incidents updates edit ${incident.id} ${updateId}`, {
      env,
      tty: true,
      answers: [
        { message: 'Message', answer: { template: 'where' } },
        { message: 'Status', answer: undefined },
        { message: 'Notify', answer: undefined },
        { message: 'Save this change?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(mutations().map((request) => request.body)).toEqual([
      {
        description: 'DB slow is identified.',
        status: 'IDENTIFIED',
        publicIncidentUpdateDate: AT,
        notifySubscribers: false,
      },
    ]);
  });

  it.each([
    {
      second: 'the template kept (Enter)',
      message: undefined,
      status: 'INVESTIGATING',
      description: 'A fix for DB slow is out.',
    },
    {
      second: 'words of their own typed',
      message: 'Our own words.',
      status: 'IDENTIFIED',
      description: 'Our own words.',
    },
  ])(
    'its status overridden, then edit at the confirmation with $second: the status offered is $status',
    async ({ message, status, description }) => {
      const incident = await open('DB slow');
      const updateId = await postUpdate(sandbox, incident.id, 'Cause found', 'IDENTIFIED');
      const result = await run(`--no-color incidents updates edit ${incident.id} ${updateId}`, {
        env,
        tty: true,
        answers: [
          { message: 'Message', answer: { template: 'watching' } },
          { message: 'Status', answer: 'INVESTIGATING' },
          { message: 'Notify', answer: undefined },
          { message: 'Save this change?', answer: 'edit' },
          { message: 'Message', answer: message },
          { message: 'Status', answer: undefined },
          { message: 'Notify', answer: undefined },
          { message: 'Save this change?', answer: 'yes' },
        ],
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.prompter.asked[1]).toMatchObject({ kind: 'select', default: 'MONITORING' });
      expect(result.prompter.asked[5]).toMatchObject({ kind: 'select', default: status });
      expect(mutations().map((request) => request.body)).toEqual([
        { description, status, publicIncidentUpdateDate: AT, notifySubscribers: false },
      ]);
    },
  );
});

describe('incidents updates edit on a terminal: the update as the server keeps it', () => {
  it('one stored without notify: notify is offered as no', async () => {
    const incident = await open('DB slow');
    const updateId = await postUpdate(sandbox, incident.id, 'Cause found', 'IDENTIFIED');
    const stored = sandbox.store.collection<Incident>('incidents').get(incident.id)!;
    delete stored.incidentUpdates.find((update) => update.id === updateId)!.notifySubscribers;
    const result = await run(`--no-color incidents updates edit ${incident.id} ${updateId}`, {
      tty: true,
      answers: [
        { message: 'Message', answer: undefined },
        { message: 'Status', answer: undefined },
        { message: 'Notify', answer: undefined },
        { message: 'Save this change?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked[2]).toMatchObject({ kind: 'confirm', default: false });
    expect(mutations().map((request) => request.body)).toEqual([
      { description: 'Cause found', status: 'IDENTIFIED', publicIncidentUpdateDate: AT, notifySubscribers: false },
    ]);
  });

  it('edited by another client while the confirmation was open: it says so, and sends what was chosen over the update as it is now', async () => {
    const incident = await open('DB slow');
    const updateId = await postUpdate(sandbox, incident.id, 'Cause found', 'IDENTIFIED');
    const path = `/v1/status-pages/incidents/${incident.id}/incident-updates/${updateId}`;
    const theirs = {
      description: 'Their words',
      status: 'IDENTIFIED',
      publicIncidentUpdateDate: '2026-03-02T09:30:00.000Z',
      notifySubscribers: false,
    };
    const result = await run(`--no-color incidents updates edit ${incident.id} ${updateId}`, {
      tty: true,
      answers: [
        { message: 'Message', answer: 'Our words' },
        { message: 'Status', answer: 'MONITORING' },
        { message: 'Notify', answer: true },
        {
          message: 'Save this change?',
          answer: 'yes',
          meanwhile: async () => {
            expect((await sandboxCall(sandbox, 'PUT', path, theirs)).status).toBe(200);
          },
        },
        { message: 'Save this change?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('It changed while you were deciding:');
    expect(result.stderr).toMatch(/Message: +"Their words" → "Our words"\n/);
    expect(mutations().map((request) => request.body)).toEqual([
      {
        description: 'Our words',
        status: 'MONITORING',
        publicIncidentUpdateDate: '2026-03-02T09:30:00.000Z',
        notifySubscribers: true,
      },
    ]);
  });
});
