/**
 * Issue 39, item 1, at a real terminal (80x24): the keys people press by mistake (Escape, ←,
 * →, Home, End, Page Up, Tab, a Ctrl key) never move a list's cursor to another answer, tick a
 * box or turn a "no" into a "yes" (src/core/choice-prompts.ts, one rule for every list). Each
 * kind of prompt is tried: the confirmation, a picker with the current value preselected, a
 * picker moved by ↓, the incident picker, the boxes of the services, a y/N question, and
 * accessible mode's plain lines. Then Enter: what is under the cursor is taken, and the
 * confirmation's "no" (its default) sends nothing, measured at the sandbox.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openIncident, startSandbox, type SandboxProcess } from './harness';
import { openScreen, requireScreen, type KeyName, type ScreenRun } from './screen';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});
beforeEach(async () => {
  await sandbox?.clearRequests();
});

/** Keys that do not choose: @inquirer/select took most of them for an empty search, which matched its first item. */
const STRAY: KeyName[] = ['Escape', 'Left', 'Right', 'Home', 'End', 'PPage', 'C-a', 'Tab'];

/** The requests that changed something (a post, a put). */
const changes = async () => (await sandbox.requests()).filter((request) => request.method !== 'GET');

const WEBHOOKS = { id: '2d9a8c5e-5d1f-4c2a-9e8b-1a2b3c4d5e03', name: 'Webhooks' };
const open = async (name: string) => (await openIncident(sandbox, { name, severity: 'MINOR', service: WEBHOOKS })).id;

/** At the confirmation (cursor on its default, "no, send nothing"): the stray keys, then Enter. */
async function strayAtConfirmation(screen: ScreenRun, question: string): Promise<void> {
  await screen.waitFor(`? ${question}`);
  await screen.waitFor('❯ no, send nothing');
  await screen.press(...STRAY, 'Enter');
  await screen.waitFor(`✔ ${question} no, send nothing`);
  const { code } = await screen.done();
  expect(code, screen.text()).toBe(1);
  expect(screen.text()).toContain('Nothing was posted.');
  expect(await changes()).toEqual([]);
}

describe('keys that do not choose leave every answer where it was', () => {
  it('"Post this update?": the stray keys then Enter take "no" (exit 1), nothing is posted', async (context) => {
    requireScreen(context);
    const id = await open('Stray keys at the confirmation');
    const asked = await openScreen(
      ['incidents', 'update', id, '--status', 'monitoring', '--no-notify'],
      sandbox.env({ NO_COLOR: '1' }),
    );
    await asked.waitFor('? Message (what subscribers read)');
    await asked.type('A fix is out.');
    await asked.press('Enter');
    await strayAtConfirmation(asked, 'Post this update?');
  });

  it('a picker with the current value preselected keeps it (IDENTIFIED, not the first); a y/N question keeps "no"', async (context) => {
    requireScreen(context);
    const id = await open('Stray keys at the status');
    const identified = await sandbox.call('POST', `/v1/status-pages/incidents/${id}/incident-updates`, {
      description: 'Found it.',
      status: 'IDENTIFIED',
    });
    expect(identified.status).toBe(200);
    await sandbox.clearRequests();
    const screen = await openScreen(['incidents', 'update', id], sandbox.env({ NO_COLOR: '1' }));
    await screen.waitFor('? Message (what subscribers read)');
    await screen.type('Still on it.');
    await screen.press('Enter');
    await screen.waitFor('❯ IDENTIFIED (current)');
    await screen.press(...STRAY, 'Enter');
    await screen.waitFor('✔ Status IDENTIFIED (current)');
    // y/N: Tab was "the other answer" (Yes) to @inquirer/confirm; here it, and the rest, answer nothing.
    await screen.waitFor('? Notify the status page subscribers? (y/N)');
    await screen.press(...STRAY, 'Enter');
    await screen.waitFor('✔ Notify the status page subscribers? No');
    // The summary is printed after that answer, in its own write: wait for it, do not race it.
    await screen.waitFor(/Status: +IDENTIFIED \(unchanged\)/);
    await screen.waitFor(/Notify: +no, subscribers are not notified/);
    await strayAtConfirmation(screen, 'Post this update?');
  });

  it('a picker moved with ↓ keeps where it was moved to; the boxes of the services keep the one ticked', async (context) => {
    requireScreen(context);
    const screen = await openScreen(
      ['incidents', 'create', '--name', 'Stray keys at create', '-m', 'Looking into it.', '--no-notify'],
      sandbox.env({ NO_COLOR: '1' }),
    );
    await screen.waitFor('? Severity');
    await screen.waitFor('❯ CRITICAL');
    await screen.press('Down');
    await screen.waitFor('❯ MAJOR');
    await screen.press(...STRAY, 'Enter');
    await screen.waitFor('✔ Severity MAJOR');

    // Boxes: one ticked with Space; Ctrl-A was "tick all" to @inquirer/checkbox (its key name is "a").
    await screen.waitFor('? Affected services');
    await screen.press('Down', 'Space');
    await screen.waitFor(/^ ?❯◉ /m);
    await screen.press(...STRAY, 'Enter');
    await screen.waitFor('? Open this incident?');
    expect(screen.text()).toMatch(/Severity: +MAJOR/);
    // One service: the second of the list, the one ticked.
    expect(screen.text()).toMatch(/^ {2}Services: +[^,\n]+$/m);
    await strayAtConfirmation(screen, 'Open this incident?');
  });

  it('the incident picker: the one moved to with ↓ is the one updated, whatever keys followed', async (context) => {
    requireScreen(context);
    await open('Stray picker first');
    await open('Stray picker second');
    const screen = await openScreen(
      ['incidents', 'update', '--status', 'identified', '--no-notify', '-m', 'Found it.'],
      sandbox.env({ NO_COLOR: '1' }),
    );
    await screen.waitFor('? Which open incident');
    await screen.press('Down');
    await screen.waitFor(/^❯ (?!.*Stray picker second)/m);
    const under = /^❯ (.*?) · /m.exec(screen.text())![1]!;
    await screen.press(...STRAY, 'Enter');
    await screen.waitFor('? Post this update?');
    expect(screen.text()).toMatch(new RegExp(`Incident: +${under} \\(`));
    await strayAtConfirmation(screen, 'Post this update?');
  });

  it('accessible mode: a line holding keys that type no text is refused and asked again; Enter then takes "no"', async (context) => {
    requireScreen(context);
    const id = await open('Stray keys, accessible');
    const screen = await openScreen(
      ['incidents', 'update', id, '--status', 'identified', '--no-notify'],
      sandbox.env({ NO_COLOR: '1', MON_ACCESSIBLE: '1' }),
    );
    await screen.waitFor(/Message \(what subscribers read\):$/m);
    // A line is read as the terminal gave it: ← does not move back, it adds ESC [ D to the text.
    await screen.type('Fix deployd');
    await screen.press('Left');
    await screen.type('e');
    await screen.press('Enter');
    await screen.waitFor('That line holds keys that type no text');
    await screen.type('Fix deployed');
    await screen.press('Enter');
    await screen.waitFor('Post this update? 1) yes  2) no, send nothing  3) edit the answers');
    await screen.waitFor('Type a number from 1 to 3, or Enter for 2:');
    await screen.press(...STRAY, 'Enter');
    await screen.waitFor(/That line holds keys that type no text[\s\S]*That line holds keys that type no text/);
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code, screen.text()).toBe(1);
    expect(screen.text()).toContain('Nothing was posted.');
    expect(screen.text()).toMatch(/Message: +Fix deployed\n/);
    expect(await changes()).toEqual([]);
  });
});
