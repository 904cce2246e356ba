/**
 * `mon __complete open-incidents`: what the shell scripts ask for the incident IDs they offer
 * (the scripts themselves, in real shells: test/e2e/completion.test.ts).
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../src/sandbox/server';
import { closedPort, memorySandbox, mon, testEnv } from '../../helpers';

let sandbox: Sandbox;
const open: { id: string; name: string }[] = [];
let resolvedId = '';

beforeAll(async () => {
  sandbox = await memorySandbox();
  const create = async (name: string) => {
    const created = await mon(
      [
        'incidents',
        'create',
        '--name',
        name,
        '--severity',
        'major',
        '--service',
        SEED_SERVICES.api,
        '-m',
        'Looking into it',
        '--no-notify',
        '-y',
      ],
      { sandbox },
    );
    expect(created.code).toBe(0);
    return created.stdout.trim();
  };
  for (const name of ["Checkout errors: card's declined", 'API latency [eu]'])
    open.push({ id: await create(name), name });
  resolvedId = await create('Old outage');
  expect((await mon(`incidents resolve ${resolvedId} --no-notify -y`, { sandbox })).code).toBe(0);
});
afterAll(() => sandbox.close());

/** A server that takes connections and never answers: how many it took. */
async function silentServer() {
  let count = 0;
  const server = createServer((socket) => {
    count += 1;
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}`, connections: () => count };
}

describe('mon __complete open-incidents', () => {
  it('prints each open incident as ID, a tab and its name; nothing of the resolved ones', async () => {
    const result = await mon('__complete open-incidents', { sandbox });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim().split('\n').sort()).toEqual(open.map(({ id, name }) => `${id}\t${name}`).sort());
    expect(result.stdout).not.toContain(resolvedId);
  });

  it('is not in the help, and suggests nothing', async () => {
    const help = await mon('--help');
    expect(help.stdout).not.toContain('__complete');
  });

  it('prints nothing and exits 0 without a key, or when the API cannot be reached', async () => {
    const closed = await closedPort();
    for (const env of [
      testEnv(),
      testEnv({ sandbox, env: { MON_API_KEY: 'sk_wrong_0123456789' } }),
      testEnv({ sandbox, env: { MON_BASE_URL: closed.url } }),
    ]) {
      const result = await mon('__complete open-incidents', { env });
      expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    }
    await closed.release();
  });

  it('gives up on a server that never answers after one request of at most 2 s', async () => {
    const silent = await silentServer();
    // The server never answers and the profile allows an hour: only the completion's own 2 s
    // can end it before the test's time is out (a wait for that event, not a measure of time).
    const result = await mon('__complete open-incidents', {
      env: testEnv({ sandbox, env: { MON_BASE_URL: silent.url, MON_TIMEOUT: '3600' } }),
    });
    silent.server.close();
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(silent.connections()).toBe(1);
  });
});
