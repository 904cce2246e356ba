import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { unbracketed } from './request';

/*
 * Which proxy a request goes through (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), and the tunnel
 * through it. mon opens the CONNECT tunnel itself instead of undici's ProxyAgent: a proxy
 * that closes the tunnel made undici reconnect forever (a closed socket counts as
 * "recoverable" there), ignoring the deadline. Here every failure of the proxy is an error
 * of the attempt, with a code of its own, and the request fails with it.
 */

export interface ProxyChoice {
  /** Where the proxy is (its credentials included: they are sent to it). */
  url: URL;
  /** The variable it came from, e.g. HTTPS_PROXY. */
  variable: string;
}

/** The proxy closed the tunnel, or answered CONNECT with something other than 2xx. */
export const PROXY_CODES = new Set(['MON_PROXY_CLOSED', 'MON_PROXY_REFUSED']);

function firstSet(env: NodeJS.ProcessEnv, names: string[]): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return { name, value };
  }
  return undefined;
}

/** NO_PROXY: `*`, hosts (a host also covers its subdomains), `.suffix`, `*.suffix`, optional `:port`. */
export function bypassesProxy(target: URL, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = unbracketed(target.hostname).toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  for (const raw of noProxy.split(/[\s,]+/)) {
    let entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    let entryPort: string | undefined;
    const portMatch = /^(.*[^:]):(\d+)$/.exec(entry);
    if (portMatch && !entry.startsWith('[') && entry.split(':').length === 2) {
      entry = portMatch[1]!;
      entryPort = portMatch[2];
    } else if (/^\[.*\]:\d+$/.test(entry)) {
      entryPort = entry.slice(entry.lastIndexOf(':') + 1);
      entry = entry.slice(0, entry.lastIndexOf(':'));
    }
    entry = unbracketed(entry).replace(/^\*?\./, '.');
    if (entryPort && entryPort !== port) continue;
    if (
      entry.startsWith('.')
        ? host.endsWith(entry) || host === entry.slice(1)
        : host === entry || host.endsWith(`.${entry}`)
    )
      return true;
  }
  return false;
}

/**
 * The proxy for `target`, if any. This machine (`local`, judged by address: loopback.ts)
 * never goes through a proxy, whatever NO_PROXY says (Go's net/http rule): the key to a local
 * server must not travel to a proxy.
 */
export function proxyFor(target: URL, env: NodeJS.ProcessEnv, local: boolean): ProxyChoice | undefined {
  if (local) return undefined;
  if (bypassesProxy(target, firstSet(env, ['no_proxy', 'NO_PROXY'])?.value)) return undefined;
  const names =
    target.protocol === 'https:'
      ? ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']
      : ['http_proxy', 'HTTP_PROXY'];
  const found = firstSet(env, names);
  if (!found) return undefined;
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(found.value) ? found.value : `http://${found.value}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw Object.assign(new Error(`${found.name} is not a valid URL`), { code: 'MON_PROXY_INVALID' });
  }
  return { url, variable: found.name.toUpperCase() };
}

/** The proxy as it may be shown: scheme, host and port, never its user name or password. */
export function describeProxy(proxy: ProxyChoice): string {
  return `${proxy.url.protocol}//${proxy.url.host}`;
}

class ProxyError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ProxyError';
  }
}

interface ConnectOptions {
  hostname: string;
  protocol: string;
  port: string;
  servername?: string | null;
}

type ConnectCallback = (...args: [null, Socket | TLSSocket] | [Error, null]) => void;

const MAX_PROXY_HEAD = 16 * 1024;

/**
 * An undici `connect` function that opens a CONNECT tunnel through `proxy` and, for an
 * https:// target, TLS inside it (certificates checked against the target's name).
 */
export function tunnelConnector(proxy: ProxyChoice): (options: ConnectOptions, callback: ConnectCallback) => void {
  const proxyPort = Number(proxy.url.port || (proxy.url.protocol === 'https:' ? 443 : 80));
  const proxyHost = unbracketed(proxy.url.hostname);
  const auth = proxy.url.username
    ? `Proxy-Authorization: Basic ${Buffer.from(`${decodeURIComponent(proxy.url.username)}:${decodeURIComponent(proxy.url.password)}`).toString('base64')}\r\n`
    : '';
  // Loaded here, not at the top: a command without a proxy loads neither (node:tls alone is ~5 ms).
  const { connect: netConnect } = process.getBuiltinModule('node:net');
  const { connect: tlsConnect } = process.getBuiltinModule('node:tls');
  return (options, callback) => {
    const host = unbracketed(options.hostname);
    const port = options.port || (options.protocol === 'https:' ? '443' : '80');
    const authority = `${host.includes(':') ? `[${host}]` : host}:${port}`;
    let settled = false;
    const finish = (error: Error | null, socket: Socket | TLSSocket | null) => {
      if (settled) return;
      settled = true;
      if (error) callback(error, null);
      else callback(null, socket!);
    };
    const socket: Socket =
      proxy.url.protocol === 'https:'
        ? tlsConnect({ host: proxyHost, port: proxyPort, servername: proxyHost })
        : netConnect(proxyPort, proxyHost);
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        if (head.length > MAX_PROXY_HEAD) fail(new ProxyError('MON_PROXY_REFUSED', 'the proxy sent an endless answer'));
        return;
      }
      socket.off('data', onData);
      socket.off('error', fail);
      socket.off('close', onClose);
      const statusLine = head.subarray(0, head.indexOf('\r\n')).toString('latin1');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      if (status < 200 || status > 299) {
        socket.destroy();
        const said = status ? `answered ${status} to CONNECT ${authority}` : 'did not answer CONNECT with HTTP';
        return finish(new ProxyError('MON_PROXY_REFUSED', `the proxy ${said}`), null);
      }
      const rest = head.subarray(end + 4);
      if (rest.length) socket.unshift(rest);
      if (options.protocol !== 'https:') return finish(null, socket);
      const secure = tlsConnect({
        socket,
        servername: options.servername || (/^[\d.]+$|:/.test(host) ? undefined : host),
        ALPNProtocols: ['http/1.1'],
      });
      secure.once('secureConnect', () => {
        secure.off('error', onTlsError);
        finish(null, secure);
      });
      const onTlsError = (error: Error) => {
        secure.destroy();
        finish(error, null);
      };
      secure.once('error', onTlsError);
    };
    const fail = (error: Error) => {
      socket.destroy();
      finish(error, null);
    };
    const onClose = () =>
      finish(
        new ProxyError(
          'MON_PROXY_CLOSED',
          `the proxy closed the connection instead of opening a tunnel to ${authority}`,
        ),
        null,
      );
    socket.on('data', onData);
    socket.once('error', fail);
    socket.once('close', onClose);
    socket.once(proxy.url.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth}\r\n`);
    });
  };
}
