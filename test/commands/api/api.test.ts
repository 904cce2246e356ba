/** `mon api`: any request of the API, with the same auth, as indented JSON. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, refusesBadInput } from '../../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => {
  sandbox.requests.length = 0;
});

describe('mon api --dry-run', () => {
  it('mon api --dry-run prints a body holding null as it is (the masking walks past it)', async () => {
    const result = await mon('api -X POST /v1/anything -F note=null -F n=1 --dry-run', {
      sandbox,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout.split('\n').slice(1).join('\n'))).toEqual({ note: null, n: 1 });
    expect(sandbox.requests).toHaveLength(0);
  });
});

refusesBadInput([
  { what: 'a path with ".."', line: 'api /v1/../v1/runtimes', says: 'PATH must not contain "." or ".." segments' },
  {
    what: 'a URL instead of a path',
    line: 'api https://evil.example.com/v1/runtimes',
    says: 'PATH must be a path on the API',
  },
  { what: 'an unknown method', line: 'api /v1/runtimes -X FETCH', says: '--method must be one of GET, POST' },
]);
