/*
 * Issue 27, item 9: numbers. What is sent is what was typed (or refused when it cannot be:
 * checks' number flags and --file); `--json`, `mon api` and the input of `--jq` show a body's
 * numbers as the server wrote them (9007199254740993 is not rounded to ...992, 1.10 stays
 * 1.10, 1e400 is not null); jq sees them as jq 1.7+ does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  copyKeptNumbers,
  exceedsDepth,
  inexactNumbers,
  isExactNumber,
  MAX_JSON_DEPTH,
  parseJson,
  stringifyJson,
} from '../../src/text/json';
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

describe('each number form JSON.stringify would rewrite is written back as received', () => {
  // [what the server sent, what mon writes]: the same text unless JSON itself says otherwise
  // (spaces between tokens, a key given twice, a \u escape in a key).
  const table: [string, string][] = [
    ['[9007199254740991]', '[9007199254740991]'], // the largest safe integer: a plain number
    ['[9007199254740992]', '[9007199254740992]'],
    ['[9007199254740993]', '[9007199254740993]'], // one past: a double would make it ...992
    ['[12345678901234567890]', '[12345678901234567890]'],
    ['[1234567890123456789012]', '[1234567890123456789012]'], // a double would write 1.2345678901234568e+21
    ['[1.0]', '[1.0]'],
    ['[2.50]', '[2.50]'],
    ['[-1.0]', '[-1.0]'],
    ['[100.0]', '[100.0]'],
    ['[0.10]', '[0.10]'],
    ['[-0]', '[-0]'],
    ['[-0.0]', '[-0.0]'],
    ['[0.0000001]', '[0.0000001]'], // a double would write 1e-7
    ['[0.000001]', '[0.000001]'],
    ['[1e3]', '[1e3]'],
    ['[1E3]', '[1E3]'],
    ['[1e+3]', '[1e+3]'],
    ['[1.0e10]', '[1.0e10]'],
    ['[1e400]', '[1e400]'], // a double would be Infinity, written null
    ['[1E400]', '[1E400]'],
    ['[1e+400]', '[1e+400]'],
    ['[1e-400]', '[1e-400]'], // a double would be 0
    ['[-1e-400]', '[-1e-400]'],
    ['[true,1.0,null,"x",false,2.50]', '[true,1.0,null,"x",false,2.50]'],
    ['[[1,[2,1.0]],{"k":[0,2.50]}]', '[[1,[2,1.0]],{"k":[0,2.50]}]'],
    ['{"a":1.0 }', '{"a":1.0}'],
    ['{ "a" : 1.0 , "b" : [ 2.0 , 3 ] }', '{"a":1.0,"b":[2.0,3]}'],
    // Strings with escapes around the numbers: keys, values, quotes and backslashes inside.
    ['{"q\\"x\\"":1.0}', '{"q\\"x\\"":1.0}'],
    ['{"a\\\\":1.0,"b":2.0}', '{"a\\\\":1.0,"b":2.0}'],
    ['{"s":"\\"[1.0,\\"","n":2.0}', '{"s":"\\"[1.0,\\"","n":2.0}'],
    ['{"\\u0041":1.0}', '{"A":1.0}'],
    ['{"n":1.0,"s":"\\u0000:0"}', '{"n":1.0,"s":"\\u0000:0"}'],
    ['":1.0}"', '":1.0}"'], // a string alone, however it looks
    // A key given twice: its last value, written as that one was.
    ['{"a":1.0,"a":1}', '{"a":1}'],
    ['{"a":1,"a":1.0}', '{"a":1.0}'],
    ['{"a":[1.0],"a":[1]}', '{"a":[1]}'],
    ['{"a":{"x":{"y":1.0}},"a":2}', '{"a":2}'],
    ['{"a":{"x":1.0},"a":2}', '{"a":2}'],
    ['{"a":{"x":1.0},"a":null}', '{"a":null}'],
    ['{"a":[[1.0]],"a":[]}', '{"a":[]}'],
  ];
  it.each(table)('%s is written %s', (sent, written) => {
    expect(stringifyJson(parseJson(sent))).toBe(written);
  });

  it('a copy keeps the texts of the numbers it still shares, not of those it changed', () => {
    const from = parseJson('{"a":1.0,"b":2.50}') as Record<string, number>;
    const to = { ...from, b: 3 };
    copyKeptNumbers(from, to);
    expect(stringifyJson(to)).toBe('{"a":1.0,"b":3}');
    expect(stringifyJson({ ...from })).toBe('{"a":1,"b":2.5}'); // a copy without copyKeptNumbers
    const before = { ...from };
    from.a = 2; // the source changed after the copy: the copy still holds the number received
    copyKeptNumbers(from, before);
    expect(stringifyJson(before)).toBe('{"a":1.0,"b":2.50}');
    const fresh = { ...from };
    copyKeptNumbers(from, fresh);
    expect(stringifyJson(fresh)).toBe('{"a":2,"b":2.50}');
  });
});

describe('inexactNumbers: where a --file body has a number a double cannot hold', () => {
  const table: [string, { path: (string | number)[]; text: string }[]][] = [
    ['{"a":9007199254740991}', []],
    ['{"a":9007199254740992}', []],
    ['{"a":9007199254740993}', [{ path: ['a'], text: '9007199254740993' }]],
    ['{"a":[1.0,1e400,2.50]}', [{ path: ['a', 1], text: '1e400' }]],
    ['{"a\\"b":{"c":[0,1e-400]}}', [{ path: ['a"b', 'c', 1], text: '1e-400' }]],
    ['[{"x":12345678901234567890}]', [{ path: [0, 'x'], text: '12345678901234567890' }]],
    ['{"a":123456789012345,"b":1.50e3}', []],
    ['9007199254740993', []], // no container: nothing is walked (JSON.parse of a bare number)
  ];
  it.each(table)('%s', (text, found) => {
    expect(inexactNumbers(text, JSON.parse(text))).toEqual(found);
  });
});

describe('isExactNumber: the same decimal value once made a double', () => {
  const table: [string, boolean][] = [
    ['1.50', true],
    ['1e3', true],
    ['1.50e3', true],
    ['1e+3', true],
    ['1.0e10', true],
    ['+1.5', true],
    [' 1.50 ', true],
    ['.5', true],
    ['5.', true],
    ['0.0000001', true],
    ['-0', true],
    ['123456789012345', true],
    ['9007199254740991', true],
    ['9007199254740992', true],
    ['-1.50', true],
    ['9007199254740993', false],
    ['-9007199254740993', false],
    ['12345678901234567', false],
    ['0.12345678901234567891', false],
    ['1e400', false],
    ['1e-400', false],
    ['0x10', false], // no decimal number
    ['0b0', false],
  ];
  it.each(table)('%s: %s', (text, exact) => {
    expect(isExactNumber(text)).toBe(exact);
  });
});

describe('exceedsDepth: arrays and objects nested deeper than the limit', () => {
  const table: [string, unknown, number, boolean][] = [
    ['a number', 5, 0, false],
    ['a string', 'x', 0, false],
    ['null', null, 0, false],
    ['an array at limit 0', [], 0, true],
    ['an array at limit 1', [], 1, false],
    ['two arrays at limit 1', [[]], 1, true],
    ['two arrays at limit 2', [[]], 2, false],
    ['three arrays at limit 2', [[[]]], 2, true],
    ['three objects at limit 2', { a: { b: {} } }, 2, true],
    ['three objects at limit 3', { a: { b: {} } }, 3, false],
    ['values that are no container', [1, 'x', null, true], 1, false],
    ['a container after a null', [null, []], 1, true],
    ['an object in an array in an object', { a: [{}] }, 2, true],
    ['an object in an array in an object at limit 3', { a: [{}] }, 3, false],
    ['a container after a number, deeper', { a: 1, b: { c: [] } }, 2, true],
    ['an inherited container is not counted', Object.create({ inherited: [[[]]] }) as unknown, 1, false],
  ];
  it.each(table)('%s', (_name, value, limit, deeper) => {
    expect(exceedsDepth(value, limit)).toBe(deeper);
    // Given the text it was parsed from, the same answer (whether the count of brackets decides or the walk does).
    expect(exceedsDepth(value, limit, JSON.stringify(value))).toBe(deeper);
  });

  it('with the text: one that opens no more containers than the limit is not walked; one that opens more is', () => {
    const deep = [[[[]]]];
    // The text is trusted to be the value's: three openings cannot hold four levels, so the value is not looked at.
    expect(exceedsDepth(deep, 3, '[[[]]]')).toBe(false);
    // Four openings, one past the limit: the value is walked, and its four levels are found.
    expect(exceedsDepth(deep, 3, '[[[[]]]]')).toBe(true);
    // Brackets in strings count too (the count stops at one past the limit): many of them, a flat value.
    const flat = { a: '{[{[{[', b: [1, 2] };
    expect(exceedsDepth(flat, 3, JSON.stringify(flat))).toBe(false);
    expect(exceedsDepth({ a: '{[{[{[', b: [[[[]]]] }, 3, '{"a":"{[{[{[","b":[[[[]]]]}')).toBe(true);
  });

  it(`by default, ${MAX_JSON_DEPTH} levels are allowed and one more is not`, () => {
    const nested = (levels: number) => {
      let value: unknown[] = [];
      for (let level = 1; level < levels; level++) value = [value];
      return value;
    };
    expect(exceedsDepth(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(exceedsDepth(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(exceedsDepth(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH, JSON.stringify(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(exceedsDepth(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH, JSON.stringify(nested(MAX_JSON_DEPTH + 1)))).toBe(
      true,
    );
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
