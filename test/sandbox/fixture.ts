/**
 * What the tests of the sandbox's own modules share: a sandbox on a data file of its own
 * (stopped after each test), and calls to it as any HTTP client makes them.
 */
import { mkdtempSync } from 'node:fs';
import { vi } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Sandbox, startSandbox } from '../../src/sandbox/server';
import type { JournalOptions } from '../../src/sandbox/journal';
import { TEST_ACCOUNT, TEST_KEY } from '../helpers';

const running: Sandbox[] = [];

/** Stops every sandbox `start` started and the test did not stop (call in afterEach). */
export async function stopAll(): Promise<void> {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
}

/** A data file in a directory of its own. */
export const dataFile = () => join(mkdtempSync(join(tmpdir(), 'mon-journal-')), 'data.jsonl');

export async function start(file: string, journal: JournalOptions = {}, now?: () => number): Promise<Sandbox> {
  const sandbox = await startSandbox({
    apiKey: TEST_KEY,
    accountId: TEST_ACCOUNT,
    port: 0,
    dataFile: file,
    journal,
    now,
  });
  running.push(sandbox);
  return sandbox;
}

export async function stop(sandbox: Sandbox): Promise<void> {
  running.splice(running.indexOf(sandbox), 1);
  await sandbox.close();
}

export async function call(sandbox: Sandbox, method: string, path: string, body?: unknown, key = TEST_KEY) {
  const response = await fetch(sandbox.url + path, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      // A connection of its own: a kept-alive one idle for the sandbox's 5 s can be closed as it is reused (under load).
      connection: 'close',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * Resolves once `sandbox` has received a request whose method and path (with its query) `matches`:
 * the request's handler is running by then (the log takes it just before). For a request that
 * waits on the sandbox clock: move the clock once it waits.
 */
export async function received(sandbox: Sandbox, matches: (request: { method: string; path: string }) => boolean) {
  await vi.waitFor(
    () => {
      if (!sandbox.requests.some(matches)) throw new Error('not received yet');
    },
    { timeout: 120_000, interval: 5 },
  );
}
