import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testIO } from '../../src/io';
import { colorHttpStatus, colorId, colorValue, sayNote, saySuccess, sayWarning } from '../../src/output/say';
import { cli, testEnv } from '../helpers';

const ESC = '\u001b';
/** An IO on a terminal whose colour is `on` or off. */
async function terminal(on: boolean) {
  const io = testIO({ tty: true });
  await io.setColor({ noColorFlag: !on, env: {} });
  return io;
}

describe('the output vocabulary (src/output/say.ts)', () => {
  it('says success, warning (with its hint), note and mon: on stderr, nothing on stdout', async () => {
    const io = await terminal(false);
    saySuccess(io, 'Stored template "rollback".');
    sayWarning(io, 'MON_API_KEY is set.', 'Unset it to use this login.');
    sayNote(io, 'the last line was dropped.');
    sayNote(io, 'false exited with code 1; no ping was sent.', 'mon:');
    expect(io.stdout).toBe('');
    expect(io.stderr).toBe(
      '✓ Stored template "rollback".\n' +
        'warning: MON_API_KEY is set.\nUnset it to use this login.\n' +
        'note: the last line was dropped.\n' +
        'mon: false exited with code 1; no ping was sent.\n',
    );
  });

  it('colours the mark and the label only, when colour is on', async () => {
    const io = await terminal(true);
    saySuccess(io, 'Done.');
    sayWarning(io, 'Careful.');
    expect(io.stderr).toBe(`${ESC}[32m✓${ESC}[39m Done.\n${ESC}[33mwarning:${ESC}[39m Careful.\n`);
  });

  it('gives each value one colour wherever it is shown, and none to a value it does not know', async () => {
    const { style } = await terminal(true);
    expect(colorValue(style, 'INVESTIGATING')).toBe(`${ESC}[31mINVESTIGATING${ESC}[39m`);
    expect(colorValue(style, 'RESOLVED', 'Resolved')).toBe(`${ESC}[32mResolved${ESC}[39m`);
    expect(colorValue(style, 'CRITICAL')).toBe(`${ESC}[1m${ESC}[31mCRITICAL${ESC}[39m${ESC}[22m`);
    expect(colorValue(style, 'FAILING')).toBe(`${ESC}[31mFAILING${ESC}[39m`);
    expect(colorValue(style, 'DEPRECATED')).toBe(`${ESC}[33mDEPRECATED${ESC}[39m`);
    expect(colorValue(style, 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(colorValue(style, undefined, '—')).toBe('—');
    expect(colorId(style, '0b7e6a3c')).toBe(`${ESC}[36m0b7e6a3c${ESC}[39m`);
    expect(colorHttpStatus(style, 503, '503')).toBe(`${ESC}[31m503${ESC}[39m`);
    expect(colorHttpStatus(style, null, '—')).toBe(`${ESC}[2m—${ESC}[22m`);
    expect(colorValue((await terminal(false)).style, 'INVESTIGATING')).toBe('INVESTIGATING');
  });

  it('is the only place that writes the ✓ or a "warning:" / "note:" label (every command speaks through it)', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? sources(join(dir, entry.name))
          : entry.name.endsWith('.ts')
            ? [join(dir, entry.name)]
            : [],
      );
    const inline = sources('src')
      .filter((file) => file !== join('src', 'output', 'say.ts'))
      .filter((file) => /\((['"`])(✓|warning:|note:)\1\)|`✓ /.test(readFileSync(file, 'utf8')));
    expect(inline).toEqual([]);
  });

  it('`auth logout` with MON_API_KEY still set says so as a warning', async () => {
    const env = testEnv({ env: { MON_API_KEY: 'sk_test_still_set_1234' } });
    const result = await cli(['auth', 'logout'], { env });
    expect(result.stderr).toContain(
      'warning: MON_API_KEY is still set in this environment, and commands will use it.\n',
    );
  });
});
