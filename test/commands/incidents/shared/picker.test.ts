/** Every incident verb that takes an INCIDENT_ID (and UPDATE_ID) offers the open incidents (and their updates) to pick from on a terminal, and needs the ID without one. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox/server';
import type { Incident } from '../../../../src/api/schemas/incidents';
import { SEED_SERVICES } from '../../../../src/sandbox/modules/statusPages';
import { type CliOptions, memorySandbox, mon } from '../../../helpers';
import { openIncident } from '../fixture';

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
const open = (name: string) => openIncident(sandbox, name, 'MAJOR', [SEED_SERVICES.checkout], 'Investigating');

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
        // What is not changed is sent as it stands, the update's date included.
        body: {
          description: 'Second, corrected.',
          status: 'IDENTIFIED',
          notifySubscribers: false,
          publicIncidentUpdateDate: newest.publicIncidentUpdateDate,
        },
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
        body: {
          description: 'Investigating the cache.',
          status: 'INVESTIGATING',
          notifySubscribers: true,
          publicIncidentUpdateDate: update.publicIncidentUpdateDate,
        },
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
