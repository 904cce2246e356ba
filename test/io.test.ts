import { describe, expect, it } from 'vitest';
import { decideColor, Output, testIO } from '../src/io';
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
