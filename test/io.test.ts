import { describe, expect, it } from 'vitest';
import { decideColor, testIO } from '../src/io';
import { displayWidth } from '../src/text/width';
import { words } from './words';

describe('colour rules', () => {
  it.each([
    [true, false, {}, true],
    [false, false, {}, false],
    [true, true, {}, false],
    [true, false, { NO_COLOR: '1' }, false],
    [true, false, { NO_COLOR: '' }, true],
    [false, false, { FORCE_COLOR: '1' }, true],
    [true, false, { FORCE_COLOR: '0' }, false],
    [true, false, { FORCE_COLOR: '1', NO_COLOR: '1' }, true],
    [true, true, { FORCE_COLOR: '1' }, false],
    [true, false, { TERM: 'dumb' }, false],
  ])('tty=%s --no-color=%s env=%j → %s', (tty, flag, env, expected) => {
    expect(decideColor(tty, flag, env)).toBe(expected);
  });
});

describe('the IO on a terminal', () => {
  const long = `${'word '.repeat(30).trim()}\n`;
  const fitted = (text: string) => text.split('\n').every((row) => displayWidth(row) <= 40) && text !== long;

  it('fits what it writes on stderr and stdout to the terminal', () => {
    const io = testIO({ tty: true, columns: 40 });
    io.err(long);
    io.out(long);
    expect(fitted(io.stderr)).toBe(true);
    expect(fitted(io.stdout)).toBe(true);
    expect(words(io.stderr)).toEqual(words(long));
  });

  it('writes JSON (the raw writers) and piped text exactly as given', () => {
    const io = testIO({ tty: true, columns: 40 });
    io.errRaw(long);
    io.outRaw(long);
    expect([io.stderr, io.stdout]).toEqual([long, long]);
    const piped = testIO({ tty: false, columns: 40 });
    piped.err(long);
    piped.out(long);
    expect([piped.stderr, piped.stdout]).toEqual([long, long]);
  });
});
