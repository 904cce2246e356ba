import { join } from 'node:path';
import { monDir } from '../config/paths';

/** The sandbox's own credentials unless --api-key / --account say otherwise. Not secrets. */
export const SANDBOX_API_KEY = 'sk_sandbox_0123456789abcdef';
export const SANDBOX_ACCOUNT_ID = '3f1c9a2e-7b4d-4e8a-9c1f-5d6e7f8a9b0c';

/** Where `mon --sandbox` and `mon sandbox` keep their data unless --data says otherwise. */
export function defaultDataFile(env: NodeJS.ProcessEnv): string {
  return join(monDir('data', env), 'sandbox.jsonl');
}

export function lockPath(dataFile: string): string {
  return `${dataFile}.lock`;
}
