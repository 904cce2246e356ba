/**
 * `mon sandbox checks fail|degrade|pass CHECK` in-process: the status the API then gives,
 * what is said, a heartbeat refused (its pings decide), a server that is no sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox/server';
import { cli, httpServer, memorySandbox, testEnv } from '../../../helpers';

let sandbox: Sandbox;
let id: string;

const statusNow = async () => {
  const result = await cli(['checks', 'status'], { sandbox });
  return result.stdout
    .trim()
    .split('\n')
    .map((row) => row.split('\t'))
    .find((row) => row[0] === id)?.[2];
};

beforeAll(async () => {
  sandbox = await memorySandbox();
  const created = await cli(
    ['checks', 'create-dns', '--name', 'Homepage DNS', '--query', 'example.com', '--no-input'],
    {
      sandbox,
    },
  );
  id = created.stdout.trim();
});
afterAll(() => sandbox.close());

describe('mon sandbox checks', () => {
  it('fail, degrade and pass set the status GET /v1/check-statuses gives, by name or prefix', async () => {
    expect(await statusNow()).toBe('passing');
    const failed = await cli(['sandbox', 'checks', 'fail', 'homepage dns'], { sandbox });
    expect(failed.code, failed.stderr).toBe(0);
    expect(failed.stderr).toContain(`✓ Homepage DNS (${id.slice(0, 8)}) is failing in the sandbox.`);
    expect(await statusNow()).toBe('failing');
    expect((await cli(['sandbox', 'checks', 'degrade', id.slice(0, 6)], { sandbox })).code).toBe(0);
    expect(await statusNow()).toBe('degraded');
    const json = await cli(['sandbox', 'checks', 'pass', id, '--json'], { sandbox });
    expect(JSON.parse(json.stdout)).toMatchObject({ checkId: id, hasFailures: false, isDegraded: false });
    expect(await statusNow()).toBe('passing');
  });

  it('refuses a heartbeat with exit 2, saying how to make it late; nothing is changed', async () => {
    const result = await cli(['sandbox', 'checks', 'fail', 'Queue worker'], { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is a heartbeat: its status follows its pings');
    expect(result.stderr).toContain('mon sandbox clock advance');
    expect(sandbox.requests.some((entry) => entry.path.startsWith('/__sandbox/checks/'))).toBe(false);
  });

  it('is exit 6 for a check the sandbox does not have', async () => {
    const result = await cli(['sandbox', 'checks', 'fail', '00000000-0000-4000-8000-000000000000'], { sandbox });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('Check "00000000-0000-4000-8000-000000000000" was not found.');
  });

  it('says plainly when the server is no sandbox', async () => {
    const check = { id: '00000000-0000-4000-8000-000000000001', name: 'Real', checkType: 'DNS' };
    const server = await httpServer((req, res) => {
      const found = req.url === `/v1/checks/${check.id}`;
      res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(found ? check : {}));
    });
    try {
      const env = testEnv({ env: { MON_BASE_URL: server.url, MON_API_KEY: 'sk_test_0123456789abcdef' } });
      const result = await cli(['sandbox', 'checks', 'fail', check.id], { env });
      expect(result.code).toBe(6);
      expect(result.stderr).toContain('is not a mon sandbox');
    } finally {
      await server.close();
    }
  });
});
