import { describe, expect, it } from 'vitest';
import { Cancellation } from '../src/signals';

describe('Cancellation: aborted once, with a reason, following others until disposed', () => {
  it('aborts with the reason of the parent that aborted, and only once (AbortSignal and Cancellation parents)', () => {
    for (const make of [() => new AbortController(), () => new Cancellation()]) {
      const [a, b] = [make(), make()];
      const parent = (one: AbortController | Cancellation) => (one instanceof Cancellation ? one : one.signal);
      const cancel = new Cancellation([parent(a), undefined, parent(b)]);
      const heard: unknown[] = [];
      cancel.onAbort((reason) => heard.push(reason));
      expect(cancel.aborted).toBe(false);
      b.abort('SIGTERM');
      expect([cancel.aborted, cancel.reason]).toEqual([true, 'SIGTERM']);
      a.abort('later');
      expect(cancel.reason).toBe('SIGTERM');
      expect(heard).toEqual(['SIGTERM']);
    }
  });

  it('is aborted at once when a parent already is, with its reason', () => {
    const a = new AbortController();
    a.abort('gone');
    const cancel = new Cancellation([new AbortController().signal, a.signal]);
    expect([cancel.aborted, cancel.reason]).toEqual([true, 'gone']);
    const b = new Cancellation();
    b.abort('went');
    expect(new Cancellation([b]).reason).toBe('went');
  });

  it('after dispose, a parent that aborts no longer aborts it', () => {
    for (const a of [new AbortController(), new Cancellation()]) {
      const cancel = new Cancellation([a instanceof Cancellation ? a : a.signal]);
      cancel.dispose();
      a.abort('late');
      expect(cancel.aborted).toBe(false);
    }
  });

  it('abort() aborts it alone (a deadline), not its parents, with an AbortError when no reason is given', () => {
    const a = new Cancellation();
    const cancel = new Cancellation([a]);
    cancel.abort();
    expect(cancel.aborted).toBe(true);
    expect((cancel.reason as Error).name).toBe('AbortError');
    expect(a.aborted).toBe(false);
  });

  it('follows no parent at all', () => {
    expect(new Cancellation([undefined]).aborted).toBe(false);
  });

  it('calls each listener once, in the order added; a removed one is not called', () => {
    const cancel = new Cancellation();
    const heard: string[] = [];
    cancel.onAbort(() => heard.push('first'));
    const remove = cancel.onAbort(() => heard.push('removed'));
    cancel.onAbort(() => heard.push('last'));
    remove();
    cancel.abort('x');
    cancel.abort('y');
    expect(heard).toEqual(['first', 'last']);
  });

  it('gives a real AbortSignal with the same reason, asked before or after it aborts', () => {
    const before = new Cancellation();
    const signal = before.signal;
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(before.signal).toBe(signal);
    expect(signal.aborted).toBe(false);
    const reason = new Error('SIGINT');
    before.abort(reason);
    expect([signal.aborted, signal.reason]).toEqual([true, reason]);
    const after = new Cancellation();
    after.abort(reason);
    expect([after.signal.aborted, after.signal.reason]).toEqual([true, reason]);
  });
});
