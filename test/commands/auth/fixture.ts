/** What the tests of the auth verbs share. */
import { expect } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { mon, TEST_ACCOUNT, TEST_KEY, testEnv } from '../../helpers';

/** A config of its own, logged in to `sandbox` with `auth login --with-key` (profile "default"). */
export async function loggedIn(sandbox: Sandbox): Promise<NodeJS.ProcessEnv> {
  const env = testEnv();
  const login = await mon(`auth login --with-key --base-url ${sandbox.url} --account ${TEST_ACCOUNT}`, {
    env,
    stdin: `${TEST_KEY}\n`,
  });
  expect(login.code, login.stderr).toBe(0);
  return env;
}
