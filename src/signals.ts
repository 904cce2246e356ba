type Parent = Cancellation | AbortSignal | undefined;

/**
 * Cancellation without EventTarget: Ctrl-C or SIGTERM (cli.ts), a request's deadline
 * (api/client.ts), an MCP call's cancellation. Aborted once, with a reason; its listeners are
 * plain functions. Node compiles its EventTarget machinery the first time a listener is added
 * to an AbortSignal (~2.7 M instructions, ~1.5% of an API call on Node 20), so an API call
 * listens here and never on an AbortSignal. What hands a signal to Node or a package
 * (timers/promises, undici, prompts) asks for `signal`: a real AbortSignal, made then.
 *
 * `parents`: it aborts when any of them does, with that one's reason, until `dispose()` (what
 * AbortSignal.any gives, without the weak reference it keeps in each parent for every signal
 * made, nor its cost at start-up); it is aborted at once when one already is.
 */
export class Cancellation {
  aborted = false;
  reason: unknown = undefined;
  private readonly listeners: ((reason: unknown) => void)[] = [];
  private controller: AbortController | undefined;
  private readonly unlinks: (() => void)[] = [];

  constructor(parents: readonly Parent[] = []) {
    const present = parents.filter((parent) => parent !== undefined);
    const aborted = present.find((parent) => parent.aborted);
    if (aborted) this.abort(aborted.reason);
    else for (const parent of present) this.unlinks.push(follow(parent, (reason) => this.abort(reason)));
  }

  /** An AbortSignal that aborts with this, with the same reason, made on first use (for Node and packages). */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /** Calls `listener` when this aborts (never if it already has); the function returned removes it. */
  onAbort(listener: (reason: unknown) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  /** Aborts this (and what follows it), not its parents; the reason is an AbortError as AbortController's when none is given. */
  abort(reason: unknown = new DOMException('This operation was aborted', 'AbortError')): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.dispose();
    this.controller?.abort(reason);
    for (const listener of this.listeners.splice(0)) listener(reason);
  }

  /** Stops following the parents (a request that is over lets go of Ctrl-C). */
  dispose(): void {
    for (const unlink of this.unlinks.splice(0)) unlink();
  }
}

/** Calls `abort` with `parent`'s reason when it aborts; the function returned stops that. */
function follow(parent: Cancellation | AbortSignal, abort: (reason: unknown) => void): () => void {
  if (parent instanceof Cancellation) return parent.onAbort(abort);
  const onAbort = () => abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  return () => parent.removeEventListener('abort', onAbort);
}
