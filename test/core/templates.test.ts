/**
 * Message templates (src/core/templates.ts): `--template NAME` on every verb that posts a
 * message, its placeholders filled from the incident, the flags beside it winning.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server';
import { memorySandbox, mon, sandboxCall, testEnv } from '../helpers';

let sandbox: Sandbox;
let env: NodeJS.ProcessEnv; // one config directory: templates are stored in its profile
let incidentId: string;
beforeAll(async () => {
  sandbox = await memorySandbox();
  env = testEnv({ sandbox });
  const created = await mon(
    'incidents create --name "Checkout errors" --severity major --service checkout -m Investigating',
    {
      env,
    },
  );
  expect(created.code, created.stderr).toBe(0);
  incidentId = created.stdout.trim();
  const add = await mon(
    'templates add rollback -s identified -m \'A bad deploy of {{services}} broke "{{name}}" ({{severity}}); rolling back. Now {{status}}.\'',
    { env },
  );
  expect(add.code, add.stderr).toBe(0);
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.requests.length = 0;
});

const posted = () => sandbox.requests.filter((request) => request.method === 'POST').map((request) => request.body);

describe('--template', () => {
  it('fills the message and status, placeholders from the incident; flags beside it win', async () => {
    const used = await mon(`incidents update ${incidentId} --template rollback`, { env });
    expect(used.code, used.stderr).toBe(0);
    expect(posted()).toEqual([
      {
        description: 'A bad deploy of Checkout broke "Checkout errors" (major); rolling back. Now identified.',
        status: 'IDENTIFIED',
        notifySubscribers: false,
      },
    ]);
    sandbox.requests.length = 0;
    const overridden = await mon(`incidents update ${incidentId} --template rollback --status monitoring --notify`, {
      env,
    });
    expect(overridden.code, overridden.stderr).toBe(0);
    expect(posted()).toEqual([
      {
        description: 'A bad deploy of Checkout broke "Checkout errors" (major); rolling back. Now monitoring.',
        status: 'MONITORING',
        notifySubscribers: true,
      },
    ]);
    sandbox.requests.length = 0;
    const message = await mon(`incidents update ${incidentId} --template rollback -m "My own words."`, { env });
    expect(message.code).toBe(0);
    expect(posted()).toEqual([{ description: 'My own words.', status: 'IDENTIFIED', notifySubscribers: false }]);
  });

  it('works on create, resolve and updates create too', async () => {
    expect((await mon('templates add fixed -m "{{name}} on {{services}} is {{status}}."', { env })).code).toBe(0);
    const created = await mon(
      'incidents create --name "Webhooks late" --severity minor --service webhooks --template rollback',
      { env },
    );
    expect(created.code, created.stderr).toBe(0);
    const id = created.stdout.trim();
    const incident = (await sandboxCall(sandbox, 'GET', `/v1/status-pages/incidents/${id}`)).body as {
      incidentUpdates: { description: string; status: string }[];
    };
    expect(incident.incidentUpdates[0]).toMatchObject({
      description: expect.stringContaining('A bad deploy of Webhooks broke "Webhooks late" (minor)'),
      status: 'IDENTIFIED',
    });
    sandbox.requests.length = 0;
    expect((await mon(`incidents updates create ${id} --template fixed`, { env })).code).toBe(0);
    expect((await mon(`incidents resolve ${id} --template fixed`, { env })).code).toBe(0);
    expect(posted()).toEqual([
      { description: 'Webhooks late on Webhooks is identified.', notifySubscribers: false },
      { description: 'Webhooks late on Webhooks is resolved.', status: 'RESOLVED', notifySubscribers: false },
    ]);
    expect((await mon('templates remove fixed', { env })).code).toBe(0);
  });

  it('an unknown template, or a placeholder that is not one, is exit 2 naming it; nothing is sent', async () => {
    const unknown = await mon(`incidents update ${incidentId} --template nope`, { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--template "nope" is not a stored template');
    const placeholder = await mon('templates add bad -m "Hello {{customer}}"', { env });
    expect(placeholder.code).toBe(2);
    expect(placeholder.stderr).toContain('--message has an unknown placeholder {{customer}}.');
    expect(sandbox.requests).toEqual([]);
  });
});
