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
      // The three seeded heartbeats (late: the API's "failing", said in their own word), the three
      // created and the sample DNS check (Checkout DNS, passing).
      expect(rows.map((row) => row[2])).toEqual(['late', 'late', 'late', 'failing', 'degraded', 'passing', 'passing']);
      expect(rows.find((row) => row[0] === slow)).toEqual([slow, 'Slow', 'degraded', '2026-03-02T12:00:00.000Z', '']);
      expect(rows.slice(-2).map((row) => row[0])).toEqual(['3f2a9c41-5d6e-4f70-8a91-000000000001', ok]);
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

describe('mon checks status: what each format reads', () => {
  it('--json reads the statuses only; --format md reads the heartbeats too and judges them in their own words', async () => {
    const local = await memorySandbox({ now: frozenClock(Date.parse('2026-03-02T12:00:00.000Z')) });
    try {
      const env = testEnv({ sandbox: local });
      const paths = () => local.requests.map((request) => `${request.method} ${request.path}`);
      const json = await cli(['checks', 'status', '--json'], { env });
      expect(json.code, json.stderr).toBe(0);
      expect(paths()).toEqual(['GET /v1/check-statuses']);
      local.requests.length = 0;
      local.clock.advance(3 * 86_400_000);
      const md = await cli(['checks', 'status', '--format', 'md'], { env });
      expect(md.code, md.stderr).toBe(0);
      expect(paths().sort()).toEqual(['GET /v1/check-statuses', 'GET /v1/checks?checkType=HEARTBEAT&limit=100&page=1']);
      const [header, rule, ...rows] = md.stdout.trimEnd().split('\n');
      expect(header).toBe('| ID | NAME | STATUS | SINCE | LOCATION |');
      expect(rule).toBe('| --- | --- | --- | --- | --- |');
      expect(rows.map((row) => row.split(' | ')[2])).toEqual(['late', 'late', 'late', 'passing']);
    } finally {
      await local.close();
    }
  });
});

describe('one word per state', () => {
  it('a late heartbeat is "late" in checks list, checks status, checks get and heartbeats list, never "failing"', async () => {
    const local = await memorySandbox({ now: frozenClock(Date.parse('2026-03-02T12:00:00.000Z')) });
    try {
      const env = testEnv({ sandbox: local });
      // The Queue worker pings every 5 minutes with a minute of grace: 10 minutes later it is late.
      local.clock.advance(10 * 60_000);
      const worker = (local.banner().json.heartbeats as { name: string; checkId: string }[]).find(
        (monitor) => monitor.name === 'Queue worker',
      )!;
      const rowOf = (stdout: string) => stdout.split('\n').find((row) => row.includes('Queue worker'))!;
      const seen: Record<string, string> = {};
      for (const line of ['checks list', 'checks status', 'heartbeats list']) {
        for (const tty of [false, true]) {
          const result = await cli([...line.split(' '), '--no-color'], { env, tty, columns: 100 });
          expect(result.code, result.stderr).toBe(0);
          seen[`${line}${tty ? ' (terminal)' : ''}`] = rowOf(result.stdout);
        }
      }
      const get = await cli(['checks', 'get', worker.checkId], { env });
      seen['checks get'] = get.stdout.split('\n').find((row) => row.startsWith('status\t'))!;
      for (const [line, row] of Object.entries(seen)) {
        expect(row, line).toMatch(/\blate\b/);
        expect(row, line).not.toMatch(/failing/);
      }
      // checks status: since when it is late (its last ping 11 minutes ago, period 5m and grace 1m: it alerted 5 minutes ago).
      expect(seen['checks status (terminal)']).toMatch(/Queue worker +late +5m ago/);
      // The API's filter still takes its own word: --status failing finds it.
      const failing = await cli(['checks', 'list', '--status', 'failing'], { env });
      expect(rowOf(failing.stdout)).toContain('\tlate\t');
    } finally {
      await local.close();
    }
  });
});
