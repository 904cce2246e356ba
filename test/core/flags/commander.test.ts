import { describe, expect, it } from 'vitest';
import { LIST } from '../../../src/commands/incidents/spec';
import { plainInput } from '../../../src/core/flags/commander';
import { parseInput } from '../../../src/core/flags/parse';
import { cli, memorySandbox } from '../../helpers';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');

/*
 * The plain command lines that skip the validator (zod): what they give must be what the
 * validator gives, and anything it would word an error for, or convert, goes to it.
 */
describe('plainInput (the command lines that need no validator)', () => {
  const plain: [string, Record<string, unknown>][] = [
    ['nothing given: the defaults', {}],
    ['an enum in any case, a whole number, a switch', { status: 'ALL', limit: '20', all: true }],
    ['the bounds of a range', { limit: '1' }],
    ['the upper bound', { limit: '100', status: 'resolved' }],
  ];
  it.each(plain)('%s: the same input as the validator gives', (_, raw) => {
    const fast = plainInput(LIST, raw, []);
    expect(fast).toBeDefined();
    expect(fast).toEqual(parseInput(LIST, raw, [], NOW));
  });

  const unusual: [string, Record<string, unknown>][] = [
    ['a number out of range', { limit: '0' }],
    ['a number past the maximum', { limit: '101' }],
    ['a number with spaces', { limit: ' 20' }],
    ['a number that is not whole', { limit: '2.5' }],
    ['a number with a leading zero', { limit: '020' }],
    ['an unknown enum value', { status: 'opne' }],
    ['an ID (checked by its rule)', { nextId: 'abc' }],
    ['a time (converted)', { since: '2h' }],
    ['a repeatable flag', { severity: ['minor'] }],
  ];
  it.each(unusual)('%s: left to the validator', (_, raw) => {
    expect(plainInput(LIST, raw, [])).toBeUndefined();
  });

  it('a value the fast path leaves alone is still judged, naming the flag (exit 2)', async () => {
    const sandbox = await memorySandbox();
    const result = await cli(['incidents', 'list', '--status', 'all', '--limit', '0'], { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--limit must be a whole number from 1 to 100 (got 0)');
    const typo = await cli(['incidents', 'list', '--status', 'opne'], { sandbox });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('did you mean open?');
  });
});
