/**
 * The --watch loop (core/watch.ts) of `mon status` and `mon incidents list`: what it writes at
 * each refresh, the "+" of a new row, the back-off after errors, Ctrl-C, and a frame taller
 * than the terminal. Timers are vitest's fake ones: nothing here waits for the clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fitHeight, watch, type WatchLine } from '../../src/core/watch';
import { CancelledError } from '../../src/errors';
import { testIO } from '../../src/io';
import { Cancellation } from '../../src/signals';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * A watch whose reads give `frames` in turn (an Error is thrown); after the last one it stops,
 * as Ctrl-C does. `writes()`: what each refresh wrote so far.
 */
function watching(frames: (WatchLine[] | Error)[], interval = 1, env: NodeJS.ProcessEnv = {}) {
  const io = testIO({ tty: true, columns: 80, rows: 24 });
  const cancel = new Cancellation();
  const writes: string[] = [];
  let reads = 0;
  let seen = 0;
  // The server's clock stands still (its last answer); ours moves with the fake timers.
  const done = watch({ io, cancel, env, now: () => Date.now() }, interval, {
    now: () => NOW,
    read: async () => {
      const frame = frames[reads++];
      if (!frame) {
        cancel.abort();
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

  it('after a failed refresh: the last frame stays, each row marked "?", with how old it is; the wait doubles until a read succeeds', async () => {
    const frame = [{ text: 'Open (1)' }, { text: '  aaaa  one', row: 'a' }];
    const run = watching([frame, new Error('503 Service Unavailable\nmore'), new Error('timed out'), frame]);
    await vi.advanceTimersByTimeAsync(0);
    run.writes();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run.reads()).toBe(2);
    // Only the row and the footer change: the heading stays; the stale row is marked, and the age said first.
    expect(run.writes()[1]).toBe(
      '\x1b[4F' +
        '\x1b[1E' +
        '\r\x1b[2K? aaaa  one\x1b[1E' +
        '\x1b[1E' +
        '\r\x1b[2KStale: as fetched at 10:00:00 UTC, just now; rows marked ? may have changed.\x1b[1E' +
        '\r\x1b[2KRefresh failed: 503 Service Unavailable · next try in 2s · Ctrl-C to stop\n',
    );
    await vi.advanceTimersByTimeAsync(1999);
    expect(run.reads()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.reads()).toBe(3);
    // Three seconds on: its age is said by our clock from the server's time of that answer.
    expect(run.writes()[2]).toContain('Refresh failed: timed out · next try in 4s');
    await vi.advanceTimersByTimeAsync(4000);
    expect(run.writes()[3]).toContain(FOOTER);
    expect(run.writes()[3]).toContain('\r\x1b[2K  aaaa  one');
    expect(run.writes()[3]).not.toContain('Stale');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(run.done).rejects.toThrow(CancelledError);
  });

  it('a frame that stays stale says its age as it grows, and one that never came says nothing was fetched', async () => {
    const run = watching([[{ text: '  aaaa  one', row: 'a' }], ...Array<Error>(5).fill(new Error('refused'))], 30);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(30_000 + 60_000 + 120_000);
    expect(run.writes().at(-1)).toContain('Stale: as fetched at 10:00:00 UTC, 3m ago; rows marked ? may have changed.');
    expect(run.writes().at(-1)).toContain('next try in 240s');

    const never = watching([new Error('refused')], 200);
    await vi.advanceTimersByTimeAsync(0);
    expect(never.writes()[0]).toBe('\r\x1b[2K\n\r\x1b[2KRefresh failed: refused · next try in 300s · Ctrl-C to stop\n');
    await vi.advanceTimersByTimeAsync(300_000);
    await expect(never.done).rejects.toThrow('Stopped watching.');
  });

  it('the reason of a failure is cut to the width before the wait and Ctrl-C are', async () => {
    const run = watching([new Error(`connect ECONNREFUSED ${'x'.repeat(100)}`)]);
    await vi.advanceTimersByTimeAsync(0);
    const footer = run.writes()[0]!.split('\r\x1b[2K').at(-1)!.trimEnd();
    expect(footer).toMatch(/^Refresh failed: connect ECONNREFUSED x+… · next try in 2s · Ctrl-C to stop$/);
    expect([...footer].length).toBe(80);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(run.done).rejects.toThrow(CancelledError);
  });

  it('with TERM=dumb, which moves no cursor: each refresh below the last, the frame when it changed, the footer every time', async () => {
    const one = [{ text: 'Open (1)' }, { text: '  aaaa  one', row: 'a' }];
    const two = [{ text: 'Open (2)' }, { text: '  bbbb  two', row: 'b' }, { text: '  aaaa  one', row: 'a' }];
    const run = watching([one, one, two], 1, { TERM: 'dumb' });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(run.writes().join('')).toBe(
      `Open (1)\n  aaaa  one\n${FOOTER}\n` + `${FOOTER}\n` + `\nOpen (2)\n+ bbbb  two\n  aaaa  one\n${FOOTER}\n`,
    );
    expect(run.writes().join('')).not.toContain('\x1b');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(run.done).rejects.toThrow(CancelledError);
  });
});

describe('fitHeight', () => {
  it('leaves a frame that fits as it is, and cuts a taller one to the screen with what was left out', () => {
    // 24 rows: 20 for the frame, then a blank line, the footer (two lines after a failure) and the cursor's line.
    const body = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`);
    expect(fitHeight(body, 24)).toBe(body);
    const cut = fitHeight([...body, 'line 21'], 24);
    expect(cut).toHaveLength(20);
    expect(cut.at(-2)).toBe('line 19');
    expect(cut.at(-1)).toBe('  … 2 more lines (a taller terminal shows them)');
  });
});
