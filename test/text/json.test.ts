/*
 * Issue 27, item 9: numbers. What is sent is what was typed (or refused when it cannot be:
 * checks' number flags and --file); `--json`, `mon api` and the input of `--jq` show a body's
 * numbers as the server wrote them (9007199254740993 is not rounded to ...992, 1.10 stays
 * 1.10, 1e400 is not null); jq sees them as jq 1.7+ does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { inexactNumbers, isExactNumber, parseJson, stringifyJson } from '../../src/text/json';
import { httpServer, mon, TEST_ACCOUNT, TEST_KEY, testEnv, type TestServer } from '../helpers';

describe('parseJson and stringifyJson', () => {
  it('write back every number as it was written, at any depth, indented or not', () => {
    const text =
      '{"big":9007199254740993,"list":[1.0,2,1e400,-0,{"fraction":1.10}],"\\u0041":12345678901234567890,"ok":1.5,"s":"x:1.0,"}';
    const value = parseJson(text) as Record<string, unknown>;
    expect(value.big).toBe(9007199254740992); // the value mon computes with is still a number
    expect(stringifyJson(value)).toBe(text.replace('"\\u0041"', '"A"'));
    expect(stringifyJson(value, 2)).toContain('"big": 9007199254740993,');
  });

  it('a number mon changed is written as it is now, not as it was received', () => {
    const value = parseJson('{"a":1.0,"b":[2.50]}') as { a: number; b: number[] };
    value.a = 7;
    expect(stringifyJson(value)).toBe('{"a":7,"b":[2.50]}');
  });

  it('a key given twice keeps its last value and text', () => {
    expect(stringifyJson(parseJson('{"a":{"x":1.0},"a":{"x":2.0}}'))).toBe('{"a":{"x":2.0}}');
  });

  it('a string that looks like a kept number stays a string', () => {
    const value = parseJson('{"n":1.0,"s":"\\u0000"}');
    expect(stringifyJson(value)).toBe('{"n":1.0,"s":"\\u0000"}');
  });

  it('isExactNumber: the same decimal value once made a double', () => {
    expect(['1.50', '1e3', '9007199254740991', '0.1', '-0', '123456789012345'].every(isExactNumber)).toBe(true);
    expect(['9007199254740993', '1e400', '12345678901234567', '0.12345678901234567891'].some(isExactNumber)).toBe(
      false,
    );
    expect(inexactNumbers('{"a":[1,9007199254740993]}', JSON.parse('{"a":[1,9007199254740993]}'))).toEqual([
      { path: ['a', 1], text: '9007199254740993' },
    ]);
  });
});

let server: TestServer | undefined;
const received = () => server!.received;
async function serve(handler: Parameters<typeof httpServer>[0]): Promise<string> {
  server = await httpServer(handler);
  return server.url;
}
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const answer = (text: string) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(text);
};
const env = (url: string) =>
  testEnv({ env: { MON_BASE_URL: url, MON_API_KEY: TEST_KEY, MON_ACCOUNT_ID: TEST_ACCOUNT } });

const BODY = '{"id":9007199254740993,"ratio":1.10,"huge":1e400,"list":[12345678901234567890]}';

describe('numbers from the server are printed as received', () => {
  it('mon api', async () => {
    const url = await serve(answer(BODY));
    const result = await mon('api /v1/things', { env: env(url) });
    expect(result.code).toBe(0);
    expect(result.stdout.replace(/\s/g, '')).toBe(BODY);
  });

  it('--jq sees them as jq 1.7+ does: a literal is kept until it is computed with', async () => {
    const url = await serve(answer(BODY));
    const result = await mon('api /v1/things --jq ".id, .ratio, .list[0], (.id + 0 | tostring | length > 0)"', {
      env: env(url),
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('9007199254740993\n1.10\n12345678901234567890\ntrue\n');
  });

  it('a command’s --json, and --all --json streamed page by page', async () => {
    const page = `{"length":1,"entries":[{"id":"p1","name":"Public","url":"status.example.com","groupId":9007199254740993,"cards":[]}],"nextId":null}`;
    const url = await serve(answer(page));
    const one = await mon('status-pages list --json', { env: env(url) });
    expect(one.code).toBe(0);
    expect(one.stdout).toContain('"groupId": 9007199254740993');
    const all = await mon('status-pages list --all --json', { env: env(url) });
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('"groupId": 9007199254740993');
  });
});

describe('numbers sent are the numbers typed', () => {
  it('mon api -F sends an integer beyond 2^53 exactly, in a body and in a query', async () => {
    const url = await serve(answer('{}'));
    const posted = await mon('api -X POST /v1/things -F n=9007199254740993 -F "list[]=1.50"', {
      env: env(url),
    });
    expect(posted.code).toBe(0);
    expect(received()[0]!.body).toBe('{"n":9007199254740993,"list":[1.50]}');
    const got = await mon('api -X GET /v1/things -F n=9007199254740993', { env: env(url) });
    expect(got.code).toBe(0);
    expect(received().at(-1)!.url).toBe('/v1/things?n=9007199254740993');
  });

  it('checks create-dns --group-id 9007199254740993 is refused (exit 2, the flag named), not sent as ...992', async () => {
    const url = await serve(answer('{}'));
    const result = await mon('checks create-dns --name x --query example.com --group-id 9007199254740993', {
      env: env(url),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--group-id cannot be sent exactly (got 9007199254740993)');
    expect(received().filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('a --file body with such a number is refused, naming where it is', async () => {
    const url = await serve(answer('{}'));
    const result = await mon('checks create-dns --file -', {
      env: env(url),
      stdin: '{"name":"x","request":{"query":"example.com"},"groupId":9007199254740993}',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--file stdin has a number that cannot be sent exactly: groupId = 9007199254740993.',
    );
    expect(received().filter((request) => request.method === 'POST')).toEqual([]);
  });
});
