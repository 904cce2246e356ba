/**
 * `mon checks get CHECK` in-process against the sandbox: CHECK as a 6+ prefix or a name,
 * ambiguous names (exit 2 listing the matches), a missing check (exit 6), what is shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { cli, tsvFields } from '../../helpers';
import { checksFixture, createDns } from './fixture';

let sandbox: Sandbox;
let ids: Record<string, string>;

beforeAll(async () => {
  ({ sandbox, ids } = await checksFixture());
});
afterAll(() => sandbox.close());

describe('mon checks get', () => {
  it('takes a 6-character prefix: configuration, request and assertions, retries, status', async () => {
    const result = await cli(['checks', 'get', ids.api!.slice(0, 6)], { sandbox });
    expect(result.code, result.stderr).toBe(0);
    const fields = tsvFields(result.stdout);
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
    const twin = await createDns(sandbox, 'API DNS', []);
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
