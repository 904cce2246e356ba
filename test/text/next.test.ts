/** "The command to type next" (src/text/next.ts): a hint's command keeps where the command line went, and is one line. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandLine, hintText, joinHints, nextCommand } from '../../src/text/next';
import type { Sandbox } from '../../src/sandbox/server';
import { memorySandbox, mon, testEnv } from '../helpers';

describe('nextCommand', () => {
  it('keeps the global flags that chose where the command line went, quoted for a shell', () => {
    expect(nextCommand({}, 'incidents list')).toBe('`mon incidents list`');
    expect(nextCommand({ sandbox: true }, 'incidents list')).toBe('`mon --sandbox incidents list`');
    expect(commandLine({ profile: 'staging', baseUrl: 'http://127.0.0.1:4010', insecure: true }, 'auth status')).toBe(
      'mon --profile staging --base-url http://127.0.0.1:4010 --insecure auth status',
    );
    expect(commandLine({ account: 'acme corp', pingUrl: 'https://ping.example.com' }, 'heartbeats list')).toBe(
      'mon --account "acme corp" --ping-url https://ping.example.com heartbeats list',
    );
  });

  it('does not say a flag twice that the command gives itself', () => {
    expect(commandLine({ profile: 'staging' }, '--profile staging auth login')).toBe(
      'mon --profile staging auth login',
    );
    expect(commandLine({ sandbox: true }, '--sandbox incidents list')).toBe('mon --sandbox incidents list');
  });

  it('writes a hint that names commands for the command line in use', () => {
    const hint = joinHints('Nothing was sent.', (next) => `${next('incidents list')} shows them.`, undefined);
    expect(hintText(hint, { sandbox: true })).toBe('Nothing was sent. `mon --sandbox incidents list` shows them.');
    expect(hintText(hint, {})).toBe('Nothing was sent. `mon incidents list` shows them.');
    expect(hintText('plain', { sandbox: true })).toBe('plain');
    expect(hintText(undefined, {})).toBeUndefined();
  });
});

describe('a hint after a command line with --sandbox or --profile', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await memorySandbox();
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  /** The stderr row that holds `text`, whole. */
  const rowWith = (stderr: string, text: string) => stderr.split('\n').find((row) => row.includes(text));

  it('keeps --sandbox, on one row of an 80-column terminal', async () => {
    const env = testEnv();
    const result = await mon('--sandbox incidents get abcdef99', { env, tty: true, columns: 80 });
    expect(result.code).toBe(6);
    const command = '`mon --sandbox incidents list --status all`';
    expect(rowWith(result.stderr, command)).toBeDefined();
    for (const row of result.stderr.split('\n')) expect(row.length).toBeLessThanOrEqual(80);
    // Without it, the hint names the command as typed without it.
    const plain = await mon('incidents get abcdef99', { sandbox, tty: true, columns: 80 });
    expect(plain.code).toBe(6);
    expect(plain.stderr).toContain('`mon incidents list --status all` shows incidents');
  });

  it('keeps --profile NAME, on one row of an 80-column terminal, however long the hint', async () => {
    const env = testEnv({ env: { MON_API_KEY: 'sk_test_0123456789abcdef' } });
    expect((await mon(`--profile staging config set base-url ${sandbox.url}`, { env })).code).toBe(0);
    const result = await mon('--profile staging incidents update abcdef99 -m "Rolled back." -s identified', {
      env,
      tty: true,
      columns: 80,
    });
    expect(result.code).toBe(6);
    expect(rowWith(result.stderr, '`mon --profile staging incidents list --status all`')).toBeDefined();
    // A command that does not fit after the text goes on to the next row whole, never broken with " \".
    const next = await mon('--profile staging incidents resolve', { env, tty: false, columns: 80 });
    expect(next.code).toBe(2);
    expect(next.stderr).toContain(
      'For example: `mon --profile staging incidents resolve INCIDENT_ID --message "Payments work again."`',
    );
    const wrapped = await mon('--profile staging incidents resolve --no-input', { env, tty: true, columns: 80 });
    expect(wrapped.code).toBe(2);
    const command = '`mon --profile staging incidents resolve INCIDENT_ID --message "Payments work again."`';
    expect(rowWith(wrapped.stderr, command)).toBeDefined();
    expect(wrapped.stderr).not.toContain('\\\n');
  });

  it('keeps --sandbox in a "Next:" line', async () => {
    const env = testEnv({ env: { NO_COLOR: '1' } });
    const result = await mon('--sandbox heartbeats create --name "Nightly backup" --period 1d --grace 1h', {
      env,
      tty: true,
      columns: 80,
    });
    expect(result.code).toBe(0);
    // Too long to follow "Next:" on its row, it is the whole of the next one.
    expect(result.stderr).toMatch(/^ {2}Next:\n`mon --sandbox heartbeats exec [0-9a-f-]{36} -- JOB`\n/m);
    for (const row of result.stderr.split('\n')) expect(row.length).toBeLessThanOrEqual(80);
  });
});
