/**
 * The confirmation reads the incident again before it posts (core/write.ts), at a real terminal
 * (80x24): another responder posts while "Post this update?" is open; the answer yes then shows
 * what changed and asks again, and nothing is posted over the change the person has not seen;
 * resolved meanwhile, it says so and that nothing was sent, and ends.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openIncident, startSandbox, type SandboxProcess } from './harness';
import { openScreen, requireScreen, type ScreenRun } from './screen';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

const WEBHOOKS = { id: '2d9a8c5e-5d1f-4c2a-9e8b-1a2b3c4d5e03', name: 'Webhooks' };
const posts = async () =>
  (await sandbox.requests()).filter((request) => request.method !== 'GET').map((request) => request.body);

/** Another client changes the incident while "Post this update?" is open (and it works); then the person's yes. */
async function meanwhileThenYes(screen: ScreenRun, change: () => Promise<{ status: number }>): Promise<void> {
  expect((await change()).status).toBe(200);
  await sandbox.clearRequests();
  await screen.type('y');
  await screen.press('Enter');
}

it('a post from another client while the question is open: yes shows what changed and asks again', async (context) => {
  requireScreen(context);
  const { id } = await openIncident(sandbox, { name: 'Webhooks late', severity: 'MINOR', service: WEBHOOKS });
  const screen = await openScreen(['incidents', 'update', id], sandbox.env({ NO_COLOR: '1' }));
  await screen.waitFor('? Message (what subscribers read)');
  await screen.type('Rolling back the deploy');
  await screen.press('Enter');
  await screen.waitFor('? Status');
  await screen.press('Down', 'Enter'); // IDENTIFIED
  await screen.waitFor('? Notify');
  await screen.press('Enter'); // no
  await screen.waitFor('? Post this update?');
  expect(screen.text()).toContain('  Status:   INVESTIGATING → IDENTIFIED');

  // Another responder, over HTTP, while the question is open.
  await meanwhileThenYes(screen, () =>
    sandbox.call('POST', `/v1/status-pages/incidents/${id}/incident-updates`, {
      description: 'Deliveries are back to normal.',
      status: 'MONITORING',
    }),
  );
  await screen.waitFor('It changed while you were deciding');
  await screen.waitFor(/\? Post this update\?[^]*❯ no, send nothing/);
  const shown = screen.text().replace(/\s+/g, ' ');
  expect(shown).toContain(
    `It changed while you were deciding: Incident "Webhooks late" (${id}): 1 update was posted (1 → 2); its last status went from INVESTIGATING to MONITORING.`,
  );
  expect(shown).toContain('Nothing was sent. Here is what would be sent now:');
  // Asked again, on the incident as it is now.
  expect(screen.text()).toContain('  Status:   MONITORING → IDENTIFIED');
  expect(await posts()).toEqual([]);

  // A key pressed by mistake changes nothing; "no" (under the cursor) sends nothing.
  await screen.press('Escape', 'Left', 'Enter');
  const { code } = await screen.done();
  expect(code, screen.text()).toBe(1);
  expect(screen.text()).toContain('Nothing was posted.');
  expect(await posts()).toEqual([]);
});

it('asked again, yes posts the update on the incident as it is now, once', async (context) => {
  requireScreen(context);
  const { id } = await openIncident(sandbox, { name: 'Queue backlog', severity: 'MINOR', service: WEBHOOKS });
  const screen = await openScreen(['incidents', 'update', id], sandbox.env({ NO_COLOR: '1' }));
  await screen.waitFor('? Message');
  await screen.type('Scaling the workers');
  await screen.press('Enter');
  await screen.waitFor('? Status');
  await screen.press('Enter'); // INVESTIGATING, the current one
  await screen.waitFor('? Notify');
  await screen.press('Enter');
  await screen.waitFor('? Post this update?');
  await meanwhileThenYes(screen, () =>
    sandbox.call('PUT', `/v1/status-pages/incidents/${id}`, {
      name: 'Queue backlog',
      severity: 'CRITICAL',
      services: [{ ...WEBHOOKS, accountId: sandbox.info.accountId }],
    }),
  );
  await screen.waitFor(/its severity went from MINOR to\s+CRITICAL/);
  await screen.waitFor(/Incident: Queue backlog \(CRITICAL/);
  await screen.press('Up', 'Enter'); // yes
  const { code } = await screen.done();
  expect(code, screen.text()).toBe(0);
  expect(await posts()).toEqual([
    { description: 'Scaling the workers', status: 'INVESTIGATING', notifySubscribers: false },
  ]);
});

it('resolved by another client while the question is open: yes says what changed and why nothing is left to send', async (context) => {
  requireScreen(context);
  const { id } = await openIncident(sandbox, { name: 'Search down', severity: 'MAJOR', service: WEBHOOKS });
  const screen = await openScreen(['incidents', 'resolve', id], sandbox.env({ NO_COLOR: '1' }));
  await screen.waitFor('? Message');
  await screen.press('Enter'); // the message offered
  await screen.waitFor('? Notify');
  await screen.press('Enter');
  await screen.waitFor('? Post this update?');
  await meanwhileThenYes(screen, () =>
    sandbox.call('POST', `/v1/status-pages/incidents/${id}/incident-updates`, {
      description: 'Search is back.',
      status: 'RESOLVED',
    }),
  );
  const { code } = await screen.done();
  const shown = screen.text().replace(/\s+/g, ' ');
  expect(code, screen.text()).toBe(2);
  expect(shown).toContain(
    `its last status went from INVESTIGATING to RESOLVED. Nothing was sent. error: Incident "Search down" (${id}) is already resolved; nothing was posted.`,
  );
  // No plan follows, so nothing says one would be sent.
  expect(shown).not.toContain('what would be sent now');
  expect(await posts()).toEqual([]);
});
