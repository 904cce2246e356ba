/**
 * `mon incidents updates edit` at a real terminal (80x24) without flags: the pickers (the
 * incident, then its updates), the current message in the input to edit, then a summary of
 * old → new before anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIncident, startSandbox, type SandboxProcess } from './harness';
import { openScreen, requireScreen } from './screen';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('incidents updates edit on a terminal', () => {
  it('picks the incident and the update, puts the current message in the input, shows old → new, and saves what was answered', async (context) => {
    requireScreen(context);
    const incident = await openIncident(sandbox, {
      name: 'Login failures',
      service: { id: '1c8f7b4d-5d1f-4c2a-9e8b-1a2b3c4d5e02', name: 'Web app' },
      description: 'Logins fial for some users.',
    });
    const updateId = incident.incidentUpdates[0]!.id;

    const screen = await openScreen(['incidents', 'updates', 'edit'], sandbox.env({ NO_COLOR: '1' }));
    await screen.waitFor('? Which open incident?');
    await screen.press('Enter');
    await screen.waitFor('? Which update?');
    await screen.press('Enter');
    await screen.waitFor('? Message (what subscribers read) Logins fial for some users.');
    // The typo, corrected in place: after "Logins fia", two back, then "ai".
    await screen.press('Home', ...Array<'Right'>(10).fill('Right'), 'BSpace', 'BSpace');
    await screen.type('ai');
    await screen.press('Enter');
    await screen.waitFor('? Status');
    await screen.press('Down', 'Enter'); // IDENTIFIED
    await screen.waitFor('? Notify');
    await screen.press('Enter');
    await screen.waitFor('? Save this change?');
    const summary = screen.text();
    expect(summary).toContain('About to edit an update:');
    expect(summary).toContain('  Incident: Login failures (MAJOR, on Web app)');
    expect(summary).toContain(`  ID:       ${incident.id}`);
    expect(summary).toContain(`  Update:   ${updateId}`);
    expect(summary).toContain('  Status:   INVESTIGATING → IDENTIFIED');
    expect(summary).toContain('  Message:  "Logins fial for some users." → "Logins fail for some users."');
    expect(summary).toContain('  Notify:   no (unchanged)');
    expect((await sandbox.requests()).filter((request) => request.method !== 'GET')).toEqual([]);
    await screen.type('y');
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code, screen.text()).toBe(0);
    const saved = (await sandbox.requests()).filter((request) => request.method !== 'GET');
    expect(saved.map((request) => ({ method: request.method, path: request.path, body: request.body }))).toEqual([
      {
        method: 'PUT',
        path: `/v1/status-pages/incidents/${incident.id}/incident-updates/${updateId}`,
        body: {
          description: 'Logins fail for some users.',
          status: 'IDENTIFIED',
          notifySubscribers: false,
          publicIncidentUpdateDate: incident.incidentUpdates[0]!.publicIncidentUpdateDate,
        },
      },
    ]);
  });
});
