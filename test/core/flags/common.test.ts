/** What an ID argument is taken as (core/flags/common.ts): a whole ID is used as it is, with no lookup. */
import { describe, expect, it } from 'vitest';
import { checkArg, isWholeId } from '../../../src/core/flags/common';

describe('a whole ID', () => {
  const UUID = '3f0c2a9e-1111-4222-8333-444455556666';
  it.each([
    [UUID, true],
    [UUID.toUpperCase(), true],
    ['abcdef01-2345-6789-abcd-ef0123456789', true],
    // A prefix, a character before or after, a group one short or long, a letter that is no hex digit.
    [UUID.slice(0, 8), false],
    [UUID.slice(0, -1), false],
    [`x${UUID}`, false],
    [`${UUID}0`, false],
    [`${UUID}\n`, false],
    ['3f0c2a9-11111-4222-8333-444455556666', false],
    ['3f0c2a9e-111-14222-8333-444455556666', false],
    ['3f0c2a9e-1111-422-28333-444455556666', false],
    ['3f0c2a9e-1111-4222-833-3444455556666', false],
    ['3f0c2a9e-1111-4222-8333-44445555666', false],
    ['3f0c2a9g-1111-4222-8333-444455556666', false],
    ['3f0c2a9e_1111_4222_8333_444455556666', false],
    ['', false],
  ])('%j: %s', (text, whole) => {
    expect(isWholeId(text)).toBe(whole);
  });
});

describe('the CHECK argument', () => {
  it.each([
    [{}, 'the check: its ID, the first 6+ characters of it, or its name', 'checks', false],
    [
      { optional: true },
      'the check: its ID, the first 6+ characters of it, or its name (on a terminal, leave it out to pick one)',
      'checks',
      true,
    ],
    [{ heartbeats: true }, 'the heartbeat: its ID, the first 6+ characters of it, or its name', 'heartbeats', false],
  ])('%j: "%s", completed from %s, optional %s', (options, help, complete, optional) => {
    expect(checkArg(options)).toEqual({ key: 'check', label: 'CHECK', kind: 'text', help, complete, optional });
  });
});
