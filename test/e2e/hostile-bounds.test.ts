/**
 * Issue 45, items 7 and 8: what --jq and paging may hold, against a server whose pages are
 * 2 MB each and never end. Every bound is past the one a test sets (MON_MAX_PAGES=40), so that
 * the count bounds alone would read 80 MB; the byte bounds stop long before, print nothing
 * that passes for the whole list, and say which bound and how to ask for less.
 */
import { afterEach, expect, it } from 'vitest';
import { runMon } from './harness';
import { hostileServer, json, type Hostile } from './hostile';

const servers: Hostile[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const MIB = 1024 * 1024;
const FAT = 'x'.repeat(2 * MIB);

/** Status pages of 2 MB each (one entry with a 2 MB description), each pointing at another. */
async function fatPages(): Promise<Hostile> {
  const server = await hostileServer((req, res) => {
    const at = Number(new URL(req.url!, 'http://x').searchParams.get('nextId') ?? '0');
    const entry = { id: `page-${at}`, name: `Page ${at}`, url: `page-${at}`, description: FAT };
    json(res, 200, { length: 1, entries: [entry], nextId: String(at + 1) });
  });
  servers.push(server);
  return server;
}

it(
  'api --paginate --jq: stops at the 16 MiB jq is given, prints nothing, says how to read less',
  { timeout: 180_000 },
  async () => {
    const server = await fatPages();
    const result = await runMon(['api', '/v1/status-pages', '--paginate', '--jq', 'length'], {
      env: server.env({ MON_MAX_PAGES: '40' }),
      timeoutMs: 120_000,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const { error } = JSON.parse(result.stderr.trim()) as { error: { message: string; hint: string } };
    expect(error.message).toMatch(
      /^--jq: its input is 1\d(\.\d)? MiB of JSON so far, more than the 16 MiB mon gives jq; nothing was printed\.$/,
    );
    expect(error.hint).toContain('pipe --json to the jq program');
    // Each entry is a little more than 2 MiB: the eighth passes the bound.
    expect(server.received).toHaveLength(8);
  },
);

it(
  '--all --json: stops at MON_MAX_BYTES, the list printed so far left open (not valid JSON)',
  { timeout: 180_000 },
  async () => {
    const server = await fatPages();
    const result = await runMon(['status-pages', 'list', '--all', '--json'], {
      env: server.env({ MON_MAX_PAGES: '40', MON_MAX_BYTES: '8MiB' }),
      timeoutMs: 120_000,
    });
    expect(result.code).toBe(1);
    const { error } = JSON.parse(result.stderr.trim()) as { error: { message: string; hint: string } };
    expect(error.message).toContain('Stopped paging /v1/status-pages at page 4 (3 entries before it)');
    expect(error.message).toContain('more than the 8 MiB mon reads of a list');
    expect(error.hint).toContain('one page (--limit N without --all), or a filter (--status');
    expect(server.received).toHaveLength(4);
    expect(() => JSON.parse(result.stdout)).toThrow();
    expect((JSON.parse(`${result.stdout}]`) as unknown[]).length).toBe(3);
  },
);

it(
  '--jq: results past 64 MiB are refused as the engine makes them, nothing printed',
  { timeout: 180_000 },
  async () => {
    const server = await hostileServer((_req, res) => json(res, 200, [1]));
    servers.push(server);
    const result = await runMon(['api', '/v1/runtimes', '--jq', '"a" * 70000000'], {
      env: server.env(),
      timeoutMs: 120_000,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr.trim())).toMatchObject({
      error: { message: '--jq: its results are more than 64 MiB, the most mon takes of them; nothing was printed.' },
    });
  },
);
