import { describe, expect, it } from 'vitest';
import { Progress, SHOW_AFTER_MS, type Timers } from '../../src/core/progress';

/** Timers moved by hand: nothing here depends on the clock. */
function manualTimers() {
  let now = 0;
  const pending = new Map<number, { at: number; every?: number; callback: () => void }>();
  let next = 1;
  const timers: Timers = {
    setTimeout: (callback, ms) => (pending.set(next, { at: now + ms, callback }), next++),
    clearTimeout: (handle) => void pending.delete(handle as number),
    setInterval: (callback, ms) => (pending.set(next, { at: now + ms, every: ms, callback }), next++),
    clearInterval: (handle) => void pending.delete(handle as number),
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...pending.entries()].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, timer] = due;
      now = timer.at;
      if (timer.every) timer.at += timer.every;
      else pending.delete(id);
      timer.callback();
    }
    now = until;
  };
  return { timers, advance, pending };
}

function output(columns = 80) {
  let text = '';
  return { io: { err: (chunk: string) => void (text += chunk), errColumns: () => columns }, text: () => text };
}

describe('progress on a terminal', () => {
  it('shows nothing for a short wait, and a spinner naming the wait after 300 ms, cleared when it ends', () => {
    const { timers, advance } = manualTimers();
    const screen = output();
    const progress = new Progress(screen.io, true, timers);
    const quick = progress.start('Waiting for GET /v1/runtimes');
    advance(SHOW_AFTER_MS - 1);
    quick();
    expect(screen.text()).toBe('');
    const slow = progress.start('Waiting for GET /v1/runtimes');
    advance(SHOW_AFTER_MS + 200);
    expect(screen.text()).toMatch(/^\r. Waiting for GET \/v1\/runtimes\x1b\[K/);
    slow();
    expect(screen.text().endsWith('\r\x1b[K')).toBe(true);
    const before = screen.text();
    advance(5000);
    expect(screen.text()).toBe(before); // nothing more once it ended
  });

  it('--all counts pages and entries while the next page is fetched', () => {
    const { timers, advance } = manualTimers();
    const screen = output();
    const progress = new Progress(screen.io, true, timers);
    progress.start('Waiting for GET /v1/status-pages/incidents')();
    progress.page(100);
    const second = progress.start('Waiting for GET /v1/status-pages/incidents');
    advance(400);
    expect(screen.text()).toContain('Fetched 1 page (100 entries)…');
    progress.page(50);
    advance(100);
    expect(screen.text()).toContain('Fetched 2 pages (150 entries)…');
    second();
    progress.finish();
    expect(screen.text().endsWith('\r\x1b[K')).toBe(true);
  });

  it('is one row at any width: the IDs of a long path are shortened first, then its middle is cut', () => {
    const label =
      'Waiting for PUT /v1/status-pages/incidents/3f0c2a9e-1b2c-4d3e-8f40-5a6b7c8d9e0f/incident-updates/7f01eb31-e22d-4ba2-b88b-91708387fe0f';
    const frames = (columns: number) => {
      const { timers, advance } = manualTimers();
      const screen = output(columns);
      const end = new Progress(screen.io, true, timers).start(label);
      advance(SHOW_AFTER_MS + 200);
      end();
      // What each frame shows: after its \r, before the erase.
      return screen
        .text()
        .split('\r')
        .filter((frame) => frame.length > '\x1b[K'.length)
        .map((frame) => frame.replace('\x1b[K', ''));
    };
    for (const columns of [40, 80, 120]) {
      const shown = frames(columns);
      expect(shown.length).toBeGreaterThan(1);
      for (const frame of shown) expect([...frame].length, `${columns}: ${frame}`).toBeLessThan(columns);
    }
    expect(frames(120)[0]).toMatch(
      /^. Waiting for PUT \/v1\/status-pages\/incidents\/3f0c2a9e…\/incident-updates\/7f01eb31…$/,
    );
    expect(frames(80)[0]).toMatch(/^. Waiting for PUT \/v1\/status-pages\/incidents\/3f0c…\/incident-updates\/7f01…$/);
    expect(frames(40)[0]).toMatch(/^. Waiting…\/3f0c…\/incident-updates\/7f01…$/);
  });

  it('is silent when off (piped, --json, CI)', () => {
    const { timers, advance, pending } = manualTimers();
    const screen = output();
    const progress = new Progress(screen.io, false, timers);
    progress.start('Waiting')();
    progress.start('Waiting');
    advance(10_000);
    expect(screen.text()).toBe('');
    expect(pending.size).toBe(0);
  });

  it('in accessible mode is one static line, written once, and its end said once: no frame, no redraw', () => {
    const { timers, advance, pending } = manualTimers();
    const screen = output();
    const progress = new Progress(screen.io, true, timers, true);
    progress.start('Waiting for GET /v1/runtimes')();
    expect(screen.text()).toBe(''); // a short wait says nothing
    const slow = progress.start('Waiting for GET /v1/runtimes');
    advance(5000);
    expect(screen.text()).toBe('Waiting for GET /v1/runtimes\n');
    expect(pending.size).toBe(0); // nothing left to redraw it
    slow();
    expect(screen.text()).toBe('Waiting for GET /v1/runtimes\nDone.\n');
    progress.finish();
    expect(screen.text()).not.toMatch(/[\r\x1b]/);
  });
});
