import { Chalk, backgroundColorNames, foregroundColorNames, modifierNames } from 'chalk';
import { describe, expect, it } from 'vitest';
import { decideColor, NO_COLOR, Output, testIO } from '../src/io';
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

describe('no colour (NO_COLOR, which does not load chalk)', () => {
  const chalk = new Chalk({ level: 0 });
  const styles = [...modifierNames, ...foregroundColorNames, ...backgroundColorNames, 'visible'];
  type Chain = Record<string, unknown> & ((...values: unknown[]) => string);
  const follow = (start: unknown, path: string[]) => path.reduce((at, name) => (at as Chain)[name], start) as Chain;
  // Every kind of value a style may be given: '' + value for one, joined with spaces (null and undefined as '') for several.
  const values = [
    'text',
    '',
    0,
    -1.5,
    undefined,
    null,
    true,
    {},
    { toString: () => 'custom' },
    [1, [2, undefined]],
    'two\nlines',
    '\u001b[31mred\u001b[39m',
  ];
  const calls: unknown[][] = [[], ...values.map((value) => [value])];
  for (const a of values) for (const b of values) calls.push([a, b]);
  calls.push(['a', 1, undefined], [null, {}, 'b'], [2, '', [3]]);
  const few: unknown[][] = [[], ['text'], [undefined], [1, {}], ['a', null, 2]];

  it("has chalk's styles and no other: every modifier, colour and background colour, visible, the colour models and level", () => {
    const names = (style: object) =>
      Object.getOwnPropertyNames(Object.getPrototypeOf(style))
        .filter((name) => name !== 'constructor' && name !== 'level')
        .sort();
    expect(names(NO_COLOR)).toEqual(names(chalk));
    expect(names(NO_COLOR)).toEqual(expect.arrayContaining(styles));
    expect([NO_COLOR.level, chalk.level]).toEqual([0, 0]);
    expect(NO_COLOR.bold.red.level).toBe(0);
    expect(typeof NO_COLOR).toBe('function');
    expect((NO_COLOR as unknown as Chain).purple).toBeUndefined();
  });

  // Differences are collected, not expected one by one: expect() per call would take most of the time.
  const differences = (paths: string[][], argLists: unknown[][]) => {
    const found: string[] = [];
    for (const path of paths) {
      const ours = follow(NO_COLOR, path);
      const theirs = follow(chalk, path);
      for (const args of argLists) {
        const [got, want] = [ours(...args), theirs(...args)];
        if (got !== want)
          found.push(`${path.join('.')}(${args.length}): ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
      }
    }
    return found;
  };

  it("gives what chalk's level 0 gives, called alone and through every style, with 0 to 3 values of any kind", () => {
    expect(differences([[], ...styles.map((name) => [name])], calls)).toEqual([]);
  });

  it('and through every chain of two and three styles (visible anywhere in it gives nothing)', () => {
    const paths: string[][] = [];
    for (const first of styles) {
      for (const second of styles) {
        paths.push([first, second], ...styles.map((third) => [first, second, third]));
      }
    }
    expect(paths).toHaveLength(styles.length ** 2 * (styles.length + 1));
    expect(differences(paths, few)).toEqual([]);
    expect(NO_COLOR.visible.bold('x')).toBe('');
    expect(NO_COLOR.bold.visible('x')).toBe('');
    expect(NO_COLOR.bold.red('x', 1)).toBe('x 1');
  });

  it('picks no colour by rgb, hex or ansi256, as chalk at level 0', () => {
    for (const [path, pick] of [
      ['rgb', [255, 0, 0]],
      ['hex', ['#ff0000']],
      ['ansi256', [196]],
      ['bgRgb', [0, 0, 255]],
      ['bgHex', ['#00f']],
      ['bgAnsi256', [21]],
    ] as const) {
      for (const start of [[], ['bold'], ['visible']]) {
        const ours = (follow(NO_COLOR, start)[path] as (...pick: unknown[]) => Chain)(...pick);
        const theirs = (follow(chalk, start)[path] as (...pick: unknown[]) => Chain)(...pick);
        const [underlined, theirsUnderlined] = [follow(ours, ['underline']), follow(theirs, ['underline'])];
        for (const args of few) expect(underlined(...args)).toBe(theirsUnderlined(...args));
      }
    }
  });

  it('cannot be given colour: its level is fixed', () => {
    expect(() => {
      (NO_COLOR as { level: number }).level = 1;
    }).toThrow(TypeError);
    expect(NO_COLOR.red('x')).toBe('x');
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

describe("stdout and stderr written to a file or a pipe (io.ts's Output)", () => {
  /** A descriptor that takes `accepts` bytes a call (then EAGAIN, or another error), and the stream Node would build. */
  function descriptor(options: { accepts: number[]; fails?: string; device?: boolean }) {
    const written: string[] = [];
    const streamed: string[] = [];
    let builds = 0;
    const fs = {
      fstatSync: () => ({ isCharacterDevice: () => options.device ?? false }),
      writeSync: (_fd: number, bytes: Buffer, at: number) => {
        const take = options.accepts.shift();
        if (take === undefined)
          throw Object.assign(new Error(options.fails ?? 'EAGAIN'), { code: options.fails ?? 'EAGAIN' });
        written.push(bytes.subarray(at, at + take).toString());
        return Math.min(take, bytes.length - at);
      },
    };
    const stream = () => {
      builds++;
      return {
        isTTY: false,
        write: (text: string | Buffer) => streamed.push(String(text)),
      } as unknown as NodeJS.WriteStream;
    };
    const output = new Output(1, stream, fs as never);
    return { output, written, streamed, builds: () => builds };
  }

  it('writes to the descriptor, whole, without building the stream', () => {
    const { output, written, builds } = descriptor({ accepts: [3, 100, 100] });
    output.write('abcdef');
    output.write('ghi');
    expect(written.join('')).toBe('abcdefghi');
    expect(output.isTTY).toBe(false);
    expect(builds()).toBe(0);
  });

  it('hands the rest to the stream when the pipe is full (EAGAIN), and writes in order through it from then on', () => {
    const { output, written, streamed, builds } = descriptor({ accepts: [4] });
    output.write('abcdefgh');
    output.write('ij');
    expect(written).toEqual(['abcd']);
    expect(streamed).toEqual(['efgh', 'ij']);
    expect(builds()).toBe(1);
  });

  it('leaves a reader that went away (EPIPE) and other write errors to the caller', () => {
    expect(() => descriptor({ accepts: [], fails: 'EPIPE' }).output.write('x')).toThrow('EPIPE');
    expect(() => descriptor({ accepts: [], fails: 'ENOSPC' }).output.write('x')).toThrow('ENOSPC');
  });
});
