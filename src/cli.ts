import { createContext } from './core/context';
import { processIO } from './io';
import { main } from './main';

/**
 * The real wiring: process streams, Ctrl-C and SIGTERM abort what is in flight (a second
 * Ctrl-C ends the process at once).
 */
export async function run(argv: string[]): Promise<number> {
  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupts++;
    if (interrupts > 1) {
      process.off('SIGINT', onSignal);
      process.kill(process.pid, signal);
      return;
    }
    controller.abort(new Error(signal));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const ctx = createContext({ io: processIO(), signal: controller.signal });
    return await main(argv, ctx);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
