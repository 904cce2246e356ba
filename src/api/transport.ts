import type { LookupAddress } from 'node:dns';
import type { Agent as HttpAgent, IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { pinnedLookup } from './loopback';
import { tunnelConnector, type ProxyChoice } from './proxy';
import type { Cancellation } from '../signals';

/*
 * The one thing the client (client.ts) asks of the network: send this request, give me the
 * status, the headers and the body as a stream. Two ways to do it, chosen by the client per
 * way out and otherwise identical to it (building, retries, deadline, reading and every guard
 * on the answer stay in client.ts):
 *
 * - direct: node:http / node:https with a keep-alive agent. What most commands use; it loads
 *   neither undici nor node:tls for an http:// URL (a start-up of a few ms less).
 * - through a proxy: undici with mon's own CONNECT tunnel (proxy.ts), loaded only then.
 */

export interface TransportRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Ends the request and its answer (signals.ts). */
  cancel: Cancellation;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

export interface Transport {
  request(target: URL, request: TransportRequest): Promise<TransportResponse>;
  /** Ends every connection, a request still waiting in a queue included. */
  close(): Promise<void>;
}

/** node:http(s) straight to the host; `addresses`: connect only there (a local name, loopback.ts). */
export function directTransport(addresses?: LookupAddress[]): Transport {
  const agents = new Map<string, HttpAgent>();
  return {
    request(target, { method, headers, body, cancel }) {
      const https = target.protocol === 'https:';
      const http = process.getBuiltinModule(https ? 'node:https' : 'node:http');
      let agent = agents.get(target.protocol);
      if (!agent) {
        agent = new http.Agent({ keepAlive: true, ...(addresses ? { lookup: pinnedLookup(addresses) } : {}) });
        agents.set(target.protocol, agent);
      }
      // A length, as undici sends it, rather than a chunked body some servers refuse.
      const sent = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
      return new Promise<TransportResponse>((resolve, reject) => {
        const outgoing = http.request(target, { method, headers: sent, agent }, (response: IncomingMessage) =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: response }),
        );
        // Cancelling ends the request and its answer (as http.request's own `signal` option,
        // which loads a module more at start-up and listens on an AbortSignal).
        const destroy = (reason: unknown) => outgoing.destroy(reason as Error);
        if (cancel.aborted) destroy(cancel.reason);
        else outgoing.once('close', cancel.onAbort(destroy));
        outgoing.once('error', (error: NodeJS.ErrnoException) =>
          // node:http's "socket hang up": the server closed the connection without answering.
          reject(
            error.code === 'ECONNRESET' && error.message === 'socket hang up'
              ? Object.assign(new Error('the connection was closed before an answer', { cause: error }), {
                  code: 'ERR_CLOSED_BEFORE_ANSWER',
                })
              : error,
          ),
        );
        outgoing.end(body);
      });
    },
    async close() {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}

/** undici through `proxy`, with mon's own tunnel (proxy.ts). */
export async function proxyTransport(proxy: ProxyChoice): Promise<Transport> {
  // The build ships only EnvHttpProxyAgent of undici: with no proxies and NO_PROXY=* it is a
  // plain Agent (the choice of proxy is made by proxyFor, the tunnel by tunnelConnector).
  const { EnvHttpProxyAgent } = await import('undici');
  const agent = new EnvHttpProxyAgent({ httpProxy: '', httpsProxy: '', noProxy: '*', connect: tunnelConnector(proxy) });
  return {
    async request(target, { method, headers, body, cancel }) {
      const response = await agent.request({
        origin: target.origin,
        path: target.pathname + target.search,
        method: method as Dispatcher.HttpMethod,
        headers,
        body,
        signal: cancel.signal,
      });
      return { status: response.statusCode, headers: response.headers, body: response.body };
    },
    async close() {
      await agent.destroy();
    },
  };
}
