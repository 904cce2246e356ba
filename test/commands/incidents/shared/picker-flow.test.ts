/**
 * What the pickers (src/commands/incidents/shared/picker.ts) offer and what they cost: the
 * open incidents only, nothing read when both IDs are given whole, the previous pick under
 * the cursor in an edit round, a confirmation only for what was picked, and the hints when
 * nothing can be picked.
 */
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox/server';
import { type CliOptions, frozenClock, memorySandbox, mon } from '../../../helpers';
import { openIncident, postUpdate, resolveIncident } from '../fixture';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await memorySandbox({ now: frozenClock() });
});
afterEach(async () => {
  await sandbox.close();
});

const run = (line: string, options: CliOptions = {}) =>
  mon(`--no-color ${line}`, { sandbox, now: () => sandbox.clock.now(), ...options });
const requests = () => sandbox.requests.map((request) => `${request.method} ${request.path}`);
const INCIDENTS = '/v1/status-pages/incidents';

describe('the incident picker', () => {
  it('offers the open incidents only, read 100 at a time', async () => {
    const open = await openIncident(sandbox, 'DB slow');
    const resolved = await openIncident(sandbox, 'Queue stuck');
    await resolveIncident(sandbox, resolved.id);
    const result = await run('incidents get', { tty: true, answers: [{ message: 'Which', answer: open.id }] });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked[0]!.choices).toEqual([expect.stringMatching(/^DB slow · MAJOR · INVESTIGATING · /)]);
    expect(requests()[0]).toBe(`GET ${INCIDENTS}?limit=100`);
  });

  it('with no open incident: exit 2 saying how to see them all or open one', async () => {
    const result = await run('incidents get', { tty: true });
    expect(result.code).toBe(2);
    expect(stripVTControlCharacters(result.stderr).replace(/\s+/g, ' ')).toContain(
      'There are no open incidents to pick from. Pass an INCIDENT_ID (`mon incidents list --status all` shows every incident), or open one with `mon incidents create`.',
    );
  });

  it('without a terminal, a missing INCIDENT_ID is exit 2 with a command line that gives it', async () => {
    const result = await run('incidents updates create -m "Found it."');
    expect(result.code).toBe(2);
    expect(stripVTControlCharacters(result.stderr).replace(/\s+/g, ' ')).toContain(
      'For example: `mon incidents updates create INCIDENT_ID --message "We found the cause."` (`mon incidents list` shows the open incidents and their IDs)',
    );
    expect(requests()).toEqual([]);
  });

  it('an edit round puts the incident picked before under the cursor', async () => {
    await openIncident(sandbox, 'Queue stuck');
    const incident = await openIncident(sandbox, 'DB slow');
    const result = await run('incidents updates create', {
      tty: true,
      answers: [
        { message: 'Which open incident?', answer: incident.id },
        { message: 'Message', answer: 'Typed.' },
        { message: 'Post this update?', answer: 'edit' },
        // Enter: the incident and the message as they were.
        { message: 'Which open incident?', answer: undefined },
        { message: 'Message', answer: undefined },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked[3]).toMatchObject({ kind: 'select', default: incident.id });
    const post = sandbox.requests.find((request) => request.method === 'POST')!;
    expect([post.path, post.body]).toEqual([
      `${INCIDENTS}/${incident.id}/incident-updates`,
      { description: 'Typed.', notifySubscribers: false },
    ]);
  });
});

describe('the update picker', () => {
  it('an edit round puts the incident and the update picked before under the cursor', async () => {
    const incident = await openIncident(sandbox, 'DB slow');
    const first = incident.incidentUpdates[0]!.id;
    await postUpdate(sandbox, incident.id, 'Cause found.', 'IDENTIFIED');
    const result = await run('incidents updates edit --message "Started at 10:00."', {
      tty: true,
      answers: [
        { message: 'Which open incident?', answer: incident.id },
        { message: 'Which update?', answer: first },
        { message: 'Save this change?', answer: 'edit' },
        { message: 'Which open incident?', answer: undefined },
        { message: 'Which update?', answer: undefined },
        { message: 'Save this change?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked.slice(3, 5)).toEqual([
      expect.objectContaining({ kind: 'select', default: incident.id }),
      expect.objectContaining({ kind: 'select', default: first }),
    ]);
    const put = sandbox.requests.find((request) => request.method === 'PUT')!;
    expect(put.path).toBe(`${INCIDENTS}/${incident.id}/incident-updates/${first}`);
  });
});

describe('IDs given: nothing picked, nothing confirmed', () => {
  it('both IDs whole: the update is read straight away, without reading the incident', async () => {
    const incident = await openIncident(sandbox, 'DB slow');
    const updateId = await postUpdate(sandbox, incident.id, 'Cause found.', 'IDENTIFIED');
    const result = await run(`incidents updates get ${incident.id} ${updateId}`);
    expect(result.code, result.stderr).toBe(0);
    expect(requests()).toEqual([`GET ${INCIDENTS}/${incident.id}/incident-updates/${updateId}`]);
  });

  it('on a terminal, an edit with the IDs (whole, or an update ID prefix) and a flag is sent without a confirmation', async () => {
    const incident = await openIncident(sandbox, 'DB slow');
    const updateId = await postUpdate(sandbox, incident.id, 'Cause found.', 'IDENTIFIED');
    for (const id of [updateId, updateId.slice(0, 8)]) {
      const result = await run(`incidents updates edit ${incident.id} ${id} --notify`, { tty: true });
      expect(result.code, result.stderr).toBe(0);
      expect(result.prompter.asked).toEqual([]);
    }
    expect(sandbox.requests.filter((request) => request.method === 'PUT')).toHaveLength(2);
  });

  it('a message given, the incident given: one POST, no read', async () => {
    const incident = await openIncident(sandbox, 'DB slow');
    const result = await run(`incidents updates create ${incident.id} -m "Found it."`);
    expect(result.code, result.stderr).toBe(0);
    expect(requests()).toEqual([`POST ${INCIDENTS}/${incident.id}/incident-updates`]);
  });
});
