/**
 * What the tests of the heartbeat verbs share: a ping host of their own (its answers given in
 * turn), an environment whose API key would show if it leaked, and the sandbox's seeded monitors.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sandbox } from '../../../src/sandbox/server';
import { TEST_KEY, testEnv } from '../../helpers';

export const TOKEN = '5d3c1b2a-9e8f-4a7b-8c6d-0e1f2a3b4c5d';
/** TOKEN as mon shows it. */
export const MASKED = '…4c5d';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export type Answer = { status: number; body?: string } | 'hang';

const servers: Server[] = [];

/** Closes every ping host (call in afterEach). */
export async function closePingHosts(): Promise<void> {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** A ping host answering from `answers` in turn (the last one repeats). */
export async function pingHost(...answers: Answer[]): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    received.push({ method: req.method!, url: req.url!, headers: req.headers });
    const answer = answers[Math.min(received.length, answers.length) - 1]!;
    if (answer === 'hang') return;
    res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ping`, received };
}

/**
 * An environment with an API key and account configured (the API at `apiUrl`, where nothing
 * should be sent), so that leaking them would show.
 */
export function pingEnv(apiUrl: string, pingUrl: string | undefined, extra: NodeJS.ProcessEnv = {}) {
  return testEnv({
    env: {
      MON_BASE_URL: apiUrl,
      MON_API_KEY: TEST_KEY,
      MON_ACCOUNT_ID: '11111111-2222-4333-8444-555555555555',
      ...(pingUrl ? { MON_PING_URL: pingUrl } : {}),
      ...extra,
    },
  });
}

/** The check ID of a seeded heartbeat monitor, by its name ("Hourly report", "Queue worker"...). */
export function seededCheckId(sandbox: Sandbox, name: string): string {
  const monitors = sandbox.banner().json.heartbeats as { name: string; checkId: string }[];
  return monitors.find((monitor) => monitor.name === name)!.checkId;
}
