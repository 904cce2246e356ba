/**
 * Issue 27, items 4 and 18: a list that never ends, and a page larger than asked for. The
 * server here answers every page with a new `nextId`, or sends more entries than `--limit`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runMon } from './harness';
import { hostileServer, json, type Hostile } from './hostile';

const servers: Hostile[] = [];
async function server(handler: Parameters<typeof hostileServer>[0]): Promise<Hostile> {
  const made = await hostileServer(handler);
  servers.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const statusPage = (n: number) => ({ id: `page-${n}`, name: `Page ${n}`, url: `page-${n}` });

/** Status pages without end: `perPage` entries a page, each page pointing at a new one. */
const endless = (perPage: number) =>
  server((req, res) => {
    const at = Number(new URL(req.url!, 'http://x').searchParams.get('nextId') ?? '0');
    const entries = Array.from({ length: perPage }, (_, i) => statusPage(at * perPage + i));
    json(res, 200, { length: entries.length, entries, nextId: String(at + 1) });
  });

describe('a list that never ends', () => {
  it('--all --json stops after 1,000 pages, exit 1 saying so; what was printed is one whole JSON array', async () => {
    const target = await endless(1);
    const result = await runMon(['status-pages', 'list', '--all', '--json'], {
      env: target.env(),
      timeoutMs: 60_000,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Stopped paging /v1/status-pages after 1,000 pages (1,000 entries): mon reads at most 1,000 pages of a list',
    );
    expect(result.stderr).toContain('MON_MAX_PAGES');
    expect(target.received).toHaveLength(1000);
    const printed = JSON.parse(result.stdout) as { id: string }[];
    expect(printed).toHaveLength(1000);
    expect(printed.at(-1)).toEqual(statusPage(999));
  });

  it('api --paginate --jq: MON_MAX_ENTRIES bounds the entries held; jq sees those read', async () => {
    const target = await endless(100);
    const result = await runMon(['api', '/v1/status-pages', '--paginate', '--jq', 'length'], {
      env: target.env({ MON_MAX_ENTRIES: '250' }),
      timeoutMs: 60_000,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('300\n');
    expect(result.stderr).toContain('after 3 pages (300 entries): mon reads at most 250 entries');
    expect(result.stderr).toContain('MON_MAX_ENTRIES');
    expect(target.received).toHaveLength(3);
  });

  it('incidents list --all (a table): exit 1 at the bound MON_MAX_PAGES sets', async () => {
    const target = await server((req, res) => {
      const at = Number(new URL(req.url!, 'http://x').searchParams.get('nextId') ?? '0');
      const incident = {
        id: `inc-${at}`,
        name: `Incident ${at}`,
        severity: 'MINOR',
        services: [],
        incidentUpdates: [],
        lastUpdateStatus: 'RESOLVED',
        created_at: '2026-03-01T10:00:00.000Z',
      };
      json(res, 200, { length: 1, entries: [incident], nextId: String(at + 1) });
    });
    const result = await runMon(['incidents', 'list', '--all', '--status', 'all'], {
      env: target.env({ MON_MAX_PAGES: '5' }),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('after 5 pages (5 entries): mon reads at most 5 pages');
    expect(target.received).toHaveLength(5);
  });

  it('an invalid bound is exit 2 naming the variable, nothing sent', async () => {
    const target = await endless(1);
    const result = await runMon(['status-pages', 'list', '--all'], { env: target.env({ MON_MAX_PAGES: 'lots' }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('MON_MAX_PAGES must be a whole number from 1');
    expect(target.received).toEqual([]);
  });
});

describe('a page larger than asked for', () => {
  it('--limit 1 prints one row when the server sends 1,000, and says so', async () => {
    const entries = Array.from({ length: 1000 }, (_, i) => statusPage(i));
    const target = await server((_req, res) => json(res, 200, { length: 1000, entries, nextId: null }));
    const result = await runMon(['status-pages', 'list', '--limit', '1'], { env: target.env() });
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stdout).toContain('page-0');
    expect(result.stderr).toContain('the server sent 1000 entries where at most 1 were asked for (--limit)');
  });

  it('without --limit, at most the default page size (20)', async () => {
    const entries = Array.from({ length: 500 }, (_, i) => statusPage(i));
    const target = await server((_req, res) => json(res, 200, { length: 500, entries, nextId: null }));
    const result = await runMon(['status-pages', 'list'], { env: target.env() });
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(20);
  });

  it('heartbeats events --limit 2 prints two events of the fifty sent', async () => {
    const events = Array.from({ length: 50 }, (_, i) => ({
      id: `ev-${i}`,
      state: 'UP',
      timestamp: new Date(Date.UTC(2026, 2, 1, 10, i)).toISOString(),
    }));
    const target = await server((_req, res) => json(res, 200, [{ events }]));
    const result = await runMon(['heartbeats', 'events', '0a0b0c0d-1111-4222-8333-444455556666', '--limit', '2'], {
      env: target.env(),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(result.stderr).toContain('the server sent 50 entries where at most 2 were asked for (--limit)');
  });
});
