import { describe, expect, it } from 'vitest';
import { parseFaults } from '../../src/sandbox/faults';

describe('faults', () => {
  it('fires counted rules exactly N times, per method when asked', () => {
    const faults = parseFaults('503x2@GET,dropx1@POST,delay:300');
    expect(faults.delayMs).toBe(300);
    expect(faults.pick('POST')).toEqual({ kind: 'drop' });
    expect(faults.pick('POST')).toBeUndefined();
    expect(faults.pick('GET')).toEqual({ kind: 'status', status: 503 });
    expect(faults.pick('GET')).toEqual({ kind: 'status', status: 503 });
    expect(faults.pick('GET')).toBeUndefined();
  });

  it('fires probabilistic rules by the given ratio', () => {
    const values = [0.1, 0.5, 0.19, 0.99];
    const faults = parseFaults('429:0.2', () => values.shift()!);
    expect([faults.pick('GET'), faults.pick('GET'), faults.pick('GET'), faults.pick('GET')]).toEqual([
      { kind: 'status', status: 429 },
      undefined,
      { kind: 'status', status: 429 },
      undefined,
    ]);
  });

  it.each(['503', '503:2', '200x1', 'boom:0.5', 'delay:fast'])('refuses %s', (spec) => {
    expect(() => parseFaults(spec)).toThrow(/Invalid fault/);
  });
});
