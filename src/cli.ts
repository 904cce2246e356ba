import { createContext } from './core/context';
import { processIO, type OutputTap } from './io';
import { main } from './main';
import { Cancellation } from './signals';

/** The most text a command may print and still be kept for the start-up to print again (src/start/output-cache.ts). */
const REUSABLE_MAX_CHARS = 1 << 20;

/** How long a command has to wind down after Ctrl-C or SIGTERM before the signal ends it anyway. */
const GRACE_MS = 1000;

/**
 * The real wiring: process streams, Ctrl-C and SIGTERM abort what is in flight; the command
 * then ends with 130 (SIGINT) or 143 (SIGTERM). A command that has not ended a second later,
 * or a second signal, ends the process by the signal itself.
 */
export interface RunOptions {
  /**
   * Handed all the command printed, when it ended with 0 having printed what depends only on
   * the command line and the width (help, a completion script; `ctx.outputReusable`) and
   * nothing on stderr: the start-up keeps it, to print it again without loading mon.
   */
  reusableOutput?: (text: string) => void;
}

export async function run(argv: string[], options: RunOptions = {}): Promise<number> {
  const cancel = new Cancellation();
  let received: NodeJS.Signals | undefined;
  let watchdog: NodeJS.Timeout | undefined;
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];
  const dieBy = (signal: NodeJS.Signals) => {
    // Without our listeners the signal does what it does by default: end the process.
    for (const name of signals) process.off(name, onSignal);
    process.kill(process.pid, signal);
  };
  const printed: string[] = [];
  let size = 0;
  let said = false;
  // What may be kept is a help or a completion script (tens of KB): a command that prints more
  // (`mon sandbox` runs until Ctrl-C) is not held in memory.
  const tap: OutputTap | undefined = options.reusableOutput && {
    out: (text) => {
      size += text.length;
      if (size <= REUSABLE_MAX_CHARS) printed.push(text);
    },
    err: () => (said = true),
  };
  const io = processIO({ cancel, tap });
  const onSignal = (signal: NodeJS.Signals) => {
    // Ctrl-C in a pager is the pager's (less stops a search with it); mon waits for it to quit.
    if (signal === 'SIGINT' && io.paging) return;
    if (received) return dieBy(signal);
    received = signal;
    cancel.abort(new Error(signal));
    watchdog = setTimeout(() => dieBy(signal), GRACE_MS).unref();
  };
  for (const name of signals) process.on(name, onSignal);
  try {
    const ctx = createContext({ io, cancel });
    // Aborted with the signal's name: main() ends a command it cancelled with 130 or 143.
    const code = await main(argv, ctx);
    if (code === 0 && ctx.outputReusable && !said && size <= REUSABLE_MAX_CHARS)
      options.reusableOutput?.(printed.join(''));
    return code;
  } finally {
    clearTimeout(watchdog);
    for (const name of signals) process.off(name, onSignal);
  }
}
