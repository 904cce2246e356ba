/** A page larger than asked for (core/list.ts): the rows asked for are shown, and the server's excess is named. */
import { describe, expect, it } from 'vitest';
import { jsonServer, mon, serverEnv } from '../helpers';

const statusPage = (n: number) => ({ id: `page-${n}`, name: `Page ${n}`, url: `page-${n}` });

describe('a page larger than asked for', () => {
  it('--limit 1 prints one row when the server sends 1,000, and says so', async () => {
    const entries = Array.from({ length: 1000 }, (_, i) => statusPage(i));
    const target = await jsonServer(() => ({ length: 1000, entries, nextId: null }));
    const result = await mon('status-pages list --limit 1', { env: serverEnv(target) });
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stdout).toContain('page-0');
    expect(result.stderr).toContain('the server sent 1000 entries where at most 1 were asked for (--limit)');
  });

  it('without --limit, at most the default page size (20)', async () => {
    const entries = Array.from({ length: 500 }, (_, i) => statusPage(i));
    const target = await jsonServer(() => ({ length: 500, entries, nextId: null }));
    const result = await mon('status-pages list', { env: serverEnv(target) });
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(20);
  });

  it('heartbeats events --limit 2 prints two events of the fifty sent', async () => {
    const events = Array.from({ length: 50 }, (_, i) => ({
      id: `ev-${i}`,
      state: 'UP',
      timestamp: new Date(Date.UTC(2026, 2, 1, 10, i)).toISOString(),
    }));
    const target = await jsonServer(() => [{ events }]);
    const result = await mon('heartbeats events 0a0b0c0d-1111-4222-8333-444455556666 --limit 2', {
      env: serverEnv(target),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(result.stderr).toContain('the server sent 50 entries where at most 2 were asked for (--limit)');
  });
});
