import { writeSync } from 'node:fs';
import { cannotWrite, isSystemError, Output } from '../descriptor';

/**
 * Writes `text` to stdout as the bundle does (io.ts's Output: to the descriptor, without
 * building process.stdout, for a file or a pipe) and gives the exit code: 0, also when the
 * reader went away (`| head -1`), or 1 after one line saying why it could not ("cannot write
 * to stdout: no space left on device").
 */
export function print(text: string): number | Promise<number> {
  let stream: NodeJS.WriteStream | undefined;
  let failed: unknown;
  const output = new Output(1, () => (stream = process.stdout.on('error', (error) => (failed ??= error))));
  try {
    output.write(text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') return 0;
    // A bug of mon's, not a refusal of the system: its stack, as any bug of the start-up's.
    if (!isSystemError(error)) throw error;
    return cannotPrint(error);
  }
  const written = stream;
  if (written === undefined) return 0;
  // Through the stream (a terminal, a full pipe): it is done when what was written before this
  // is, and its 'error' (the system's error, where the callback may get only "destroyed") has
  // been emitted by the next turn.
  return new Promise((resolve) =>
    written.write('', (error) =>
      setImmediate(() => {
        const cause = failed ?? error;
        resolve(!cause || (cause as NodeJS.ErrnoException).code === 'EPIPE' ? 0 : cannotPrint(cause));
      }),
    ),
  );
}

/** Says that stdout cannot be written, on stderr if it can be: exit 1. */
function cannotPrint(error: unknown): number {
  try {
    writeSync(2, `error: ${cannotWrite('stdout', error)}\n`);
  } catch {
    // stderr cannot be written either: the exit code says it.
  }
  return 1;
}
