import { CliError } from '../errors';
import type { IO } from '../io';
import { realFile, waitForLock } from '../lock';
import { checkDataFile, lockFileFailure, prepareDataDir } from './data-dir';
import { defaultDataFile, lockPath, SANDBOX_ACCOUNT_ID } from './defaults';
import { sayNote } from '../output/say';
import { startSandbox } from './server';

export interface EmbeddedSandbox {
  baseUrl: string;
  pingUrl: string;
  apiKey: string;
  accountId: string;
  close(): Promise<void>;
}

/**
 * `mon --sandbox ...`: the command runs against the sandbox started in this process on a
 * loopback port, with its data in the user's data directory. One process owns a data file
 * at a time: when `mon sandbox` holds it, the command talks to that server instead; when
 * another `mon --sandbox` command holds it, this one waits its turn.
 */
export async function startEmbeddedSandbox(options: {
  env: NodeJS.ProcessEnv;
  io: IO;
  signal: AbortSignal;
  /** A command that serves for long (`mon mcp`): other mon commands are told where, and talk to this sandbox. */
  advertise?: boolean;
}): Promise<EmbeddedSandbox> {
  const dataFile = defaultDataFile(options.env);
  checkDataFile(dataFile, false, options.env);
  prepareDataDir(dataFile, false);
  const lock = await waitForLock(lockPath(realFile(dataFile)), 'mon --sandbox', {
    timeoutMs: 60_000,
    signal: options.signal,
    acceptServer: true,
  }).catch((error: Error) => {
    throw (
      lockFileFailure(error, dataFile, false) ??
      new CliError(
        'failure',
        `The sandbox data file ${dataFile} stayed busy for a minute: ${error.message}.`,
        'If no other mon command is running, remove the .lock file next to it.',
      )
    );
  });
  if ('server' in lock) {
    const { url, apiKey, accountId } = lock.server;
    return { baseUrl: url, pingUrl: `${url}/ping`, apiKey, accountId, close: async () => {} };
  }
  try {
    const sandbox = await startSandbox({
      host: '127.0.0.1',
      port: 0,
      dataFile,
      accountId: SANDBOX_ACCOUNT_ID,
    });
    if (sandbox.store.report.created) {
      options.io.err(options.io.errStyle.dim(`Using the embedded sandbox (sample data; stored in ${dataFile}).\n`));
    }
    if (sandbox.store.report.droppedTornTail) sayNote(options.io, tornTailNote(dataFile));
    if (options.advertise) lock.advertise({ url: sandbox.url, apiKey: sandbox.apiKey, accountId: SANDBOX_ACCOUNT_ID });
    return {
      baseUrl: sandbox.url,
      pingUrl: sandbox.pingUrl,
      apiKey: sandbox.apiKey,
      accountId: SANDBOX_ACCOUNT_ID,
      async close() {
        await sandbox.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** What happened to a data file whose last line was cut short (a crash in the middle of a write). */
export function tornTailNote(dataFile: string): string {
  return `The sandbox data file ${dataFile} ended in a line cut short (a write interrupted by a crash or a full disk); that line, never acknowledged, was dropped and the rest kept: nothing to do.`;
}
