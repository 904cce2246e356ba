/**
 * Accessible mode (MON_ACCESSIBLE=1, `mon config set accessible true`) at a real terminal
 * (80x24): plain numbered questions answered with typed lines (src/core/plain-prompter.ts),
 * nothing animated or redrawn: a slow request is one static "Waiting for ..." line, its end
 * one "Done." line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIncident, runMon, startSandbox, type SandboxProcess } from './harness';
import { openScreen, requireScreen } from './screen';

/** Every answer takes 700 ms: well over the spinner's 300 ms. */
let slow: SandboxProcess;
beforeAll(async () => {
  slow = await startSandbox(['--faults', 'delay:700']);
});
afterAll(async () => {
  await slow?.stop();
});

const SPINNER_FRAMES = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/;
/** What @inquirer draws: its prefixes, pointer and checkbox marks. */
const DRAWN = /^[?✔❯◉◯]|[❯◉◯↑↓⏎]/m;

const QUEUE = { id: '4fbcae70-5d1f-4c2a-9e8b-1a2b3c4d5e05', name: 'Job queue' };
const open = async (name: string, notify = false) =>
  (await openIncident(slow, { name, severity: 'MINOR', service: QUEUE, notify })).id;

describe('accessible mode on a terminal', () => {
  it('MON_ACCESSIBLE=1: numbered questions answered by typed lines, no spinner frame, the wait said once', async (context) => {
    requireScreen(context);
    const id = await open('Jobs stuck');
    const screen = await openScreen(['incidents', 'update'], slow.env({ NO_COLOR: '1', MON_ACCESSIBLE: '1' }));
    await screen.waitFor('Type a number from 1 to 1:');
    expect(screen.text()).toMatch(/^Which open incident\?\n {2}1\) Jobs stuck · MINOR · INVESTIGATING/m);
    await screen.type('1');
    await screen.press('Enter');
    await screen.waitFor(/Message \(what subscribers read\):$/m);
    await screen.type('Restarting the workers.');
    await screen.press('Enter');
    await screen.waitFor('Status: 1) INVESTIGATING (current)  2) IDENTIFIED  3) MONITORING  4) RESOLVED');
    await screen.waitFor('Type a number from 1 to 4, or Enter for 1:');
    await screen.type('7');
    await screen.press('Enter');
    await screen.waitFor('Type a number from 1 to 4.');
    await screen.type('2');
    await screen.press('Enter');
    await screen.waitFor('Notify the status page subscribers? (y/N):');
    await screen.press('Enter');
    await screen.waitFor('Post this update? 1) yes  2) no, send nothing  3) edit the answers');
    await screen.type('y');
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code, screen.text()).toBe(0);
    const shown = screen.history().join('\n');
    expect(shown).not.toMatch(SPINNER_FRAMES);
    expect(shown).not.toMatch(DRAWN);
    // A slow answer: the wait written once as a line of its own, and its end once.
    expect(screen.history()).toContain('Waiting for GET /v1/status-pages/incidents');
    expect(screen.history()).toContain('Done.');
    const posted = (await slow.requests()).filter((request) => request.method !== 'GET');
    expect(posted.map((request) => ({ path: request.path, body: request.body }))).toEqual([
      {
        path: `/v1/status-pages/incidents/${id}/incident-updates`,
        body: { description: 'Restarting the workers.', status: 'IDENTIFIED', notifySubscribers: false },
      },
    ]);
  });

  it('`mon config set accessible true`: the same plain questions; a template by "/" and its name; "2" says no', async (context) => {
    requireScreen(context);
    const id = await open('Queue slow', true);
    const env = slow.env({ NO_COLOR: '1' });
    for (const args of [
      ['config', 'set', 'accessible', 'true'],
      ['templates', 'add', 'fixed', '--message', 'The {{name}} problem is fixed.'],
    ]) {
      const done = await runMon(args, { env });
      expect(done.code, done.stderr).toBe(0);
    }
    const screen = await openScreen(['incidents', 'resolve', id], env);
    await screen.waitFor('Message (what subscribers read). Templates: fixed (type / and a name).');
    await screen.waitFor('Type the message, or Enter for "This incident has been resolved.":');
    await screen.type('/fix');
    await screen.press('Enter');
    await screen.waitFor('Template fixed: The Queue slow problem is fixed.');
    await screen.waitFor('Enter keeps this message, or type the message instead:');
    await screen.press('Enter');
    // Opened with subscribers notified: the default is yes.
    await screen.waitFor('Notify the status page subscribers? (Y/n):');
    await screen.press('Enter');
    await screen.waitFor('  Message:  The Queue slow problem is fixed.');
    await screen.waitFor('Type a number from 1 to 3, or Enter for 2:');
    await screen.type('2');
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code).toBe(1);
    expect(screen.text()).toContain('Nothing was posted.');
    expect(screen.history().join('\n')).not.toMatch(DRAWN);
    expect((await slow.requests()).filter((request) => request.method !== 'GET')).toEqual([]);
  });
});
