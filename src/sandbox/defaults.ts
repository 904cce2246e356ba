import { join } from 'node:path';
import { monDir } from '../config/paths';

/** The sandbox's account ID unless --account says otherwise. Not a secret. */
export const SANDBOX_ACCOUNT_ID = '3f1c9a2e-7b4d-4e8a-9c1f-5d6e7f8a9b0c';

/**
 * A mon sandbox says where its heartbeat pings go in this header of every answer (a path on
 * the host it was reached at), so that `mon auth login` to it can store the ping URL too.
 */
export const PING_URL_HEADER = 'x-mon-sandbox-ping-url';

/** Where a mon sandbox serves a status page as its subscribers see it: /status/<url>. */
export const statusPagePath = (url: string) => `/status/${encodeURIComponent(url)}`;

/**
 * Where a data file keeps its sandbox's API key. Each data file has its own, random, made the
 * first time a sandbox serves it (a fixed key, printed in a README, would let every local
 * user in); `mon sandbox --api-key KEY` serves with another for that run.
 */
export const API_KEY_META = 'sandbox.apiKey';

/** A new random sandbox key: `sk_sandbox_` and 32 hexadecimal digits. */
export function newSandboxKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return `sk_sandbox_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Where `mon --sandbox` and `mon sandbox` keep their data unless --data says otherwise. */
export function defaultDataFile(env: NodeJS.ProcessEnv): string {
  return join(monDir('data', env), 'sandbox.jsonl');
}

export function lockPath(dataFile: string): string {
  return `${dataFile}.lock`;
}

/** The lines that point a shell at a sandbox, one variable a line (each fits a terminal, all paste together). */
export function sandboxExports(to: { baseUrl: string; accountId: string; apiKey: string; pingUrl: string }): string[] {
  return [
    `export MON_BASE_URL=${to.baseUrl}`,
    `export MON_ACCOUNT_ID=${to.accountId}`,
    `export MON_API_KEY=${to.apiKey}`,
    `export MON_PING_URL=${to.pingUrl}`,
  ];
}
