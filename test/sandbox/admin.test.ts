/** The sandbox's admin routes (sandbox/admin.ts): its clock, moved forward within bounds and kept in the data file. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server';
import { memorySandbox } from '../helpers';
import { call, dataFile, start, stop, stopAll } from './fixture';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

afterEach(stopAll);

describe('the sandbox clock', () => {
  it('refuses an advance that is negative, not finite, over 100 years or not a number (400), and stays where it was', async () => {
    const sandbox = await start(dataFile(), {}, () => Date.parse('2026-11-20T12:00:00Z'));
    for (const body of [
      '{"advanceSeconds":-1}',
      '{"advanceSeconds":1e400}',
      '{"advanceSeconds":4e9}',
      '{"advanceSeconds":"7200"}',
    ]) {
      const refused = await call(sandbox, 'POST', '/__sandbox/clock', body);
      expect(refused.status, body).toBe(400);
      expect(refused.body.message, body).toContain(
        'body.advanceSeconds must be a number of seconds from 0 to 100 years',
      );
    }
    const moved = await call(sandbox, 'POST', '/__sandbox/clock', { advanceSeconds: 7200 });
    expect(moved).toEqual({ status: 200, body: { now: '2026-11-20T14:00:00.000Z', offsetSeconds: 7200 } });
  });

  it('refuses an advance past the year 9999', async () => {
    const sandbox = await start(dataFile(), {}, () => Date.parse('9990-01-01T00:00:00Z'));
    const refused = await call(sandbox, 'POST', '/__sandbox/clock', { advanceSeconds: 20 * 365 * 86_400 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('past the year 9999');
  });

  it('keeps its offset across a restart (it is in the data file)', async () => {
    const file = dataFile();
    const now = () => Date.parse('2026-11-20T12:00:00Z');
    const first = await start(file, {}, now);
    expect((await call(first, 'POST', '/__sandbox/clock', { advanceSeconds: 3600 })).status).toBe(200);
    await stop(first);
    const second = await start(file, {}, now);
    const moved = await call(second, 'POST', '/__sandbox/clock', { advanceSeconds: 60 });
    expect(moved.body).toEqual({ now: '2026-11-20T13:01:00.000Z', offsetSeconds: 3660 });
  });
});
