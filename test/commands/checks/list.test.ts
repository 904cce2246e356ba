/**
 * `mon checks list`, `get`, `delete` and `status` in-process against the sandbox: pages,
 * filters sent to the API, prefixes and names, delete's refusal without --yes, the status
 * order, and what stdout, stderr and the exit code say.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { stripEscapes } from '../../../src/text/width';
import { cli, frozenClock, memorySandbox, testEnv, TEST_KEY } from '../../helpers';

let sandbox: Sandbox;
const ids: Record<string, string> = {};

async function createDns(name: string, tags: string[], more: string[] = []): Promise<string> {
  const result = await cli(
    [
      'checks',
      'create-dns',
      '--name',
      name,
      '--query',
      'example.com',
      '--no-input',
      ...tags.flatMap((t) => ['--tag', t]),
      ...more,
    ],
    { sandbox },
  );
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim();
}

/** The paths of the check reads the sandbox received, in order. */
const listRequests = () =>
  sandbox.requests
    .filter((entry) => entry.method === 'GET' && entry.path.startsWith('/v1/checks?'))
    .map((entry) => entry.path);

beforeAll(async () => {
  sandbox = await memorySandbox({ now: frozenClock(Date.parse('2026-03-02T12:00:00.000Z')) });
  for (let n = 1; n <= 12; n++) ids[`Web ${n}`] = await createDns(`Web ${String(n).padStart(2, '0')}`, ['web']);
  ids.api = await createDns(
    'API DNS',
    ['api', 'prod'],
    [
      ...['--assert', 'RESPONSE_CODE EQUALS NOERROR', '--retry-type', 'FIXED', '--retry-max-retries', '2'],
      ...['--no-use-global-alert-settings', '--alert-failed-run-threshold', '2'],
    ],
  );
});
afterAll(() => sandbox.close());

describe('mon checks list', () => {
  it('reads every page with --all (page after page until a short one), with the statuses', async () => {
    sandbox.requests.length = 0;
    const result = await cli(['checks', 'list', '--all', '--limit', '5'], { sandbox });
    expect(result.code, result.stderr).toBe(0);
    // 13 DNS checks and 3 seeded heartbeats: pages of 5, 5, 5, 1.
    const rows = result.stdout.trim().split('\n');
    expect(rows).toHaveLength(16);
    expect(listRequests()).toEqual([1, 2, 3, 4].map((page) => `/v1/checks?limit=5&page=${page}`));
    const api = rows.find((row) => row.startsWith(ids.api!))!.split('\t');
    expect([api[1], api[2], api[3], api[4], api[6]]).toEqual([
      'API DNS',
      'DNS',
      'passing',
      'every 10 minutes',
      'api,prod',
    ]);
    expect(rows.some((row) => /\tHEARTBEAT\t(passing|failing)\tevery 1 day\t/.test(row))).toBe(true);
  });

  it('shows one page of --limit, and says on a terminal that there may be more', async () => {
    const result = await cli(['checks', 'list', '--limit', '3'], { sandbox, tty: true, columns: 100 });
    expect(result.code).toBe(0);
    const lines = stripEscapes(result.stdout).trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+TYPE\s+STATUS\s+FREQUENCY\s+LOCATIONS\s+TAGS$/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`^${ids.api!.slice(0, 8)}\\s+API DNS\\s+DNS\\s+passing`));
    expect(result.stderr).toContain('There may be more: --all reads every page');
  });

  it('sends the filters to the API: type, every tag, the search text, the status', async () => {
    sandbox.requests.length = 0;
    const result = await cli(
      ['checks', 'list', '--type', 'dns', '--tag', 'api', '--tag', 'prod', '--search', 'API', '--status', 'passing'],
      { sandbox },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((row) => row.split('\t')[1]),
    ).toEqual(['API DNS']);
    expect(listRequests()).toEqual([
      '/v1/checks?limit=20&checkType=DNS&search=API&status=passing&tag=api&tag=prod&page=1',
    ]);
  });

  it('says when nothing matches, and refuses a status outside the list with exit 2, sending nothing', async () => {
    const none = await cli(['checks', 'list', '--search', 'nothing like it'], { sandbox, tty: true });
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('No checks match.');
    sandbox.requests.length = 0;
    const bad = await cli(['checks', 'list', '--status', 'broken'], { sandbox });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--status');
    expect(sandbox.requests).toEqual([]);
  });

  it('--json prints the page as received, ping tokens masked', async () => {
    const result = await cli(['checks', 'list', '--type', 'heartbeat', '--json'], { sandbox });
    expect(result.code, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout) as {
      checkType: string;
      heartbeat: { pingToken: string; pingUrl: string };
    }[];
    expect(body.map((check) => check.checkType)).toEqual(['HEARTBEAT', 'HEARTBEAT', 'HEARTBEAT']);
    const tokens = (sandbox.banner().json.heartbeats as { pingToken: string }[]).map((monitor) => monitor.pingToken);
    for (const token of tokens) expect(result.stdout).not.toContain(token);
    expect(body[0]!.heartbeat.pingToken).toMatch(/^…/);
  });
});

describe('mon checks get', () => {
  it('takes a 6-character prefix: configuration, request and assertions, retries, status', async () => {
    const result = await cli(['checks', 'get', ids.api!.slice(0, 6)], { sandbox });
    expect(result.code, result.stderr).toBe(0);
    const fields = Object.fromEntries(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t')),
    );
    expect(fields).toMatchObject({
      id: ids.api,
      name: 'API DNS',
      checkType: 'DNS',
      status: 'passing',
      request: 'A example.com (UDP)',
      assertions: 'RESPONSE_CODE EQUALS NOERROR',
      retryStrategy: 'FIXED, up to 2 retries',
      tags: 'api, prod',
    });
    expect(fields.alertSettings).toBe('alert after 2 failed run(s)');
  });

  it('takes a name in any case; a name two checks share is exit 2 listing both', async () => {
    const named = await cli(['checks', 'get', 'api dns'], { sandbox });
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toContain(`id\t${ids.api}`);
    const twin = await createDns('API DNS', []);
    const ambiguous = await cli(['checks', 'get', 'API DNS'], { sandbox });
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('CHECK "API DNS" matches 2 checks:');
    expect(ambiguous.stderr).toContain(`API DNS (${ids.api!.slice(0, 8)})`);
    expect(ambiguous.stderr).toContain(`API DNS (${twin.slice(0, 8)})`);
    await cli(['checks', 'delete', twin, '--yes'], { sandbox });
  });

  it('is exit 6 for a check that does not exist', async () => {
    const result = await cli(['checks', 'get', 'no such check'], { sandbox });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('No check is named "no such check"');
  });
});

describe('mon checks delete', () => {
  it('without a terminal and without --yes: exit 2 naming --yes, nothing sent', async () => {
    sandbox.requests.length = 0;
    const result = await cli(['checks', 'delete', ids['Web 1']!], { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('needs --yes without a terminal');
    expect(sandbox.requests).toEqual([]);
  });

  it('on a terminal, names the check and deletes nothing when the answer is no', async () => {
    const result = await cli(['checks', 'delete', ids['Web 1']!.slice(0, 8)], {
      sandbox,
      tty: true,
      answers: [{ message: `Delete the check Web 01 (${ids['Web 1']!.slice(0, 8)}), DNS?`, answer: false }],
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('Nothing was deleted.');
    expect((await cli(['checks', 'get', ids['Web 1']!], { sandbox })).code).toBe(0);
  });

  it('--dry-run prints the DELETE and sends nothing; --yes deletes, and the check is gone', async () => {
    sandbox.requests.length = 0;
    const dry = await cli(['checks', 'delete', 'web 02', '--dry-run'], { sandbox });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`DELETE ${sandbox.url}/v1/checks/${ids['Web 2']}`);
    expect(sandbox.requests.filter((entry) => entry.method === 'DELETE')).toEqual([]);
    const done = await cli(['checks', 'delete', 'web 02', '--yes'], { sandbox });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain(`Deleted the check Web 02 (${ids['Web 2']!.slice(0, 8)}), DNS.`);
    expect((await cli(['checks', 'get', ids['Web 2']!], { sandbox })).code).toBe(6);
  });
});

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
      expect(rows.map((row) => row[2])).toEqual(['failing', 'failing', 'failing', 'failing', 'degraded', 'passing']);
      expect(rows.find((row) => row[0] === slow)).toEqual([slow, 'Slow', 'degraded', '2026-03-02T12:00:00.000Z', '']);
      expect(rows.at(-1)![0]).toBe(ok);
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
