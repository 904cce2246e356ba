/**
 * src/timers.ts: a delay longer than one Node timer can wait (2^31−1 ms, 24.8 days) is waited
 * whole, in steps Node can wait, never fired early; one within the limit is one timer.
 */
import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, setLongTimeout } from '../src/timers';
import { FakeTimers } from './fake-timers';

const DAY = 24 * 60 * 60 * 1000;

describe('setLongTimeout', () => {
  it('waits the longest delay Node can (2^31−1 ms) with one timer, and fires exactly then', () => {
    const timers = new FakeTimers();
    let fired = 0;
    setLongTimeout(() => fired++, MAX_TIMER_MS, timers);
    expect(timers.delays).toEqual([MAX_TIMER_MS]);
    timers.advance(MAX_TIMER_MS - 1);
    expect(fired).toBe(0);
    timers.advance(1);
    expect(fired).toBe(1);
  });

  it('waits 30 days (past the limit) in steps of at most 2^31−1 ms, and fires after 30 days, not before', () => {
    const timers = new FakeTimers();
    let fired = 0;
    setLongTimeout(() => fired++, 30 * DAY, timers);
    timers.advance(30 * DAY - 1);
    expect(fired).toBe(0);
    timers.advance(1);
    expect(fired).toBe(1);
    expect(timers.delays).toEqual([MAX_TIMER_MS, 30 * DAY - MAX_TIMER_MS]);
    expect(Math.max(...timers.delays)).toBeLessThanOrEqual(MAX_TIMER_MS);
  });

  it('one past the limit is two steps: the limit, then 1 ms', () => {
    const timers = new FakeTimers();
    let fired = 0;
    setLongTimeout(() => fired++, MAX_TIMER_MS + 1, timers);
    timers.advance(MAX_TIMER_MS);
    expect(fired).toBe(0);
    timers.advance(1);
    expect(fired).toBe(1);
    expect(timers.delays).toEqual([MAX_TIMER_MS, 1]);
  });

  it('is cancelled between its steps as before the first, and never fires then', () => {
    const timers = new FakeTimers();
    let fired = 0;
    const cancel = setLongTimeout(() => fired++, 60 * DAY, timers);
    timers.advance(MAX_TIMER_MS + 5);
    cancel();
    timers.advance(60 * DAY);
    expect(fired).toBe(0);
    expect(timers.waiting).toBe(0);
    setLongTimeout(() => fired++, 10, timers)();
    timers.advance(20);
    expect(fired).toBe(0);
  });

  it('Infinity never fires; zero, a negative delay and NaN fire at the next turn (setTimeout 0)', () => {
    const timers = new FakeTimers();
    let never = 0;
    setLongTimeout(() => never++, Infinity, timers);
    timers.advance(10 * MAX_TIMER_MS);
    expect(never).toBe(0);
    const soon: number[] = [];
    for (const ms of [0, -5, NaN]) setLongTimeout(() => soon.push(ms), ms, timers);
    expect(timers.delays.slice(-3)).toEqual([0, 0, 0]);
    timers.advance(0);
    expect(soon).toEqual([0, -5, NaN]);
  });
});
