/** `mon incidents resolve`: a RESOLVED update, --force for one already resolved, the prompts. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { type CliOptions, frozenClock, memorySandbox, mon, TEST_KEY } from '../../helpers';
import { openIncident } from './fixture';

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
