/** The time window of heartbeats events and availability (--from, --to, --since) is checked before anything is sent. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox/server';
import { type CliOptions, memorySandbox, mon } from '../../../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.requests.length = 0;
});

const run = (line: string, options: CliOptions = {}) => mon(`--no-color ${line}`, { sandbox, ...options });

describe('time windows are checked before anything is sent', () => {
  it.each([
    ['heartbeats events any-check --from 2099-01-01', '--from must not be in the future (got "2099-01-01")'],
    ['heartbeats availability any-check --to 2099-01-01T00:00:00Z', '--to must not be in the future'],
    ['heartbeats events any-check --from 2020-01-02 --to 2020-01-01', '--from must be before --to'],
    ['heartbeats events any-check --since 2h --from 1h', '--since cannot be combined with --from'],
  ])('mon %s: exit 2, "%s", nothing sent', async (line, says) => {
    const result = await run(line);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(says);
    expect(sandbox.requests).toEqual([]);
  });
});
