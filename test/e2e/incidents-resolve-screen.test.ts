/**
 * `mon incidents resolve` at a real terminal (80x24): from the picker it asks, as `update`
 * does, the message (the default text in the input, to edit) and whether to notify (what the
 * last update did), then confirms, and posts what was answered.
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

describe('incidents resolve on a terminal', () => {
  it('from the picker: the message (default in the input, edited) and notify (yes, as the last update), then yes', async (context) => {
    requireScreen(context);
    const { id } = await openIncident(sandbox, {
      name: 'Payments failing',
      service: { id: '50cdbf81-5d1f-4c2a-9e8b-1a2b3c4d5e06', name: 'Checkout' },
      notify: true,
    });

    const screen = await openScreen(['incidents', 'resolve'], sandbox.env({ NO_COLOR: '1' }));
    await screen.waitFor('? Which open incident is resolved?');
    await screen.press('Enter');
    await screen.waitFor('? Message (what subscribers read) This incident has been resolved.');
    await screen.type(' Sorry for the trouble.');
    await screen.press('Enter');
    // Opened with subscribers notified: resolving tells them too, unless the person says no.
    await screen.waitFor('? Notify the status page subscribers? (Y/n)');
    await screen.press('Enter');
    await screen.waitFor('? Post this update?');
    const summary = screen.text();
    expect(summary).toContain('About to resolve an incident:');
    expect(summary).toContain('  Incident: Payments failing (MAJOR, on Checkout)');
    expect(summary).toContain(`  ID:       ${id}`);
    expect(summary).toContain('  Message:  This incident has been resolved. Sorry for the trouble.');
    expect(summary).toContain('  Notify:   yes, subscribers are notified');
    await screen.type('y');
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code, screen.text()).toBe(0);
    // Words, wherever the lines were wrapped.
    expect(screen.history().join(' ').replace(/\s+/g, ' ')).toContain('Subscribers were notified.');
    const posted = (await sandbox.requests()).filter((request) => request.method !== 'GET');
    expect(posted.map((request) => ({ path: request.path, body: request.body }))).toEqual([
      {
        path: `/v1/status-pages/incidents/${id}/incident-updates`,
        body: {
          description: 'This incident has been resolved. Sorry for the trouble.',
          status: 'RESOLVED',
          notifySubscribers: true,
        },
      },
    ]);
  });
});
