/*
 * Timers for any delay. One Node timer waits at most 2^31−1 ms (24.8 days): a longer delay
 * overflows, and the timer fires after 1 ms (with a TimeoutOverflowWarning). A longer delay
 * is waited here in steps of at most that much, so `--max-runtime 30d` means 30 days.
 */

/** The longest delay one Node timer can wait. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** The timer functions a long timer is made of: Node's, or a test's that it moves by hand. */
export interface TimerFunctions {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const NODE_TIMERS: TimerFunctions = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Calls `callback` once `ms` have passed, however long that is (Infinity: never; a negative
 * or NaN delay: at once, as setTimeout does). Returns the function that cancels it.
 */
export function setLongTimeout(callback: () => void, ms: number, timers: TimerFunctions = NODE_TIMERS): () => void {
  let handle: unknown;
  let cancelled = false;
  const wait = (left: number) => {
    const step = Math.min(left, MAX_TIMER_MS);
    handle = timers.setTimeout(() => {
      if (cancelled) return;
      if (left > step) wait(left - step);
      else callback();
    }, step);
  };
  wait(ms > 0 ? ms : 0);
  return () => {
    cancelled = true;
    timers.clearTimeout(handle);
  };
}
