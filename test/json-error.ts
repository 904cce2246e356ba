/** What an error is with --json or --jq (output/json-errors.ts): one JSON object on stderr, read back by the tests of both layers. */
import { expect } from 'vitest';

export interface JsonError {
  exitCode: number;
  kind: string;
  message: string;
  hint: string | null;
  status?: number;
  requestId?: string | null;
}

/** The error object, after checking that stderr is exactly one line of JSON and stdout is empty. */
export function jsonError(result: { code: number | null; stdout: string; stderr: string }): JsonError {
  expect(result.stdout).toBe('');
  const lines = result.stderr.split('\n');
  expect(lines, result.stderr).toHaveLength(2);
  expect(lines[1]).toBe('');
  const parsed = JSON.parse(lines[0]!) as { error: JsonError };
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(parsed.error.exitCode).toBe(result.code);
  return parsed.error;
}
