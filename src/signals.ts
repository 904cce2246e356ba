/**
 * A signal that aborts when any of `parents` does (with that one's reason), until `dispose`;
 * `abort` aborts it alone (a deadline). What AbortSignal.any gives, without the weak reference
 * it keeps in each parent for every signal made (a server's own signal, a command's Ctrl-C
 * signal, which live as long as the process) and its cost at start-up (~1 ms on Node 20).
 */
export function linkedSignal(parents: readonly (AbortSignal | undefined)[]): {
  signal: AbortSignal;
  abort: (reason?: unknown) => void;
  dispose: () => void;
} {
  const controller = new AbortController();
  const present = parents.filter((parent): parent is AbortSignal => parent !== undefined);
  const onAbort = function (this: AbortSignal) {
    controller.abort(this.reason);
  };
  const aborted = present.find((parent) => parent.aborted);
  if (aborted) controller.abort(aborted.reason);
  else for (const parent of present) parent.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    abort: (reason) => controller.abort(reason),
    dispose: () => {
      for (const parent of present) parent.removeEventListener('abort', onAbort);
    },
  };
}
