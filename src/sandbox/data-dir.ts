import { dirname } from 'node:path';
import { ensureDir, pathHint, pathProblem, useAnotherDir } from '../config/paths';
import { CliError } from '../errors';

/**
 * The directory of a sandbox data file, for `mon sandbox` (the file from --data when
 * `fromFlag`) and `mon --sandbox` (MON_DATA_DIR): errors name the directory, why it cannot
 * be used, and the fix that applies to that command.
 */
export function dataFileElsewhere(fromFlag: boolean): string {
  return fromFlag ? 'pass --data with a file in a directory you can write' : useAnotherDir('data');
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
