/** The sandbox's request log (sandbox/request-log.ts): bounded by count and bytes, answers included. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LoggedRequest, RequestLog } from '../../src/sandbox/request-log';
import type { Sandbox } from '../../src/sandbox/server';
import { memorySandbox } from '../helpers';
import { call, dataFile, start, stopAll } from './fixture';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

afterEach(stopAll);

describe('the request log', () => {
  const entry = (n: number): LoggedRequest => ({
    method: 'GET',
    path: `/v1/x/${n}`,
    status: 401,
    time: '2026-01-01T00:00:00.000Z',
    body: undefined,
    headers: {},
  });

  it('keeps the last N requests', () => {
    const log = new RequestLog({ count: 3, bytes: 1_000_000 });
    for (let n = 0; n < 10; n++) log.add(entry(n), 100);
    expect(log.entries.map((e) => e.path)).toEqual(['/v1/x/7', '/v1/x/8', '/v1/x/9']);
  });

  it('keeps no more bytes than its budget, and a request larger than it without its body', () => {
    const log = new RequestLog({ count: 1000, bytes: 1000 });
    for (let n = 0; n < 50; n++) log.add(entry(n), 300);
    expect(log.entries.map((e) => e.path)).toEqual(['/v1/x/47', '/v1/x/48', '/v1/x/49']);
    log.add({ ...entry(99), body: { big: true } }, 5000);
    expect(log.entries).toEqual([{ ...entry(99), body: { omitted: expect.stringContaining('5000 bytes') } }]);
  });

  it('counts what each request was answered in the same budget, and keeps no answer larger than all of it', () => {
    const log = new RequestLog({ count: 1000, bytes: 1000 });
    for (let n = 0; n < 3; n++) {
      const logged = entry(n);
      log.add(logged, 100);
      log.answer(logged, { status: 200, body: { page: n } }, 300);
    }
    // 3 × (100 + 300) is over 1000: the oldest went.
    expect(log.entries.map((e) => [e.path, e.answer])).toEqual([
      ['/v1/x/1', { status: 200, body: { page: 1 } }],
      ['/v1/x/2', { status: 200, body: { page: 2 } }],
    ]);
    const huge = entry(9);
    log.add(huge, 100);
    log.answer(huge, { status: 200, body: { big: true } }, 5000);
    expect(log.entries.at(-1)).toEqual(entry(9));
  });

  it('of a running sandbox stays within 16 MiB under a flood of large requests', async () => {
    const sandbox = await start(dataFile());
    const body = JSON.stringify({ filler: 'x'.repeat(1000 * 1000) });
    for (let i = 0; i < 20; i++) {
      expect((await call(sandbox, 'POST', `/v1/status-pages/incidents?n=${i}`, body)).status).toBe(400);
    }
    const logged = (await call(sandbox, 'GET', '/__sandbox/requests')).body as LoggedRequest[];
    expect(logged.length).toBeLessThan(17);
    expect(logged.length).toBeGreaterThan(10);
    expect(logged.at(-1)).toMatchObject({ method: 'POST', path: '/v1/status-pages/incidents?n=19', status: 400 });
  });

  it('keeps no body of a request without the key: it is answered 401 before its body is read', async () => {
    const sandbox = await start(dataFile());
    const body = JSON.stringify({ filler: 'x'.repeat(1000 * 1000) });
    for (let i = 0; i < 20; i++) {
      expect((await call(sandbox, 'POST', `/v1/status-pages/incidents?n=${i}`, body, 'sk_wrong_key_123')).status).toBe(
        401,
      );
    }
    const logged = (await call(sandbox, 'GET', '/__sandbox/requests')).body as LoggedRequest[];
    expect(logged).toHaveLength(20);
    expect(logged.every((entry) => entry.status === 401 && entry.body === undefined)).toBe(true);
  });
});
