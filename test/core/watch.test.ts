/**
 * The --watch loop (core/watch.ts) of `mon status` and `mon incidents list`: what it writes at
 * each refresh, the "+" of a new row, the back-off after errors, Ctrl-C, and a frame taller
 * than the terminal. Timers are vitest's fake ones: nothing here waits for the clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fitHeight, watch, type WatchLine } from '../../src/core/watch';
import { CancelledError } from '../../src/errors';
import { testIO } from '../../src/io';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const NOW = Date.parse('2026-03-02T10:00:00.000Z');

/**
 * A watch whose reads give `frames` in turn (an Error is thrown); after the last one it stops,
 * as Ctrl-C does. `writes()`: what each refresh wrote so far.
 */
function watching(frames: (WatchLine[] | Error)[], interval = 1) {
  const io = testIO({ tty: true, columns: 80, rows: 24 });
  const controller = new AbortController();
  const writes: string[] = [];
  let reads = 0;
  let seen = 0;
  const done = watch({ io, signal: controller.signal }, interval, {
    now: () => NOW,
    read: async () => {
      const frame = frames[reads++];
      if (!frame) {
        controller.abort();
        throw new Error('aborted');
      }
      if (frame instanceof Error) throw frame;
      return frame;
    },
  });
  done.catch(() => {});
  return {
    done,
    reads: () => reads,
    writes: () => {
      if (io.stdout.length > seen) writes.push(io.stdout.slice(seen));
      seen = io.stdout.length;
      return writes;
    },
  };
}

const FOOTER = 'Fetched 10:00:00 UTC · next refresh in 1s · Ctrl-C to stop';

describe('watch', () => {
  it('rewrites only the lines that changed, over the last frame, and marks the rows it had not shown', async () => {
    const run = watching([
      [{ text: 'Open (1)' }, { text: '  aaaa  one', row: 'a' }],
      [{ text: 'Open (2)' }, { text: '  bbbb  two', row: 'b' }, { text: '  aaaa  one', row: 'a' }],
      [{ text: 'Open (2)' }, { text: '  bbbb  two', row: 'b' }, { text: '  aaaa  one', row: 'a' }],
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(run.writes()).toEqual([`\r\x1b[2KOpen (1)\n\r\x1b[2K  aaaa  one\n\r\x1b[2K\n\r\x1b[2K${FOOTER}\n`]);
    await vi.advanceTimersByTimeAsync(1000);
    // Up 4 lines; each line rewritten (the row "a" moved down, so its line changed), the footer added.
    expect(run.writes()[1]).toBe(
      '\x1b[4F' +
        '\r\x1b[2KOpen (2)\x1b[1E' +
        '\r\x1b[2K+ bbbb  two\x1b[1E' +
        '\r\x1b[2K  aaaa  one\x1b[1E' +
        `\r\x1b[2K\x1b[1E` +
        `\r\x1b[2K${FOOTER}\n`,
    );
    await vi.advanceTimersByTimeAsync(1000);
    // Nothing new: "b" is no longer marked, and the lines that did not change are skipped.
    expect(run.writes()[2]).toBe('\x1b[5F' + '\x1b[1E' + '\r\x1b[2K  bbbb  two\x1b[1E' + '\x1b[1E'.repeat(3));
    await vi.advanceTimersByTimeAsync(1000);
    await expect(run.done).rejects.toThrow(CancelledError);
  });

  it('shows an error in the footer, keeps the last frame, and doubles the wait until a read succeeds', async () => {
    const frame = [{ text: 'Open (1)' }, { text: '  aaaa  one', row: 'a' }];
    const run = watching([frame, new Error('503 Service Unavailable\nmore'), new Error('timed out'), frame]);
    await vi.advanceTimersByTimeAsync(0);
    run.writes();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run.reads()).toBe(2);
    expect(run.writes()[1]).toContain('Refresh failed (503 Service Unavailable); trying again in 2s');
    expect(run.writes()[1]).not.toContain('aaaa');
    await vi.advanceTimersByTimeAsync(1999);
    expect(run.reads()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.reads()).toBe(3);
    expect(run.writes()[2]).toContain('Refresh failed (timed out); trying again in 4s');
    await vi.advanceTimersByTimeAsync(4000);
    expect(run.writes()[3]).toContain(FOOTER);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(run.done).rejects.toThrow(CancelledError);
  });

  it('backs off no further than 5 minutes', async () => {
    const run = watching([new Error('refused')], 200);
    await vi.advanceTimersByTimeAsync(0);
    expect(run.writes()[0]).toContain('trying again in 300s');
    await vi.advanceTimersByTimeAsync(300_000);
    await expect(run.done).rejects.toThrow('Stopped watching.');
  });
});

describe('fitHeight', () => {
  it('leaves a frame that fits as it is, and cuts a taller one to the screen with what was left out', () => {
    const body = Array.from({ length: 21 }, (_, index) => `line ${index + 1}`);
    expect(fitHeight(body, 24)).toBe(body);
    const cut = fitHeight([...body, 'line 22'], 24);
    expect(cut).toHaveLength(21);
    expect(cut.at(-2)).toBe('line 20');
    expect(cut.at(-1)).toBe('  … 2 more lines (a taller terminal shows them)');
  });
});
