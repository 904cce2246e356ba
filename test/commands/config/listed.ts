/** What `mon config list --json` says of a profile: every verb of `mon config` is checked by it. */
import { expect } from 'vitest';
import { mon } from '../../helpers';

/** A profile with nothing set, as `config list --json` shows it. */
export const NOTHING_SET = {
  'base-url': null,
  account: null,
  'api-key': null,
  'ping-url': null,
  timeout: null,
  accessible: null,
} as const;

/** `mon [--profile NAME] config list --json` (exit 0, nothing on stderr), parsed. */
export async function listed(env: NodeJS.ProcessEnv, profile?: string): Promise<Record<string, unknown>> {
  const result = await mon(`${profile ? `--profile ${profile} ` : ''}config list --json`, { env });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as Record<string, unknown>;
}
