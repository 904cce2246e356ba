import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../src/api/retry';

describe('parseRetryAfter', () => {
  it('reads Retry-After as seconds or as an HTTP-date in any of its three forms', () => {
    const now = Date.parse('1994-11-06T08:49:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 1.5 ', now)).toBe(1500);
    expect(parseRetryAfter(['7', '9'], now)).toBe(7000);
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', now)).toBe(37_000);
    expect(parseRetryAfter('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(37_000);
    expect(parseRetryAfter('Sun Nov  6 08:49:37 1994', now)).toBe(37_000);
    // A date already past: retry now, as the server says.
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:00:00 GMT', now)).toBe(0);
    for (const invalid of ['', '-5', '1,5', '-0', '1e3', 'Nov 6 1994', '2024-01-01', '1994-11-06T08:49:37Z'])
      expect(parseRetryAfter(invalid, now)).toBeUndefined();
  });
});
