/**
 * The confirmation of a prompted post (src/core/confirm.ts) at a real terminal (80x24): yes,
 * no, or edit. Edit asks the questions again with the previous answers in them, so nothing
 * typed is lost; nothing is sent before the final yes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openIncident, startSandbox, type SandboxProcess } from './harness';
import { openScreen, requireScreen } from './screen';

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

const changes = async () => (await sandbox.requests()).filter((request) => request.method !== 'GET');

const WEBHOOKS = { id: '2d9a8c5e-5d1f-4c2a-9e8b-1a2b3c4d5e03', name: 'Webhooks' };
const open = async (name: string) => (await openIncident(sandbox, { name, severity: 'MINOR', service: WEBHOOKS })).id;

describe('the confirmation: yes, no or edit', () => {
  it('edit goes back through the questions with the answers in them; the corrected values are posted, nothing before', async (context) => {
    requireScreen(context);
    const id = await open('Webhooks late');
    const screen = await openScreen(['incidents', 'update', id], sandbox.env({ NO_COLOR: '1' }));
    await screen.waitFor('? Message (what subscribers read)');
    await screen.type('Deliveries are dleayed');
    await screen.press('Enter');
    await screen.waitFor('? Status');
    await screen.press('Enter'); // INVESTIGATING, the current one
    await screen.waitFor('? Notify');
    await screen.press('Enter'); // no
    await screen.waitFor('? Post this update?');
    expect(screen.lines()).toContain('  edit the answers');
    await screen.type('e');
    await screen.press('Enter');

    // The message as it was typed, in the input to correct.
    await screen.waitFor('? Message (what subscribers read) Deliveries are dleayed');
    await screen.press('BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace');
    await screen.type('delayed by 10 minutes');
    await screen.press('Enter');
    await screen.waitFor('? Status');
    await screen.press('Down', 'Enter'); // IDENTIFIED
    await screen.waitFor('? Notify');
    await screen.type('y');
    await screen.press('Enter');
    // The first answer to the confirmation now reads "✔ Post this update? edit the answers".
    await screen.waitFor('? Post this update?');
    const summary = screen.text();
    expect(summary).toContain('  Status:   INVESTIGATING → IDENTIFIED');
    expect(summary).toContain('  Message:  Deliveries are delayed by 10 minutes');
    expect(summary).toContain('  Notify:   yes, subscribers are notified');
    expect(await changes()).toEqual([]);
    await screen.type('y');
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code, screen.text()).toBe(0);
    expect((await changes()).map((request) => request.body)).toEqual([
      { description: 'Deliveries are delayed by 10 minutes', status: 'IDENTIFIED', notifySubscribers: true },
    ]);
  });

  it('no (the default, Enter) sends nothing and says so (exit 1)', async (context) => {
    requireScreen(context);
    const id = await open('Queue backlog');
    const screen = await openScreen(['incidents', 'resolve', id], sandbox.env({ NO_COLOR: '1' }));
    await screen.waitFor('? Message');
    await screen.press('Enter');
    await screen.waitFor('? Notify');
    await screen.press('Enter');
    await screen.waitFor('❯ no, send nothing');
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code).toBe(1);
    expect(screen.text()).toContain('Nothing was posted.');
    expect(await changes()).toEqual([]);
  });
});
