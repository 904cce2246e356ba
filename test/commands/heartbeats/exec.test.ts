/**
 * `mon heartbeats exec`'s limits, in-process: --max-runtime and --min-duration take
 * durations (a bare number is refused with the forms), a pair that could never ping is
 * refused, --dry-run says what would run under which limits, and the codes they end with
 * come out in JSON errors too. The real processes and signals: test/e2e/heartbeats-exec-*.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, httpServer, testEnv, type TestServer } from '../../helpers';

const TOKEN = '5d3c1b2a-9e8f-4a7b-8c6d-0e1f2a3b4c5d';

let host: TestServer;
beforeAll(async () => {
  host = await httpServer((_req, res) => res.writeHead(200).end());
});
afterAll(() => host.close());

const env = () => testEnv({ env: { MON_PING_URL: host.url, PATH: process.env.PATH } });

describe('heartbeats exec limits', () => {
  it.each([
    [
      ['--max-runtime', '30'],
      '--max-runtime needs a unit: 30s, 30m, 30h or 30d (a duration like 90s, 30m, 2h, 7d or 2w) (got "30").',
    ],
    [['--min-duration', 'soon'], '--min-duration must be a duration like 90s, 30m, 2h, 7d or 2w (got "soon").'],
    [['--max-runtime', '0s'], '--max-runtime must be a duration like 90s, 30m, 2h, 7d or 2w (got "0s").'],
    [
      ['--max-runtime', '30m', '--min-duration', '1h'],
      '--min-duration (1h) must be shorter than --max-runtime (30m): no run could be pinged.',
    ],
  ])('%j: exit 2 naming the flag and the rule; nothing runs', async (flags, message) => {
    const marker = join(env().HOME!, 'ran');
    const result = await cli(['heartbeats', 'exec', TOKEN, ...flags, '--', 'touch', marker], { env: env() });
    expect(result.stderr).toContain(`error: ${message}`);
    expect(result.code).toBe(2);
    expect(existsSync(marker)).toBe(false);
    expect(host.received).toEqual([]);
  });

  it('--dry-run says what would run, under which limits, and where the ping would go; it runs nothing', async () => {
    const marker = join(env().HOME!, 'ran');
    const result = await cli(
      [
        'heartbeats',
        'exec',
        TOKEN,
        '--dry-run',
        '--no-overlap',
        '--max-runtime',
        '2h',
        '--min-duration',
        '1m',
        '--',
        'touch',
        marker,
      ],
      { env: env() },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `Would run: touch ${marker}\n` +
        '  unless the previous run of this monitor still goes (--no-overlap: exit 75)\n' +
        '  stopped after 2h (SIGTERM, SIGKILL 10s later: exit 124, no ping)\n' +
        'then, if it exits 0 and ran at least 1m (else exit 8, no ping), the ping:\n' +
        'Dry run: nothing was sent (the token is masked here; no API key is sent with a ping).\n',
    );
    expect(result.stdout).toBe(`POST ${host.url}/…4c5d\n`);
    expect(existsSync(marker)).toBe(false);
    expect(host.received).toEqual([]);
  });

  it('a run stopped by --max-runtime is exit 124, and kind job-timeout in a JSON error', async () => {
    const result = await cli(['heartbeats', 'exec', TOKEN, '--max-runtime', '1s', '--json', '--', 'sleep', '60'], {
      env: env(),
    });
    expect(result.code).toBe(124);
    expect(JSON.parse(result.stderr)).toEqual({
      error: expect.objectContaining({
        exitCode: 124,
        kind: 'job-timeout',
        message: 'sleep 60 ran longer than --max-runtime 1s and was stopped (SIGTERM); no ping was sent.',
      }),
    });
    expect(host.received).toEqual([]);
  });

  it('a run too short for --min-duration is exit 8, and kind too-fast in a JSON error', async () => {
    const fast = await cli(['heartbeats', 'exec', TOKEN, '--min-duration', '1h', '--json', '--', 'true'], {
      env: env(),
    });
    expect(fast.code).toBe(8);
    expect(JSON.parse(fast.stderr).error).toMatchObject({ exitCode: 8, kind: 'too-fast' });
    expect(host.received).toEqual([]);
  });
});
