/**
 * A heartbeat's state in mon's words (core/heartbeat-state.ts), from its schedule, its last
 * ping and the server's clock: each boundary and one step past it.
 */
import { describe, expect, it } from 'vitest';
import { HEARTBEAT_STATES, heartbeatTiming } from '../../src/core/heartbeat-state';

const HOURLY = { period: 1, periodUnit: 'hours', grace: 5, graceUnit: 'minutes' } as const;
const PING = '2026-03-02T10:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('heartbeatTiming', () => {
  it('is on time up to a period after the last ping, in grace up to the grace after that, then late', () => {
    const state = (now: string) => heartbeatTiming(HOURLY, PING, '2026-03-01', at(now)).state;
    expect(state('2026-03-02T10:30:00Z')).toBe('on time');
    expect(state('2026-03-02T11:00:00Z')).toBe('on time');
    expect(state('2026-03-02T11:00:01Z')).toBe('in grace');
    expect(state('2026-03-02T11:05:00Z')).toBe('in grace');
    expect(state('2026-03-02T11:05:01Z')).toBe('late');
  });

  it('says when the next ping is due and when the service alerts', () => {
    const timing = heartbeatTiming(HOURLY, PING, '2026-03-01', at('2026-03-02T11:05:01Z'));
    expect(timing).toEqual({
      state: 'late',
      dueAt: at('2026-03-02T11:00:00Z'),
      alertsAt: at('2026-03-02T11:05:00Z'),
      alerting: true,
    });
  });

  it('is never pinged without a ping; it alerts once period + grace have passed since it was created', () => {
    const daily = { period: 1, periodUnit: 'days', grace: 0, graceUnit: 'seconds' } as const;
    const young = heartbeatTiming(daily, null, '2026-03-02', at('2026-03-02T23:00:00Z'));
    expect(young).toMatchObject({ state: 'never pinged', alerting: false, dueAt: at('2026-03-03T00:00:00Z') });
    expect(heartbeatTiming(daily, undefined, '2026-03-02', at('2026-03-03T00:00:01Z'))).toMatchObject({
      state: 'never pinged',
      alerting: true,
    });
  });

  it('says nothing has passed when the creation time cannot be read', () => {
    expect(heartbeatTiming(HOURLY, null, undefined, at(PING))).toMatchObject({
      state: 'never pinged',
      alerting: false,
    });
  });

  it('words every state it can give', () => {
    expect(Object.keys(HEARTBEAT_STATES)).toEqual(['on time', 'in grace', 'late', 'never pinged']);
  });
});
