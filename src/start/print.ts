import { writeSync } from 'node:fs';
import { cannotWrite, Output } from '../descriptor';

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
    return outcome(error);
  }
  const written = stream;
  if (written === undefined) return 0;
  // Through the stream (a terminal, a full pipe): it is done when what was written before this is.
  return new Promise((resolve) => written.write('', (error) => resolve(outcome(failed ?? error))));
}

function outcome(error: unknown): number {
  if (!error || (error as NodeJS.ErrnoException).code === 'EPIPE') return 0;
  try {
    writeSync(2, `error: ${cannotWrite('stdout', error)}\n`);
  } catch {
    // stderr cannot be written either: the exit code says it.
  }
  return 1;
}
