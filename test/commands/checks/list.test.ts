/**
 * `mon checks list` in-process against the sandbox: pages (--all over several), one page
 * of --limit, the filters sent to the API, --json as received with ping tokens masked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { stripEscapes } from '../../../src/text/width';
import { cli } from '../../helpers';
import { checksFixture } from './fixture';

let sandbox: Sandbox;
let ids: Record<string, string>;

/** The paths of the check reads the sandbox received, in order. */
const listRequests = () =>
  sandbox.requests
    .filter((entry) => entry.method === 'GET' && entry.path.startsWith('/v1/checks?'))
    .map((entry) => entry.path);

beforeAll(async () => {
  ({ sandbox, ids } = await checksFixture());
});
afterAll(() => sandbox.close());

describe('mon checks list', () => {
  it('reads every page with --all (page after page until a short one), with the statuses', async () => {
    sandbox.requests.length = 0;
    const result = await cli(['checks', 'list', '--all', '--limit', '5'], { sandbox });
    expect(result.code, result.stderr).toBe(0);
    // 13 DNS checks, the sample one (Checkout DNS) and 3 seeded heartbeats: pages of 5, 5, 5, 2.
    const rows = result.stdout.trim().split('\n');
    expect(rows).toHaveLength(17);
    expect(listRequests()).toEqual([1, 2, 3, 4].map((page) => `/v1/checks?limit=5&page=${page}`));
    const api = rows.find((row) => row.startsWith(ids.api!))!.split('\t');
    expect([api[1], api[2], api[3], api[4], api[6]]).toEqual([
      'API DNS',
      'DNS',
      'passing',
      'every 10 minutes',
      'api,prod',
    ]);
    // A heartbeat's status is its state, in the words of `heartbeats list` (its last ping 23h40m ago).
    expect(rows.some((row) => /\tNightly backup\tHEARTBEAT\ton time\tevery 1 day\t/.test(row))).toBe(true);
  });

  it('shows one page of --limit, and says on a terminal that there may be more', async () => {
    const result = await cli(['checks', 'list', '--limit', '3'], { sandbox, tty: true, columns: 100 });
    expect(result.code).toBe(0);
    const lines = stripEscapes(result.stdout).trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+TYPE\s+STATUS\s+FREQUENCY\s+LOCATIONS\s+TAGS$/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`^${ids.api!.slice(0, 8)}\\s+API DNS\\s+DNS\\s+passing`));
    expect(result.stderr).toContain('There may be more: `mon checks list --all` shows every one.');
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
