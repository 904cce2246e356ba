/**
 * The real prompts (@inquirer/prompts) on a pseudo-terminal, answered with keystrokes: what
 * a person types reaches the server, and Ctrl-C sends nothing. The in-process tests answer
 * prompts with a script; only here do the prompts themselves run.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inTerminal, requireTerminal, startSandbox, type SandboxProcess } from './harness';

const CHECKOUT = '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e06';
const KEYS = { enter: '\r', up: '\x1b[A', down: '\x1b[B', space: ' ', ctrlC: '\x03' };

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

const sent = async () =>
  (await sandbox.requests()).map((request) => ({ method: request.method, path: request.path, body: request.body }));

describe('real prompts on a terminal (util-linux `script`)', () => {
  it('checks create-dns: typed name and query, record type and frequency by arrows, locations by space; a refused empty pick is asked again', async (context) => {
    requireTerminal(context);
    const term = inTerminal(['checks', 'create-dns'], sandbox.env({ NO_COLOR: '1' }));
    await term.waitFor('Check name');
    term.type(`Typed DNS check${KEYS.enter}`);
    await term.waitFor('Name to resolve');
    term.type(`typed.example.com${KEYS.enter}`);
    await term.waitFor('Record type');
    term.type(KEYS.down.repeat(3)); // A → AAAA → CNAME → MX
    term.type(KEYS.enter);
    await term.waitFor('Name server to ask');
    term.type(`9.9.9.9${KEYS.enter}`);
    await term.waitFor('How often should it run?');
    term.type(KEYS.up); // from the default, every 10 minutes, to every 5 minutes
    term.type(KEYS.enter);
    await term.waitFor('Locations to run from');
    term.type(KEYS.enter); // nothing picked: the prompt refuses and stays
    await term.waitFor('Pick at least one location.');
    term.type(KEYS.space); // us-east-1
    term.type(KEYS.down.repeat(6)); // eu-west-1
    term.type(KEYS.space);
    term.type(KEYS.enter);
    const result = await term.done;
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain('Created DNS check "Typed DNS check"');
    expect(result.stdout).toMatch(/Query: +MX typed\.example\.com via 9\.9\.9\.9/);
    expect(await sent()).toEqual([
      {
        method: 'POST',
        path: '/v1/checks/dns',
        body: {
          name: 'Typed DNS check',
          request: { query: 'typed.example.com', recordType: 'MX', nameServer: '9.9.9.9' },
          frequency: 5,
          locations: ['us-east-1', 'eu-west-1'],
          heartbeat: {},
          script: '',
        },
      },
    ]);
  });

  it('incidents update: the open-incident picker and the status select by arrows, a typed message, no notification, confirmed', async (context) => {
    requireTerminal(context);
    const open = async (name: string) => {
      const created = await sandbox.call('POST', '/v1/status-pages/incidents', {
        name,
        severity: 'MAJOR',
        services: [{ id: CHECKOUT, name: 'Checkout', accountId: sandbox.info.accountId }],
        incidentUpdates: [{ description: `${name} began`, status: 'INVESTIGATING' }],
      });
      expect(created.status).toBe(201);
      return created.body as { id: string };
    };
    const older = await open('Prompted older');
    await open('Prompted newer');
    await sandbox.clearRequests();

    const term = inTerminal(['incidents', 'update'], sandbox.env({ NO_COLOR: '1' }));
    await term.waitFor('Which open incident');
    term.type(KEYS.down); // newest first: the second is the older one
    term.type(KEYS.enter);
    await term.waitFor('? Status');
    term.type(KEYS.down); // from INVESTIGATING (current) to IDENTIFIED
    term.type(KEYS.enter);
    await term.waitFor('? Message (what subscribers read)');
    term.type(`Found it: an expired certificate.${KEYS.enter}`);
    await term.waitFor('? Notify the status page subscribers?');
    term.type(`n${KEYS.enter}`);
    await term.waitFor('? Post this update?');
    term.type(`y${KEYS.enter}`);
    const result = await term.done;
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain('Posted an update to "Prompted older": IDENTIFIED (was INVESTIGATING)');
    expect((await sent()).filter((request) => request.method !== 'GET')).toEqual([
      {
        method: 'POST',
        path: `/v1/status-pages/incidents/${older.id}/incident-updates`,
        body: { description: 'Found it: an expired certificate.', status: 'IDENTIFIED', notifySubscribers: false },
      },
    ]);
  });

  it('Ctrl-C at a prompt: exit 130, "Cancelled.", nothing sent', async (context) => {
    requireTerminal(context);
    const term = inTerminal(['checks', 'create-dns'], sandbox.env({ NO_COLOR: '1' }));
    await term.waitFor('Check name');
    term.type(`Never created${KEYS.enter}`);
    await term.waitFor('Name to resolve');
    term.type(`never.example.com${KEYS.enter}`);
    await term.waitFor('Record type');
    term.type(KEYS.ctrlC);
    const result = await term.done;
    expect(result.code).toBe(130);
    expect(result.stdout).toMatch(/Cancelled\.( Nothing was sent\.)?\r?\n$/);
    expect(result.stdout).not.toMatch(/\n\s+at /);
    expect(await sent()).toEqual([]);
  });
});
