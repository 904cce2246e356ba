import { describe, expect, it } from 'vitest';
import {
  checkTransport,
  isLoopbackAddress,
  isLoopbackName,
  prepareRequest,
  redactBody,
  redactHeaders,
  unbracketed,
} from '../../src/api/request';
import { UsageError } from '../../src/errors';
import { expectSameAs } from '../text/same-as';

describe('prepareRequest', () => {
  it('builds the URL, auth and account headers, query and JSON body without any I/O', () => {
    const prepared = prepareRequest(
      { baseUrl: 'https://api.example.com/', apiKey: 'k', accountId: 'a' },
      { method: 'POST', path: '/v1/x', query: { limit: 5, nextId: undefined, flag: false }, body: { a: 1 } },
    );
    expect(prepared).toMatchObject({
      method: 'POST',
      url: 'https://api.example.com/v1/x?limit=5&flag=false',
      body: '{"a":1}',
    });
    expect(prepared.headers).toMatchObject({
      authorization: 'Bearer k',
      'x-service-account': 'a',
      'content-type': 'application/json',
    });
  });

  /** The URL as URLSearchParams makes it: the query's values set (a list's appended) on the path's URL. */
  function reference(base: string, path: string, query: Record<string, unknown>): string {
    const url = new URL(base + path);
    for (const [key, value] of Object.entries(query)) {
      if (Array.isArray(value)) for (const item of value as string[]) url.searchParams.append(key, item);
      else if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  const texts = [
    'plain',
    'two words',
    "a+b&c=d;e/f?g#h%i!j'k(l)m*n~o-p.q_r",
    'Ünïcødé 日本 🚀',
    'lone \uD800 surrogate \uDC00 end',
    '',
    '\u0000\u001f\u007f',
  ];
  it.each(texts)('writes the query as URLSearchParams does: %j', (text) => {
    const query = { [text || 'empty']: text, limit: 20, all: true, none: undefined, nil: null, tags: [text, 'b c'] };
    for (const path of ['/v1/x', '/v1/x?limit=5&tags=a&keep=1']) {
      expect(
        prepareRequest({ baseUrl: 'https://api.example.com', apiKey: 'k' }, { method: 'GET', path, query }).url,
      ).toBe(reference('https://api.example.com', path, query));
    }
  });

  it('redacts credentials in logged headers', () => {
    expect(redactHeaders({ authorization: 'Bearer secret', 'x-api-key': 'secret', accept: 'x' })).toEqual({
      authorization: 'Bearer [redacted]',
      'x-api-key': '[redacted]',
      accept: 'x',
    });
  });

  it('redacts the value of every object marked secret in a logged body, wherever it is, and nothing else', () => {
    const body = {
      name: 'dns',
      environmentVariables: [
        { key: 'TOKEN', value: 'hunter2-hunter2', secret: true },
        { key: 'REGION', value: 'eu', secret: false },
      ],
      nested: { deeper: [{ value: 'also-secret', secret: true }] },
    };
    const logged = redactBody(JSON.stringify(body));
    expect(JSON.parse(logged)).toEqual({
      name: 'dns',
      environmentVariables: [
        { key: 'TOKEN', value: '[redacted]', secret: true },
        { key: 'REGION', value: 'eu', secret: false },
      ],
      nested: { deeper: [{ value: '[redacted]', secret: true }] },
    });
    // Untouched when there is nothing to hide, or when it is not JSON.
    expect(redactBody('{ "a" : 1 }')).toBe('{ "a" : 1 }');
    expect(redactBody('<html>value secret</html>')).toBe('<html>value secret</html>');
  });

  it('refuses to send the key over plain http to a host that is not loopback, unless --insecure', () => {
    expect(() => checkTransport('http://api.example.com', false)).toThrow(UsageError);
    expect(() => checkTransport('http://api.example.com', false)).toThrow(/plain http:\/\/ to api\.example\.com/);
    expect(() => checkTransport('http://api.example.com', true)).not.toThrow();
    for (const local of ['http://127.0.0.1:4010', 'http://localhost:1', 'http://[::1]:2']) {
      expect(() => checkTransport(local, false)).not.toThrow();
    }
    expect(() => checkTransport('https://api.example.com', false)).not.toThrow();
  });
});

describe('plain string code in place of regular expressions (the same answers)', () => {
  it('unbracketed is .replace(/^\\[|\\]$/g, "")', () => {
    const cases = ['', '[', ']', '[]', '][', '[[', ']]', '[::1]', '[::1', '::1]', '127.0.0.1', '[[::1]]', 'a[b]c'];
    expectSameAs(unbracketed, (host) => host.replace(/^\[|\]$/g, ''), cases);
    expectSameAs(unbracketed, (host) => host.replace(/^\[|\]$/g, ''), cases, { chars: ['[', ']', ':', '1', 'a'] });
  });

  it('isLoopbackAddress is what the regular expression said', () => {
    const old = (address: string) => {
      const host = address.replace(/^\[|\]$/g, '').toLowerCase();
      return host === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(host);
    };
    const cases = [
      ...['127.0.0.1', '127.1.2.300', '127.0.0', '127.0.0.1.', '.127.0.0.1', '127..0.1', '127.0.0.1 ', '128.0.0.1'],
      ...['::1', '[::1]', '::ffff:127.0.0.1', '::FFFF:127.0.0.1', '[::ffff:127.9.9.9]', '::ffff:::ffff:127.0.0.1'],
      ...['::ffff:', '::ffff:128.0.0.1', '0127.0.0.1', '127.0.0.\u0661', '127.00.000.0001', ''],
    ];
    const chars = ['1', '2', '7', '0', '.', ':', 'f', 'F', '[', ']', ' ', '\u0661'];
    expectSameAs(isLoopbackAddress, old, cases);
    expectSameAs(isLoopbackAddress, old, cases, { chars });
    // Mostly near misses of a loopback address: one character changed, added or taken off.
    expectSameAs(
      (text) => isLoopbackAddress(`127.${text}`),
      (text) => old(`127.${text}`),
      [],
      { chars },
    );
    expectSameAs(
      (text) => isLoopbackAddress(`::ffff:127.${text}`),
      (text) => old(`::ffff:127.${text}`),
      [],
      {
        chars,
      },
    );
  });

  it('isLoopbackName is what the regular expression said', () => {
    const old = (hostname: string) => {
      const host = hostname.toLowerCase().replace(/\.$/, '');
      return host === 'localhost' || host.endsWith('.localhost');
    };
    const cases = ['localhost', 'localhost.', 'LOCALHOST', 'localhost..', 'a.localhost', 'a.localhost.', '.', ''];
    expectSameAs(isLoopbackName, old, cases);
    expectSameAs(
      (text) => isLoopbackName(`${text}localhost${text}`),
      (text) => old(`${text}localhost${text}`),
      [],
    );
  });
});
