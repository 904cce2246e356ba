/**
 * The message prompt (src/core/message-prompt.ts) at a real terminal, 80x24, typed at key by
 * key: what is typed is on the screen and is what is posted, with templates stored; a template
 * is offered inside the input (Tab, or a leading /), fills it with its text to edit, and its
 * status applies. What the sandbox received is checked, not only the screen.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openIncident, runMon, startSandbox, type SandboxProcess } from './harness';
import { openScreen, overWidth, requireScreen } from './screen';

let sandbox: SandboxProcess;
/** One profile with two templates, shared by the tests (they only read it). */
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  sandbox = await startSandbox();
  env = sandbox.env({ NO_COLOR: '1' });
  for (const [name, status, message] of [
    ['monitoring', 'monitoring', 'A fix is deployed; we are watching {{services}}.'],
    ['identified', 'identified', 'We found the cause of {{name}}.'],
  ]) {
    const stored = await runMon(['templates', 'add', name!, '--status', status!, '--message', message!], { env });
    expect(stored.code, stored.stderr).toBe(0);
  }
});
afterAll(async () => {
  await sandbox?.stop();
});
beforeEach(async () => {
  await sandbox?.clearRequests();
});

/** The requests that changed something. */
const posted = async () =>
  (await sandbox.requests())
    .filter((request) => request.method !== 'GET')
    .map((request) => ({ method: request.method, path: request.path, body: request.body }));

const PUBLIC_API = { id: '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01', name: 'Public API' };
const open = async (name: string) => (await openIncident(sandbox, { name, service: PUBLIC_API })).id;

const CREATE = ['incidents', 'create', '--name', 'Checkout errors', '--severity', 'major', '--service', 'Public API'];

describe('the message prompt, with two templates stored', () => {
  it('is a text input from the first key: "We are still investigating" is on the screen and is exactly what is posted', async (context) => {
    requireScreen(context);
    const screen = await openScreen(CREATE, env);
    await screen.waitFor('? Message (what subscribers read)');
    // The templates are offered beside the input, never instead of it.
    expect(screen.lines()).toContain('Tab or / for a template: monitoring, identified · Ctrl-G: edit in $EDITOR');
    await screen.type('We are still investigating');
    await screen.waitFor('? Message (what subscribers read) We are still investigating');
    await screen.press('Enter');
    await screen.waitFor('? Notify the status page subscribers?');
    await screen.type('n');
    await screen.press('Enter');
    await screen.waitFor('? Open this incident?');
    expect(screen.text()).toMatch(/ {2}Status: +INVESTIGATING\n {2}Message: +We are still investigating\n/);
    await screen.type('y');
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code, screen.text()).toBe(0);
    const requests = await posted();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toMatchObject({
      name: 'Checkout errors',
      incidentUpdates: [
        { description: 'We are still investigating', status: 'INVESTIGATING', notifySubscribers: false },
      ],
    });
  });

  it('a message longer than the row: the line left after Enter breaks between words, and the whole text is posted', async (context) => {
    requireScreen(context);
    const id = await open('Card payments failing');
    const screen = await openScreen(['incidents', 'update', id, '--status', 'identified', '--no-notify'], env);
    await screen.waitFor('? Message (what subscribers read)');
    const long = 'We are still investigating the failed payments of customers in Europe who pay with cards';
    await screen.type(long);
    await screen.press('Enter');
    await screen.waitFor('? Post this update?');
    // No row the terminal had to wrap: the answer was broken at a space, its rest indented.
    expect(overWidth(screen.history(), 80)).toEqual([]);
    expect(screen.text()).toMatch(
      /✔ Message \(what subscribers read\) We are still investigating the failed\n {2}payments/,
    );
    await screen.type('y');
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code, screen.text()).toBe(0);
    expect((await posted())[0]!.body).toEqual({ description: long, status: 'IDENTIFIED', notifySubscribers: false });
  });

  it('Tab lists the templates; the one chosen fills the input, is edited there, and its status applies', async (context) => {
    requireScreen(context);
    const id = await open('Search down');
    const screen = await openScreen(['incidents', 'update', id, '--no-notify'], env);
    await screen.waitFor('? Message (what subscribers read)');
    await screen.press('Tab');
    await screen.waitFor('❯ monitoring  A fix is deployed; we are watching Public API.');
    expect(screen.lines()).toContain('  identified  We found the cause of Search down.');
    await screen.press('Down', 'Enter');
    // The template's text, filled in for this incident, is in the input to read and edit.
    await screen.waitFor('? Message (what subscribers read) We found the cause of Search down.');
    expect(screen.lines()).toContain('From template "identified": its status IDENTIFIED applies.');
    await screen.type(' A rollback is under way.');
    await screen.press('Enter');
    await screen.waitFor('? Post this update?');
    expect(screen.text()).toMatch(/Status: +INVESTIGATING → IDENTIFIED \(from template "identified"\)/);
    await screen.type('y');
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code, screen.text()).toBe(0);
    expect(await posted()).toEqual([
      {
        method: 'POST',
        path: `/v1/status-pages/incidents/${id}/incident-updates`,
        body: {
          description: 'We found the cause of Search down. A rollback is under way.',
          status: 'IDENTIFIED',
          notifySubscribers: false,
        },
      },
    ]);
  });

  it('a leading / lists the templates whose name starts with what follows it; at create, the status applies too', async (context) => {
    requireScreen(context);
    const screen = await openScreen(CREATE, env);
    await screen.waitFor('? Message (what subscribers read)');
    await screen.type('/mon');
    await screen.waitFor('❯ monitoring  A fix is deployed; we are watching Public API.');
    expect(screen.text()).not.toContain('identified  We found');
    await screen.press('Enter');
    await screen.waitFor('? Message (what subscribers read) A fix is deployed; we are watching Public API.');
    await screen.press('Enter');
    await screen.waitFor('? Notify');
    await screen.press('Enter');
    await screen.waitFor('? Open this incident?');
    await screen.type('y');
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code, screen.text()).toBe(0);
    expect((await posted())[0]!.body).toMatchObject({
      incidentUpdates: [{ description: 'A fix is deployed; we are watching Public API.', status: 'MONITORING' }],
    });
  });

  it('update from the picker: the message typed, then the status by arrows, notify, and yes', async (context) => {
    requireScreen(context);
    const older = await open('Prompted older');
    await open('Prompted newer');
    const screen = await openScreen(['incidents', 'update'], env);
    await screen.waitFor('? Which open incident');
    await screen.press('Down', 'Enter'); // newest first: the second is the older one
    await screen.waitFor('? Message (what subscribers read)');
    await screen.type('Found it: an expired certificate.');
    await screen.press('Enter');
    await screen.waitFor('? Status');
    await screen.press('Down', 'Enter'); // from INVESTIGATING (current) to IDENTIFIED
    await screen.waitFor('? Notify the status page subscribers?');
    await screen.type('n');
    await screen.press('Enter');
    await screen.waitFor('? Post this update?');
    expect(screen.text()).toContain(`  ID:       ${older}`);
    await screen.type('y');
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code, screen.text()).toBe(0);
    expect(screen.history().join(' ').replace(/\s+/g, ' ')).toContain(
      'Posted an update to "Prompted older": IDENTIFIED (was INVESTIGATING)',
    );
    expect(await posted()).toEqual([
      {
        method: 'POST',
        path: `/v1/status-pages/incidents/${older}/incident-updates`,
        body: { description: 'Found it: an expired certificate.', status: 'IDENTIFIED', notifySubscribers: false },
      },
    ]);
  });
});
