import { dirname } from 'node:path';
import { NotAFileError, refuseSpecial } from '../config/files';
import { dirSource, ensureDir, pathHint, pathProblem, useAnotherDir } from '../config/paths';
import { CliError, UsageError } from '../errors';

/**
 * The directory of a sandbox data file, for `mon sandbox` (the file from --data when
 * `fromFlag`) and `mon --sandbox` (MON_DATA_DIR): errors name the directory, why it cannot
 * be used, and the fix that applies to that command.
 */
export function dataFileElsewhere(fromFlag: boolean): string {
  return fromFlag ? 'pass --data with a file in a directory you can write' : useAnotherDir('data');
}

/**
 * A data file that is a device, a FIFO or a socket (`--data /dev/null`, a way one might ask
 * for a sandbox that keeps nothing) is refused before anything opens it: exit 2 naming it and
 * where it came from (--data, or the variable that placed the data directory). It would be
 * replaced by the sandbox's first write (as root, /dev/null too), or never end (/dev/zero),
 * or block (a FIFO).
 */
export function checkDataFile(dataFile: string, fromFlag: boolean, env: NodeJS.ProcessEnv): void {
  try {
    refuseSpecial(dataFile);
  } catch (error) {
    if (!(error instanceof NotAFileError)) throw error;
    const what = `is ${error.kind}, not a regular file: the sandbox keeps its data in a regular file, and neither reads nor replaces a device, a FIFO or a socket.`;
    if (fromFlag) {
      throw new UsageError(
        `--data ${dataFile} ${what}`,
        'Pass --data with a regular file (a new one is made); for a sandbox that keeps nothing, one in a new temporary directory: --data "$(mktemp -d)/sandbox.jsonl".',
      );
    }
    throw new UsageError(
      `The sandbox data file ${dataFile} (from ${dirSource('data', env)}) ${what}`,
      `Move it aside, or ${useAnotherDir('data')}.`,
    );
  }
}

/** Creates the data file's directory (0700), or fails saying why and what to do. */
export function prepareDataDir(dataFile: string, fromFlag: boolean): void {
  ensureDir('data', dirname(dataFile), dataFileElsewhere(fromFlag));
}

/**
 * The error for a lock file that could not be made next to the data file (the directory is
 * read-only, full, not ours), or undefined when the failure is not about the directory.
 */
export function lockFileFailure(error: unknown, dataFile: string, fromFlag: boolean): CliError | undefined {
  const dir = dirname(dataFile);
  const why = pathProblem(error, dir);
  if (!why) return undefined;
  return new CliError(
    'failure',
    `Cannot write in the data directory ${dir}: ${why}.`,
    pathHint(error, dir, dataFileElsewhere(fromFlag)),
  );
}
