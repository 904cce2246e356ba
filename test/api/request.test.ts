import { describe, expect, it } from 'vitest';
import { checkTransport, prepareRequest, redactBody, redactHeaders } from '../../src/api/request';
import { UsageError } from '../../src/errors';

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
