import type { TimerFunctions } from '../src/timers';

/**
 * Timers moved by hand, with the clock they keep: what waits for a delay (a long timer, a
 * job's --max-runtime) is tested in no time, on both sides of each bound.
 */
export class FakeTimers implements TimerFunctions {
  /** The time now, in ms since this clock was made. */
  now = 0;
  /** Every delay a timer was set for, in order (a timer longer than Node's limit would show here). */
  readonly delays: number[] = [];
  private pending = new Map<number, { at: number; callback: () => void }>();
  private next = 1;

  setTimeout = (callback: () => void, ms: number): unknown => {
    const id = this.next++;
    this.delays.push(ms);
    this.pending.set(id, { at: this.now + ms, callback });
    return id;
  };

  clearTimeout = (handle: unknown): void => {
    this.pending.delete(handle as number);
  };

  /** Moves the clock on by `ms`, firing every timer due meanwhile, in order. */
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      let due: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of this.pending) if (entry[1].at <= until && (!due || entry[1].at < due[1].at)) due = entry;
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].callback();
    }
    this.now = until;
  }

  /** How many timers are set and not yet fired. */
  get waiting(): number {
    return this.pending.size;
  }
}
