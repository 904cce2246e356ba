/**
 * Outage safety, in-process: what was prompted is confirmed before it is posted, every
 * command that takes an incident ID offers the picker, and nothing goes out on "no".
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Incident } from '../../src/api/schemas/incidents';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../src/sandbox/server';
import { type CliOptions, memorySandbox, mon, testEnv } from '../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.requests.length = 0;
});

const run = (line: string, options: CliOptions = {}) => mon(`--no-color ${line}`, { sandbox, ...options });
const posts = () => sandbox.requests.filter((request) => request.method !== 'GET');

async function open(name: string): Promise<Incident> {
  const result = await run(
    `--json incidents create --name "${name}" --severity major --service ${SEED_SERVICES.checkout} --message Investigating`,
  );
  expect(result.code, result.stderr).toBe(0);
  sandbox.requests.length = 0;
  return JSON.parse(result.stdout) as Incident;
}

describe('confirm what was prompted', () => {
  it('resolve with a picked incident shows what will be posted and sends nothing on "no" (exit 1)', async () => {
    const incident = await open('Checkout errors');
    const result = await run('incidents resolve', {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: incident.id },
        { message: 'Message', answer: undefined },
        { message: 'Notify', answer: undefined },
        { message: 'Post this update?', answer: 'no' },
      ],
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `About to resolve an incident:\n  Incident: Checkout errors (MAJOR, on Checkout)\n  ID:       ${incident.id}\n`,
    );
    expect(result.stderr).toMatch(
      /Status: +INVESTIGATING → RESOLVED\n {2}Message: +This incident has been resolved\.\n {2}Notify: +no, subscribers are not notified/,
    );
    expect(result.stderr).toContain('Nothing was posted.');
    expect(result.stderr).not.toContain('error:');
    expect(posts()).toEqual([]);
  });

  it('--yes (-y) posts a picked incident without asking', async () => {
    const incident = await open('Webhooks late');
    for (const yes of ['--yes', '-y']) {
      sandbox.requests.length = 0;
      const result = await run(`incidents update --status monitoring -m Watching. ${yes}`, {
        tty: true,
        answers: [{ message: 'Which open incident', answer: incident.id }],
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.prompter.asked.map((question) => question.message)).toEqual(['Which open incident?']);
      expect(posts()).toEqual([
        expect.objectContaining({ body: { description: 'Watching.', status: 'MONITORING', notifySubscribers: false } }),
      ]);
    }
  });

  it('asks nothing when every value came from flags, even on a terminal', async () => {
    const incident = await open('DB slow');
    const result = await run(`incidents update ${incident.id} -s identified -m "Found it."`, {
      tty: true,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked).toEqual([]);
    expect(posts()).toHaveLength(1);
  });

  it('a change of the incident alone, picked on a terminal, is confirmed with its before → after', async () => {
    const incident = await open('Queue backlog');
    const result = await run('incidents update --severity critical', {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: incident.id },
        { message: 'Save these changes?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /About to change an incident:\n {2}Incident: +Queue backlog \(MAJOR, on Checkout\)\n {2}ID: +\S+\n {2}Severity: +MAJOR → CRITICAL\n/,
    );
    expect(posts()).toEqual([
      expect.objectContaining({ method: 'PUT', body: expect.objectContaining({ severity: 'CRITICAL' }) }),
    ]);
  });

  it('a dry run shows the request and asks for no confirmation', async () => {
    const incident = await open('Slow search');
    const result = await run('incidents resolve --dry-run', {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: incident.id },
        { message: 'Message', answer: 'Fine again.' },
        { message: 'Notify', answer: true },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`POST ${sandbox.url}/v1/status-pages/incidents/${incident.id}/incident-updates`);
    expect(result.stdout).toContain('"description": "Fine again."');
    expect(result.prompter.asked.map((question) => question.kind)).toEqual(['select', 'message', 'confirm']);
    expect(posts()).toEqual([]);
  });

  it('server text in the summary is escaped', async () => {
    const incident = await open('Evil \u001b]0;pwned\u0007 name');
    const result = await run('incidents resolve', {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: incident.id },
        { message: 'Message', answer: undefined },
        { message: 'Notify', answer: undefined },
        { message: 'Post this update?', answer: 'no' },
      ],
    });
    expect(result.stderr).toContain('Incident: Evil \\x1b]0;pwned\\x07 name');
    expect(result.stderr).not.toContain('\u001b]0;');
  });
});

describe('edit at the confirmation', () => {
  it('asks the questions again with the previous answers in them; only the corrected values are posted', async () => {
    const incident = await open('Queue stuck');
    const result = await run(`incidents update ${incident.id}`, {
      tty: true,
      answers: [
        { message: 'Message', answer: 'Workers restrating.' },
        { message: 'Status', answer: 'IDENTIFIED' },
        { message: 'Notify', answer: false },
        { message: 'Post this update?', answer: 'edit' },
        { message: 'Message', answer: 'Workers restarting.' },
        { message: 'Status', answer: undefined },
        { message: 'Notify', answer: true },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    const again = result.prompter.asked.slice(4);
    expect(again[0]).toMatchObject({ kind: 'message', default: 'Workers restrating.' });
    expect(again[1]).toMatchObject({ kind: 'select', default: 'IDENTIFIED' });
    expect(again[2]).toMatchObject({ kind: 'confirm', default: false });
    expect(posts()).toEqual([
      expect.objectContaining({
        body: { description: 'Workers restarting.', status: 'IDENTIFIED', notifySubscribers: true },
      }),
    ]);
  });

  it('at create, every answer is put back: the typed name in the input, the services checked', async () => {
    const result = await run('incidents create --severity minor --message Slow.', {
      tty: true,
      answers: [
        { message: 'Incident name', answer: 'Serach slow' },
        { message: 'Affected services', answer: [SEED_SERVICES.api] },
        { message: 'Notify', answer: false },
        { message: 'Open this incident?', answer: 'edit' },
        { message: 'Incident name', answer: 'Search slow' },
        { message: 'Affected services', answer: undefined },
        { message: 'Notify', answer: undefined },
        { message: 'Open this incident?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked[4]).toMatchObject({ kind: 'input', default: 'Serach slow' });
    expect(posts()).toEqual([
      expect.objectContaining({
        body: expect.objectContaining({
          name: 'Search slow',
          services: [expect.objectContaining({ id: SEED_SERVICES.api })],
        }),
      }),
    ]);
  });

  it('--yes answers the confirmation and nothing else: every value not given is still asked', async () => {
    const incident = await open('Slow logins');
    const result = await run(`incidents update ${incident.id} -y`, {
      tty: true,
      answers: [
        { message: 'Message', answer: 'Looking into it.' },
        { message: 'Status', answer: undefined },
        { message: 'Notify', answer: undefined },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked.map((question) => question.kind)).toEqual(['message', 'select', 'confirm']);
    expect(posts()).toHaveLength(1);
  });
});

describe('pickers everywhere', () => {
  it('get with no ID offers the open incidents on a terminal, and needs INCIDENT_ID without one', async () => {
    const incident = await open('Login failures');
    const picked = await run('incidents get', {
      tty: true,
      answers: [{ message: 'Which open incident', answer: incident.id }],
    });
    expect(picked.code, picked.stderr).toBe(0);
    expect(picked.prompter.asked[0]!.choices).toContainEqual(
      expect.stringMatching(/^Login failures · MAJOR · INVESTIGATING · started /),
    );
    expect(picked.stdout).toContain('Login failures');
    const piped = await run('incidents get');
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain('INCIDENT_ID is required (prompts are off, so no picker can be shown).');
  });

  it('updates create picks the incident, asks the message, and confirms', async () => {
    const incident = await open('Payouts delayed');
    const result = await run('incidents updates create', {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: incident.id },
        { message: 'Message', answer: 'Still on it.' },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(posts()).toEqual([
      expect.objectContaining({
        path: `/v1/status-pages/incidents/${incident.id}/incident-updates`,
        body: { description: 'Still on it.', notifySubscribers: false },
      }),
    ]);
  });

  it('updates get and edit pick the incident, then one of its updates, newest first', async () => {
    const incident = await open('Checkout slow');
    await run(`incidents update ${incident.id} -s identified -m Second.`);
    const full = JSON.parse((await run(`--json incidents get ${incident.id}`)).stdout) as Incident;
    const newest = full.incidentUpdates.find((update) => update.description === 'Second.')!;
    const shown = await run('incidents updates get', {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: incident.id },
        { message: 'Which update', answer: newest.id },
      ],
    });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.prompter.asked[1]!.choices).toEqual([
      expect.stringMatching(/^IDENTIFIED · [^·]+ · Second\.$/),
      expect.stringMatching(/^INVESTIGATING · [^·]+ · Investigating$/),
    ]);
    expect(shown.stdout).toContain('Second.');

    sandbox.requests.length = 0;
    const edited = await run(`incidents updates edit ${incident.id} -m "Second, corrected."`, {
      tty: true,
      answers: [
        { message: 'Which update', answer: newest.id },
        { message: 'Save this change?', answer: 'yes' },
      ],
    });
    expect(edited.code, edited.stderr).toBe(0);
    expect(posts()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `/v1/status-pages/incidents/${incident.id}/incident-updates/${newest.id}`,
      }),
    ]);
  });

  it('updates edit without flags on a terminal: the current message in the input, then old → new', async () => {
    const incident = await open('Cache misses');
    const update = incident.incidentUpdates[0]!;
    const result = await run(`incidents updates edit ${incident.id} ${update.id}`, {
      tty: true,
      answers: [
        { message: 'Message', answer: 'Investigating the cache.' },
        { message: 'Status', answer: undefined },
        { message: 'Notify', answer: true },
        { message: 'Save this change?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked[0]).toMatchObject({ kind: 'message', default: 'Investigating' });
    expect(result.prompter.asked[1]).toMatchObject({ kind: 'select', default: 'INVESTIGATING' });
    expect(result.stderr).toContain(
      [
        `  Update:   ${update.id}`,
        '  Status:   INVESTIGATING (unchanged)',
        '  Message:  "Investigating" → "Investigating the cache."',
        '  Notify:   no → yes',
      ].join('\n'),
    );
    expect(posts()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        body: expect.objectContaining({ description: 'Investigating the cache.', notifySubscribers: true }),
      }),
    ]);
    const piped = await run(`incidents updates edit ${incident.id} ${update.id}`);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain('Nothing to change');
  });

  it('without a terminal, a missing INCIDENT_ID or UPDATE_ID is exit 2 naming it, before any request', async () => {
    for (const line of ['incidents updates create -m x', 'incidents updates get', 'incidents updates edit -m x']) {
      const result = await run(line);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('INCIDENT_ID is required');
    }
    const noUpdate = await run('incidents updates get 0b7e6a3c-0000-4000-8000-000000000001');
    expect(noUpdate.code).toBe(2);
    expect(noUpdate.stderr).toContain('UPDATE_ID is required');
    expect(sandbox.requests).toEqual([]);
  });
});

describe('time windows are checked before anything is sent', () => {
  it.each([
    ['heartbeats events any-check --from 2099-01-01', '--from must not be in the future (got "2099-01-01")'],
    ['heartbeats availability any-check --to 2099-01-01T00:00:00Z', '--to must not be in the future'],
    ['heartbeats events any-check --from 2020-01-02 --to 2020-01-01', '--from must be before --to'],
    ['heartbeats events any-check --since 2h --from 1h', '--since cannot be combined with --from'],
  ])('mon %s: exit 2, "%s", nothing sent', async (line, says) => {
    const result = await run(line);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(says);
    expect(sandbox.requests).toEqual([]);
  });
});

describe('the message prompt offers the stored templates', () => {
  it('a typed message is posted as typed; a template chosen there is filled in for this incident, and its status applies', async () => {
    const incident = await open('Search down');
    const env = testEnv({ sandbox });
    expect(
      (
        await mon('templates add watching -s monitoring -m "A fix for {{name}} is out; we are watching."', {
          sandbox,
          env,
        })
      ).code,
    ).toBe(0);
    const picked = await mon(`--no-color incidents updates create ${incident.id}`, {
      sandbox,
      env,
      tty: true,
      answers: [
        { message: 'Message', answer: { template: 'watching' } },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(picked.code, picked.stderr).toBe(0);
    expect(picked.prompter.asked[0]).toMatchObject({ kind: 'message', choices: ['watching'] });
    expect(picked.stderr).toMatch(/Status: +INVESTIGATING → MONITORING \(from template "watching"\)/);
    expect(posts()).toEqual([
      expect.objectContaining({
        body: {
          description: 'A fix for Search down is out; we are watching.',
          status: 'MONITORING',
          notifySubscribers: false,
        },
      }),
    ]);

    sandbox.requests.length = 0;
    const created = await mon('incidents create --name "Login slow" -s identified', {
      sandbox,
      env,
      tty: true,
      answers: [
        { message: 'Severity', answer: 'MINOR' },
        { message: 'Affected services', answer: [SEED_SERVICES.api] },
        { message: 'Message', answer: { template: 'watching', text: 'Edited: a fix is out.' } },
        { message: 'Notify', answer: false },
        { message: 'Open this incident?', answer: 'yes' },
      ],
    });
    expect(created.code, created.stderr).toBe(0);
    // --status beside the template wins, as with --template.
    expect(posts()[0]!.body).toMatchObject({
      incidentUpdates: [{ description: 'Edited: a fix is out.', status: 'IDENTIFIED' }],
    });
    sandbox.requests.length = 0;
    const fromTemplate = await mon('incidents create --name "DNS slow" --severity minor', {
      sandbox,
      env,
      tty: true,
      answers: [
        { message: 'Affected services', answer: [SEED_SERVICES.api] },
        { message: 'Message', answer: { template: 'watching' } },
        { message: 'Notify', answer: false },
        { message: 'Open this incident?', answer: 'yes' },
      ],
    });
    expect(fromTemplate.code, fromTemplate.stderr).toBe(0);
    expect(posts()[0]!.body).toMatchObject({
      incidentUpdates: [{ description: 'A fix for DNS slow is out; we are watching.', status: 'MONITORING' }],
    });

    sandbox.requests.length = 0;
    const typed = await mon(`incidents updates create ${incident.id}`, {
      sandbox,
      env,
      tty: true,
      answers: [
        { message: 'Message', answer: 'In my own words.' },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(typed.code, typed.stderr).toBe(0);
    expect(posts()).toEqual([
      expect.objectContaining({ body: { description: 'In my own words.', notifySubscribers: false } }),
    ]);
  });
});
