import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGER, pagerCommand } from '../src/env';

describe('the pager', () => {
  it('the pager: MON_PAGER, then PAGER, then `less -FRX`; empty or `cat` is none (described in the one env table)', () => {
    expect(pagerCommand({}, 'linux')).toEqual(['less', '-FRX']);
    expect(pagerCommand({}, 'win32')).toBeUndefined();
    expect(pagerCommand({ PAGER: 'more' }, 'win32')).toEqual(['more']);
    expect(DEFAULT_PAGER).toBe('less -FRX');
    expect(pagerCommand({ PAGER: 'more' })).toEqual(['more']);
    expect(pagerCommand({ MON_PAGER: 'less -R', PAGER: 'more' })).toEqual(['less', '-R']);
    expect(pagerCommand({ MON_PAGER: '', PAGER: 'more' })).toBeUndefined();
    expect(pagerCommand({ MON_PAGER: 'cat' })).toBeUndefined();
    expect(pagerCommand({ PAGER: '  ' })).toBeUndefined();
  });
});
