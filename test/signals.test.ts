import { describe, expect, it } from 'vitest';
import { linkedSignal } from '../src/signals';

describe('linkedSignal: a signal that follows others until disposed', () => {
  it('aborts with the reason of the parent that aborted, and only once', () => {
    const [a, b] = [new AbortController(), new AbortController()];
    const { signal } = linkedSignal([a.signal, undefined, b.signal]);
    expect(signal.aborted).toBe(false);
    b.abort('SIGTERM');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('SIGTERM');
    a.abort('later');
    expect(signal.reason).toBe('SIGTERM');
  });

  it('is aborted at once when a parent already is, with its reason', () => {
    const a = new AbortController();
    a.abort('gone');
    const { signal } = linkedSignal([new AbortController().signal, a.signal]);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('gone');
  });

  it('after dispose, a parent that aborts no longer aborts it', () => {
    const a = new AbortController();
    const { signal, dispose } = linkedSignal([a.signal]);
    dispose();
    a.abort('late');
    expect(signal.aborted).toBe(false);
  });

  it('abort() aborts it alone (a deadline), not its parents', () => {
    const a = new AbortController();
    const linked = linkedSignal([a.signal]);
    linked.abort();
    expect(linked.signal.aborted).toBe(true);
    expect((linked.signal.reason as Error).name).toBe('AbortError');
    expect(a.signal.aborted).toBe(false);
  });

  it('follows no parent at all', () => {
    const { signal } = linkedSignal([undefined]);
    expect(signal.aborted).toBe(false);
  });
});
