/**
 * `mon checks status` in-process against the sandbox: failing first, then degraded, then
 * passing; --json as received.
 */
import { describe, expect, it } from 'vitest';
import { cli, frozenClock, memorySandbox, testEnv, TEST_KEY } from '../../helpers';

describe('mon checks status', () => {
  it('shows failing first, then degraded, then passing; --json as received', async () => {
    const local = await memorySandbox({ now: frozenClock(Date.parse('2026-03-02T12:00:00.000Z')) });
    try {
      const env = testEnv({ sandbox: local });
      const make = async (name: string) =>
        (
          await cli(['checks', 'create-dns', '--name', name, '--query', 'example.com', '--no-input'], { env })
        ).stdout.trim();
      const [ok, slow, down] = [await make('OK'), await make('Slow'), await make('Down')];
      const set = (id: string, status: string) =>
        fetch(`${local.url}/__sandbox/checks/${id}/status`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ status }),
        });
      await set(slow, 'degraded');
      await set(down, 'failing');
      // Past every seeded heartbeat's period and grace: they are failing too.
      local.clock.advance(3 * 86_400_000);
      const result = await cli(['checks', 'status'], { env });
      expect(result.code, result.stderr).toBe(0);
      const rows = result.stdout
        .trim()
        .split('\n')
        .map((row) => row.split('\t'));
      // The three created, the three seeded heartbeats (failing) and the sample DNS check (Checkout DNS, passing).
      expect(rows.map((row) => row[2])).toEqual([
        'failing',
        'failing',
        'failing',
        'failing',
        'degraded',
        'passing',
        'passing',
      ]);
      expect(rows.find((row) => row[0] === slow)).toEqual([slow, 'Slow', 'degraded', '2026-03-02T12:00:00.000Z', '']);
      expect(rows.slice(-2).map((row) => row[1])).toEqual(['Checkout DNS', 'OK']);
      const json = await cli(['checks', 'status', '--json'], { env });
      const raw = await (
        await fetch(`${local.url}/v1/check-statuses`, { headers: { authorization: `Bearer ${TEST_KEY}` } })
      ).json();
      expect(JSON.parse(json.stdout)).toEqual(raw);
    } finally {
      await local.close();
    }
  });
});
