import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { accountApi, cli, frozenClock, memorySandbox, TEST_ACCOUNT, testEnv } from '../../helpers';

/*
 * `mon incidents get|create|update|resolve --web`: after the command's work, the status
 * page of the incident's services is opened; here there is no display, so its URL is shown
 * on stderr (stdout stays the command's own). Opening a real opener:
 * test/e2e/status-pages-open.test.ts.
 */

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox({ now: frozenClock() });
});
afterAll(() => sandbox.close());

const env = () => ({ ...testEnv({ sandbox }), DISPLAY: '', WAYLAND_DISPLAY: '' });
const run = (args: string[]) => cli(['incidents', ...args], { sandbox, env: env() });
const noBrowser = (page: string) =>
  `note: Not opened in a browser: there is no display (DISPLAY and WAYLAND_DISPLAY are unset). The page is at ${sandbox.url}/status/${page}\n`;

describe('mon incidents ... --web', () => {
  it("create, update, resolve and get each show the page of the incident's service after their work", async () => {
    const created = await run([
      'create',
      '--name',
      'Payouts late',
      '--severity',
      'MINOR',
      '--service',
      'Payouts',
      '-m',
      'Payouts are late.',
      '--web',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const id = created.stdout.trim();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.stderr.endsWith(noBrowser('acme-payments'))).toBe(true);

    const updated = await run(['update', id, '-s', 'identified', '-m', 'A bank delay.', '--web']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stderr.endsWith(noBrowser('acme-payments'))).toBe(true);

    const resolved = await run(['resolve', id, '--web']);
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(resolved.stderr.endsWith(noBrowser('acme-payments'))).toBe(true);

    const shown = await run(['get', id, '--json', '--web']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id, name: 'Payouts late' });
    expect(shown.stderr).toBe(noBrowser('acme-payments'));
  });

  it('an incident on services of two pages opens both; without --web nothing is opened', async () => {
    const created = await run([
      'create',
      '--name',
      'Everything slow',
      '--severity',
      'MAJOR',
      '--service',
      'Checkout',
      '--service',
      'Public API',
      '-m',
      'Slow.',
    ]);
    expect(created.stderr).not.toContain('browser');
    const shown = await run(['get', created.stdout.trim(), '--web']);
    expect(shown.code).toBe(0);
    expect(shown.stderr).toBe(noBrowser('acme-cloud') + noBrowser('acme-payments'));
  });

  it('--dry-run sends nothing and opens nothing', async () => {
    const result = await run([
      'create',
      '--name',
      'X',
      '--severity',
      'MINOR',
      '--service',
      'Payouts',
      '-m',
      'x',
      '--dry-run',
      '--web',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('browser');
  });
});

describe('mon incidents get --web, for an account', () => {
  it('a page the API gives no address for is a warning after the work, exit 0', async () => {
    const service = { id: 's1', name: 'API', accountId: TEST_ACCOUNT };
    const incident = {
      id: '3f0c2a9e-1111-4222-8333-444444444444',
      name: 'API down',
      severity: 'MAJOR',
      services: [service],
      lastUpdateStatus: 'INVESTIGATING',
      created_at: '2026-11-20',
      incidentUpdates: [
        {
          id: 'u1',
          description: 'Looking',
          status: 'INVESTIGATING',
          publicIncidentUpdateDate: '2026-11-20T10:00:00.000Z',
        },
      ],
    };
    const api = await accountApi(
      [{ id: 'p1', name: 'Acme', url: 'acme', cards: [{ id: 'c1', name: 'Core', services: [service] }] }],
      {
        '/v1/status-pages/incidents/3f0c2a9e-1111-4222-8333-444444444444': incident,
      },
    );
    try {
      const result = await cli(['incidents', 'get', '3f0c2a9e-1111-4222-8333-444444444444', '--json', '--web'], {
        env: api.env,
      });
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ id: '3f0c2a9e-1111-4222-8333-444444444444' });
      expect(result.stderr).toContain('warning: The API gives no address for the status page "Acme"');
    } finally {
      api.close();
    }
  });
});
