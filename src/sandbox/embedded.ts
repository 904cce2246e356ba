import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { CliError } from '../errors';
import type { IO } from '../io';
import { realFile, waitForLock } from '../lock';
import { defaultDataFile, lockPath, SANDBOX_ACCOUNT_ID, SANDBOX_API_KEY } from './defaults';
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
}): Promise<EmbeddedSandbox> {
  const dataFile = defaultDataFile(options.env);
  mkdirSync(dirname(dataFile), { recursive: true, mode: 0o700 });
  const lock = await waitForLock(lockPath(realFile(dataFile)), 'mon --sandbox', {
    timeoutMs: 60_000,
    signal: options.signal,
    acceptServer: true,
  }).catch((error: Error) => {
    throw new CliError(
      'failure',
      `The sandbox data file ${dataFile} stayed busy for a minute: ${error.message}.`,
      'If no other mon command is running, remove the .lock file next to it.',
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
      apiKey: SANDBOX_API_KEY,
      accountId: SANDBOX_ACCOUNT_ID,
    });
    if (sandbox.store.report.created) {
      options.io.err(options.io.errStyle.dim(`Using the embedded sandbox (sample data; stored in ${dataFile}).\n`));
    }
    return {
      baseUrl: sandbox.url,
      pingUrl: sandbox.pingUrl,
      apiKey: SANDBOX_API_KEY,
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
