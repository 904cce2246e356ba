/*
 * What a paste looks like to a prompt. A terminal that was asked for bracketed paste (the
 * drawn message prompt asks) marks one: ESC [200~ before it, ESC [201~ after it, so its
 * newlines are known to be text. Without the marks (an old terminal, accessible mode's lines)
 * a paste is what arrives together: the terminal wrote it at once, so all of it is waiting to
 * be read, and it is read in the turns of the event loop that follow its first line, where a
 * person's next key comes much later.
 */

/** Turns bracketed paste on and off (xterm's mode 2004, which every common terminal knows). */
export const BRACKETED_PASTE = { on: '\x1b[?2004h', off: '\x1b[?2004l' } as const;

/** A watch for the end of what arrived together: see `quietWatch`. */
export interface QuietWatch {
  /** More input arrived: the count of quiet turns starts again. */
  stir(): void;
  /** Called off: `quiet` will not be called. */
  stop(): void;
}

/**
 * Calls `quiet` once two turns of the event loop have passed without `stir()`: each turn
 * polls the input with no wait, so what the terminal has written already (the rest of a
 * paste, one read at a time) arrives before then, and a key typed afterwards does not.
 */
export function quietWatch(quiet: () => void): QuietWatch {
  let turns = 0;
  let stopped = false;
  const turn = () => {
    if (stopped) return;
    if (++turns >= 2) {
      stopped = true;
      quiet();
      return;
    }
    setImmediate(turn);
  };
  setImmediate(turn);
  return {
    stir() {
      turns = 0;
    },
    stop() {
      stopped = true;
    },
  };
}
