/** Values are checked by the verb's table and named as the user typed them (core/flags/parse.ts), before anything is sent. */
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBody } from '../../../src/core/flags/parse';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon } from '../../helpers';

describe('values are checked by the table and named as typed', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await memorySandbox();
  });
  afterAll(() => sandbox.close());

  it.each([
    ['incidents list --status closed', '--status must be one of open, resolved or all', '"closed"'],
    ['incidents list --limit 101', '--limit must be a whole number from 1 to 100', '101'],
    ['incidents list --next-id ../x', '--next-id must not contain', '"../x"'],
    ['heartbeats events abc --limit 11', '--limit must be a whole number from 1 to 10', '11'],
    ['heartbeats events abc --from yesterday', '--from must be a date (2026-11-20)', '"yesterday"'],
    ['heartbeats events abc --since "5 parsecs"', '--since must be a duration like 90s', '"5 parsecs"'],
    ['runtimes get ..', 'RUNTIME must not be "." or ".."', '".."'],
    ['completion tcsh', 'shell must be one of bash, zsh or fish', '"tcsh"'],
  ])('mon %s: exit 2, "%s ... (got %s)", nothing sent', async (line, says, got) => {
    sandbox.requests.length = 0;
    const result = await mon(line, { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(says);
    expect(result.stderr).toContain(`(got ${got})`);
    expect(sandbox.requests).toEqual([]);
  });

  it('lists every problem of a command line at once', async () => {
    const result = await mon('incidents list --status x --limit 0', { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('2 problems:');
    expect(result.stderr).toContain('--limit must be a whole number from 1 to 100');
    expect(result.stderr).toContain('--status must be one of open, resolved or all');
  });

  it('accepts enum values in any case and sends them as the API spells them', async () => {
    const result = await mon(
      `incidents create --name n --severity mAjOr --status identified --service ${SEED_SERVICES.api} --message m --dry-run`,
      { sandbox },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"severity": "MAJOR"');
    expect(result.stdout).toContain('"status": "IDENTIFIED"');
  });
});

describe('a request body the flags built is checked, each problem named by the flag that gave it', () => {
  const spec = {
    flags: {
      message: { kind: 'text', help: 'h', body: ['incidentUpdates[0].description'] },
      severity: { kind: 'text', help: 'h', body: ['severity'] },
    },
  } as const;
  const schema = z.object({
    severity: z.enum(['MINOR', 'MAJOR']),
    incidentUpdates: z.array(z.object({ description: z.string().max(5), notify: z.boolean() })),
  });
  const failure = (body: unknown) => {
    try {
      checkBody(schema, body, spec);
    } catch (error) {
      return (error as Error).message;
    }
    return 'no problem';
  };

  it('returns the body as the schema parsed it', () => {
    const body = { severity: 'MINOR', incidentUpdates: [{ description: 'ok', notify: false }] };
    expect(checkBody(schema, body, spec)).toEqual(body);
  });

  it.each([
    [
      'a value under a flag: its name and what was given',
      { severity: 'MINOR', incidentUpdates: [{ description: 'too long', notify: false }] },
      '--message Too big: expected string to have <=5 characters (got "too long").',
    ],
    [
      'a value no flag gave: its path in the body',
      { severity: 'MINOR', incidentUpdates: [{ description: 'ok', notify: 'yes' }] },
      'incidentUpdates[0].notify Invalid input: expected boolean, received string (got "yes").',
    ],
    [
      'every problem at once',
      { severity: 'LOW', incidentUpdates: [{ description: 'too long', notify: false }] },
      '2 problems:\n  --severity Invalid option: expected one of "MINOR"|"MAJOR" (got "LOW")\n  --message Too big: expected string to have <=5 characters (got "too long")',
    ],
    [
      'a value missing: nothing was given',
      { severity: 'MINOR' },
      'incidentUpdates Invalid input: expected array, received undefined.',
    ],
  ])('%s', (_what, body, message) => {
    expect(failure(body)).toBe(message);
  });
});
