/**
 * The rules of `mon sandbox`'s own flags (its table's min and max: --port, --max-checks) on
 * both sides, run as a user runs it, since it serves until stopped (test/rules/cli.test.ts runs
 * every other verb in-process): the bound accepted (it serves, or, on a port another process
 * holds, fails for that and not for the value), one past it refused (exit 2 naming the flag,
 * nothing served).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allVerbs, tableCases } from '../rules/flags';
import { BIN, cleanEnv, collect, tempDir } from './harness';

const verbs = await allVerbs();
const serve = verbs.find((verb) => verb.words === 'sandbox')!;
const cases = Object.entries(serve.spec.flags).flatMap(([key, flag]) => tableCases(key, flag, ['--port=0', '--json']));

describe('mon sandbox', () => {
  it('has cases on both sides', () => {
    expect(cases.some((one) => one.accepted)).toBe(true);
    expect(cases.some((one) => !one.accepted)).toBe(true);
  });

  it.each(cases.map((one) => [`${one.what}: ${one.accepted ? 'accepted' : 'refused'}`, one] as const))(
    '%s',
    async (_what, one) => {
      const data = join(tempDir('mon-rules-'), 'sandbox.jsonl');
      const child = spawn(process.execPath, [BIN, 'sandbox', `--data=${data}`, ...one.words], {
        env: cleanEnv(),
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      // Serving: its banner is the first line on stdout. Then it is stopped.
      let banner = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        banner += chunk.toString();
        if (banner.includes('\n')) child.kill('SIGTERM');
      });
      const result = await collect(child);
      if (one.accepted) {
        if (banner.includes('\n')) {
          expect(JSON.parse(banner.split('\n')[0]!)).toHaveProperty('baseUrl');
        } else {
          // A port another process holds: said as such, not as a value refused.
          expect(result.code, result.stderr).not.toBe(2);
          expect(result.stderr).toMatch(/in use|EADDRINUSE/);
        }
        for (const name of one.named) expect(result.stderr).not.toContain(`${name} must`);
      } else {
        expect(result.code, result.stderr).toBe(2);
        expect(
          one.named.some((name) => result.stderr.includes(name)),
          result.stderr,
        ).toBe(true);
        expect(banner).toBe('');
      }
    },
  );
});
