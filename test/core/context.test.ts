/**
 * The context a command runs with (src/core/context.ts): made per command, and per call by
 * `mon mcp`.
 */
import { describe, expect, it } from 'vitest';
import { createContext } from '../../src/core/context';
import { capturedIO } from '../../src/io';
import { Cancellation } from '../../src/signals';

describe('a command context', () => {
  it('has no getter of its own: with one, `mon mcp` (a context per call) grew Node 24 to 150-160 MB after 1,000 calls', () => {
    const ctx = createContext({ io: capturedIO(), env: {} });
    const getters = Object.entries(Object.getOwnPropertyDescriptors(ctx))
      .filter(([, descriptor]) => descriptor.get !== undefined || descriptor.set !== undefined)
      .map(([name]) => name);
    expect(getters).toEqual([]);
  });

  it("hands its cancellation on: Ctrl-C's, or one of its own", () => {
    const cancel = new Cancellation();
    expect(createContext({ io: capturedIO(), env: {}, cancel }).cancel).toBe(cancel);
    const own = createContext({ io: capturedIO(), env: {} }).cancel;
    expect(own.aborted).toBe(false);
    own.abort(new Error('SIGINT'));
    expect(own.signal.aborted).toBe(true);
    expect(own.signal.reason).toEqual(new Error('SIGINT'));
  });
});
