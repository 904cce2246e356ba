/** The sandbox the `mon checks` tests share the shape of: 12 web checks and one "API DNS" with assertions and retries. */
import { expect } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { cli, frozenClock, memorySandbox } from '../../helpers';

export async function createDns(sandbox: Sandbox, name: string, tags: string[], more: string[] = []): Promise<string> {
  const tagFlags = tags.flatMap((tag) => ['--tag', tag]);
  const result = await cli(
    ['checks', 'create-dns', '--name', name, '--query', 'example.com', '--no-input', ...tagFlags, ...more],
    { sandbox },
  );
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim();
}

export async function checksFixture(): Promise<{ sandbox: Sandbox; ids: Record<string, string> }> {
  const sandbox = await memorySandbox({ now: frozenClock(Date.parse('2026-03-02T12:00:00.000Z')) });
  const ids: Record<string, string> = {};
  for (let n = 1; n <= 12; n++)
    ids[`Web ${n}`] = await createDns(sandbox, `Web ${String(n).padStart(2, '0')}`, ['web']);
  ids.api = await createDns(
    sandbox,
    'API DNS',
    ['api', 'prod'],
    [
      ...['--assert', 'RESPONSE_CODE EQUALS NOERROR', '--retry-type', 'FIXED', '--retry-max-retries', '2'],
      ...['--no-use-global-alert-settings', '--alert-failed-run-threshold', '2'],
    ],
  );
  return { sandbox, ids };
}
