import { describe, expect, it } from 'vitest';
import { Router } from '../../src/sandbox/router';

describe('the router', () => {
  it('matches params percent-decoded per segment, and tells 404 from 405', () => {
    const router = new Router().get('/v1/things/:id', () => ({ status: 200 }));
    expect(router.match('GET', '/v1/things/a%2Fb').params).toEqual({ id: 'a/b' });
    expect(() => router.match('POST', '/v1/things/x')).toThrow(/POST is not supported/);
    expect(() => router.match('GET', '/v1/other')).toThrow(/Not Found/);
    expect(() => router.match('GET', '/v1/things/a/b')).toThrow(/Not Found/);
  });
});
