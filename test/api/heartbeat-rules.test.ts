/**
 * src/api/heartbeat-rules.ts: the one definition of a heartbeat's time rules and states,
 * which the sandbox and the commands share; each boundary, and one past it.
 */
import { describe, expect, it } from 'vitest';
import { inLargestUnit, judgeHeartbeat, pingState, type HeartbeatTiming } from '../../src/api/heartbeat-rules';

const DAILY: HeartbeatTiming = { period: 1, periodUnit: 'days', grace: 1, graceUnit: 'hours' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CREATED = Date.parse('2026-03-01T00:00:00Z');

describe('inLargestUnit', () => {
  it.each([
    [0, 0, 'seconds'],
    [30, 30, 'seconds'],
    [90, 90, 'seconds'],
    [120, 2, 'minutes'],
    [3_600, 1, 'hours'],
    [5_400, 90, 'minutes'],
    [86_400, 1, 'days'],
    [90_000, 25, 'hours'],
    [365 * 86_400, 365, 'days'],
  ])('%d seconds → %d %s', (seconds, amount, unit) => {
    expect(inLargestUnit(seconds)).toEqual({ amount, unit });
  });
});

describe('a ping, by how long after the previous one it comes', () => {
  it.each([
    [DAY, 'RECEIVED'],
    [DAY + 1, 'GRACE'],
    [DAY + HOUR, 'GRACE'],
    [DAY + HOUR + 1, 'LATE'],
  ])('%d ms → %s', (elapsed, state) => {
    expect(pingState(DAILY, elapsed)).toBe(state);
  });
});

describe('a monitor now', () => {
  const pinged = { ...DAILY, createdAt: CREATED, lastPingAt: CREATED + HOUR };
  it.each([
    [CREATED + HOUR + DAY, 'on time'],
    [CREATED + HOUR + DAY + 1, 'in grace'],
    [CREATED + 2 * HOUR + DAY, 'in grace'],
    [CREATED + 2 * HOUR + DAY + 1, 'late'],
  ])('pinged, at %d: %s', (now, state) => {
    expect(judgeHeartbeat(pinged, now)).toEqual({
      state,
      lastPingAt: CREATED + HOUR,
      dueAt: CREATED + HOUR + DAY,
      alertsAt: CREATED + 2 * HOUR + DAY,
    });
  });

  it('never pinged: so until its first period and grace have run out (from its creation), then late', () => {
    const fresh = { ...DAILY, createdAt: CREATED };
    expect(judgeHeartbeat(fresh, CREATED + DAY + HOUR).state).toBe('never pinged');
    expect(judgeHeartbeat(fresh, CREATED + DAY + HOUR + 1)).toEqual({
      state: 'late',
      lastPingAt: undefined,
      dueAt: CREATED + DAY,
      alertsAt: CREATED + DAY + HOUR,
    });
  });

  it('paused when deactivated, however long ago its last ping was', () => {
    expect(judgeHeartbeat({ ...pinged, activated: false }, CREATED + 30 * DAY).state).toBe('paused');
  });
});
