/*
 * Issue 27, items 8 and 11: every secret mon knows is masked in every line it writes. A
 * server that quotes a --secret-env value or a -H credential in an error, a user name and
 * password in MON_BASE_URL or in a ping URL: none of them is printed (plain error, --json
 * error, --debug), and the user info of a URL is used (a ping URL: basic authentication) or
 * refused with a word, never dropped silently.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, stringifyJson } from '../../src/text/json';
import { maskSecret, maskSecretValues, maskUrl, withoutSecrets } from '../../src/text/mask';
import { expectSameAs } from './same-as';
import {
  closedPort,
  type ClosedPort,
  httpServer,
  mon,
  TEST_ACCOUNT,
  TEST_KEY,
  testEnv,
  type TestServer,
} from '../helpers';
import { words } from '../words';

const SECRET_VALUE = 'hunter2-db-password-42';
const PASSWORD = 'pa55word-for-cron-jobs';
const TOKEN = '5d3c1b2a-9e8f-4a7b-8c6d-0e1f2a3b4c5d';

let closed: ClosedPort;
beforeAll(async () => {
  closed = await closedPort();
});
afterAll(async () => {
  await closed.release();
});

let server: TestServer | undefined;
/** A server that answers every request with `status` and a body quoting what it was sent. */
async function echoing(status: number): Promise<TestServer> {
  server = await httpServer((req, res) => {
    const { body } = server!.received.at(-1)!;
    res.writeHead(status, { 'content-type': 'application/json', 'x-echo': JSON.stringify(req.headers) });
    res.end(
      JSON.stringify({
        statusCode: status,
        error: 'Bad Request',
        message: `You sent ${body} ${JSON.stringify(req.headers)}`,
      }),
    );
  });
  return server;
}
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const apiEnv = (url: string, extra: NodeJS.ProcessEnv = {}) =>
  testEnv({ env: { MON_BASE_URL: url, MON_API_KEY: TEST_KEY, MON_ACCOUNT_ID: TEST_ACCOUNT, ...extra } });

describe('a server that quotes a --secret-env value', () => {
  const create = 'checks create-dns --name db --query db.example.com';
  for (const [what, extra] of [
    ['the plain error', []],
    ['the --json error', ['--json']],
    ['the --debug request and response lines', ['--debug']],
  ] as const) {
    it(`shows it masked in ${what}`, async () => {
      const target = await echoing(400);
      const result = await mon([...words(create), '--secret-env', `DB_PASSWORD=${SECRET_VALUE}`, ...extra], {
        env: apiEnv(target.url),
      });
      expect(result.code).toBe(1);
      expect(target.received[0]!.body).toContain(SECRET_VALUE); // it was sent, as it must be
      expect(result.stderr).toContain('You sent');
      expect(result.stderr + result.stdout).not.toContain(SECRET_VALUE);
      expect(result.stderr).toContain('…d-42');
    });
  }

  it('a secret value from --file (secret: true) is masked the same way', async () => {
    const target = await echoing(400);
    const result = await mon(`${create} --file -`, {
      env: apiEnv(target.url),
      stdin: JSON.stringify({ environmentVariables: [{ key: 'DB_PASSWORD', value: SECRET_VALUE, secret: true }] }),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain(SECRET_VALUE);
  });
});

describe('mon api -H with a credential', () => {
  it('X-Auth-Key: its value is not in --debug, nor where the server quotes it', async () => {
    const target = await echoing(400);
    const value = 'k3y-0f-the-other-service';
    const result = await mon(['api', '/v1/things', '-H', `X-Auth-Key: ${value}`, '--debug'], {
      env: apiEnv(target.url),
    });
    expect(result.code).toBe(1);
    expect(target.received[0]!.headers['x-auth-key']).toBe(value);
    expect(result.stderr).toContain('> x-auth-key: [redacted]');
    expect(result.stderr).not.toContain(value);
  });

  it('a header that is not a credential is shown as it is', async () => {
    const target = await echoing(200);
    const result = await mon('api /v1/things -H "X-Trace: visible-trace-value" --debug', {
      env: apiEnv(target.url),
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('> x-trace: visible-trace-value');
  });
});

describe('a user name and password in MON_BASE_URL', () => {
  for (const line of ['auth status', 'runtimes list --debug', 'config set base-url URL']) {
    it(`${line}: refused (exit 2) with the URL masked, nothing sent`, async () => {
      const target = await echoing(200);
      const withUser = target.url.replace('//', `//admin:${PASSWORD}@`);
      const result = await mon(line.replace('URL', withUser), { env: apiEnv(withUser) });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`"${target.url.replace('//', '//••••:••••@')}"`);
      expect(result.stderr).toContain('holds a user name or password');
      expect(result.stderr + result.stdout).not.toContain(PASSWORD);
      expect(target.received).toEqual([]);
    });
  }
});

describe('a user name and password in the ping URL', () => {
  it('are sent as basic authentication, and never shown: --debug, --dry-run, a failed ping', async () => {
    const target = await echoing(500);
    const pingUrl = target.url.replace('//', `//cron:${PASSWORD}@`);
    const failed = await mon(`heartbeats ping ${TOKEN} --debug`, {
      env: testEnv({ env: { MON_PING_URL: pingUrl } }),
    });
    expect(failed.code).toBe(1);
    expect(target.received[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from(`cron:${PASSWORD}`).toString('base64')}`,
    );
    expect(failed.stderr).toContain(`The ping to ${target.url.replace('//', '//••••:••••@')}/…4c5d failed`);
    expect(failed.stderr).not.toContain(PASSWORD);
    expect(failed.stderr).not.toContain(Buffer.from(`cron:${PASSWORD}`).toString('base64'));
    const dry = await mon(`heartbeats ping ${TOKEN} --dry-run`, {
      env: testEnv({ env: { MON_PING_URL: pingUrl } }),
    });
    expect(dry.stdout + dry.stderr).not.toContain(PASSWORD);
  });

  it('given whole as TOKEN, and unreachable: the error (what cron mails) holds no password', async () => {
    const url = `http://cron:${PASSWORD}@127.0.0.1:${closed.port}/ping/${TOKEN}`;
    const result = await mon(`heartbeats ping ${url}`, { env: testEnv() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The ping to http://••••:••••@127.0.0.1');
    expect(result.stderr).not.toContain(PASSWORD);
  });

  it('auth status and config list show a stored ping URL masked', async () => {
    const env = testEnv({ env: { MON_API_KEY: TEST_KEY } });
    const pingUrl = `https://cron:${PASSWORD}@ping.example.com`;
    expect((await mon(`config set ping-url ${pingUrl}`, { env })).code).toBe(0);
    for (const line of ['config list', 'config get ping-url', 'auth status']) {
      const result = await mon(line, { env });
      expect(result.stdout).toContain('https://••••:••••@ping.example.com');
      expect(result.stdout + result.stderr).not.toContain(PASSWORD);
    }
  });
});

describe('maskSecret', () => {
  it('shows a prefix and the last four characters only', () => {
    expect(maskSecret('sk_live_0123456789a1b2')).toBe('sk_…a1b2');
    expect(maskSecret('0123456789abcdef')).toBe('…cdef');
    expect(maskSecret('short')).toBe('••••');
  });
});

describe('maskSecret at its bounds', () => {
  it.each([
    ['01234567890', '••••'],
    ['012345678901', '…8901'],
    ['abcdefgh_0123456789', 'abcdefgh_…6789'],
    ['abcdefghi_0123456', '…3456'],
    ['SK_0123456789ab', 'SK_…89ab'],
    ['_abcdefghijklmn', '…klmn'],
    ['1sk_0123456789ab', '…89ab'],
  ])('%s is shown %s: eleven characters show nothing, a prefix of one to eight letters is kept', (secret, shown) => {
    expect(maskSecret(secret)).toBe(shown);
  });
});

describe('maskUrl', () => {
  it.each([
    ['https://cron:s3cret@ping.example.com/x', 'https://••••:••••@ping.example.com/x'],
    ['https://token@host', 'https://••••@host'],
    ['//@host', '//••••@host'],
    ['a https://u:p@h1 and http://t@h2 end', 'a https://••••:••••@h1 and http://••••@h2 end'],
    // An @ in the path, the query, the fragment or after a space is no user info.
    ['https://host/a@b', 'https://host/a@b'],
    ['https://host?x=a@b', 'https://host?x=a@b'],
    ['https://host#a@b', 'https://host#a@b'],
    ['see //a b@c', 'see //a b@c'],
  ])('%s is shown %s', (text, shown) => {
    expect(maskUrl(text)).toBe(shown);
  });
});

describe('maskSecretValues', () => {
  it('masks the value of every object marked secret: true, wherever it is, and nothing else', () => {
    const body = {
      name: 'api',
      environmentVariables: [
        { key: 'DB_PASSWORD', value: 'hunter2', secret: true },
        { key: 'REGION', value: 'eu', secret: false },
        { key: 'MODE', value: 'x', secret: 'true' },
        { key: 'NO_VALUE', secret: true },
      ],
      nested: { deeper: [{ value: 'also hidden', secret: true }] },
      count: 3,
    };
    expect(maskSecretValues(body)).toEqual({
      name: 'api',
      environmentVariables: [
        { key: 'DB_PASSWORD', value: '••••', secret: true },
        { key: 'REGION', value: 'eu', secret: false },
        { key: 'MODE', value: 'x', secret: 'true' },
        { key: 'NO_VALUE', secret: true },
      ],
      nested: { deeper: [{ value: '••••', secret: true }] },
      count: 3,
    });
    expect(maskSecretValues({ value: 'v', secret: true }, '[hidden]')).toEqual({ value: '[hidden]', secret: true });
    expect(maskSecretValues('plain')).toBe('plain');
    expect(maskSecretValues(null)).toBeNull();
    // The body given is left as it was.
    expect(body.environmentVariables[0]!.value).toBe('hunter2');
  });

  it('keeps the numbers of the body as they were written', () => {
    const body = parseJson('{"env":[{"value":"s","secret":true,"weight":1.10}],"big":9007199254740993}');
    expect(stringifyJson(maskSecretValues(body))).toBe(
      '{"env":[{"value":"••••","secret":true,"weight":1.10}],"big":9007199254740993}',
    );
  });
});

describe('withoutSecrets', () => {
  it('masks every ping token wherever it appears, and every secret value', () => {
    expect(
      withoutSecrets({
        id: '1',
        pingToken: 'abcdefgh12345678',
        pingUrl: 'https://ping.example.com/abcdefgh12345678',
        list: [{ note: 'token abcdefgh12345678' }],
      }),
    ).toEqual({
      id: '1',
      pingToken: '…5678',
      pingUrl: 'https://ping.example.com/…5678',
      list: [{ note: 'token …5678' }],
    });
    expect(withoutSecrets([{ a: { pingToken: 'abcdefgh12345678' } }, 'abcdefgh12345678'])).toEqual([
      { a: { pingToken: '…5678' } },
      '…5678',
    ]);
    expect(
      withoutSecrets({
        env: [
          { key: 'A', value: 'x', secret: true },
          { key: 'B', value: 'y', secret: false },
        ],
      }),
    ).toEqual({
      env: [
        { key: 'A', value: '••••', secret: true },
        { key: 'B', value: 'y', secret: false },
      ],
    });
  });

  it('takes a ping token of eight characters or more; none at all is undefined', () => {
    expect(withoutSecrets({ pingToken: 'abcdefgh' })).toEqual({ pingToken: '••••' });
    expect(withoutSecrets({ pingToken: 'abcdefg' })).toBeUndefined();
    expect(withoutSecrets({ env: [{ value: 5, secret: true }] })).toBeUndefined();
    expect(withoutSecrets({ id: '1', name: 'api' })).toBeUndefined();
    expect(withoutSecrets('plain')).toBeUndefined();
    expect(withoutSecrets(null)).toBeUndefined();
  });
});

describe('plain string code in place of regular expressions (the same answers)', () => {
  it('maskSecret keeps the prefix /^[A-Za-z]{1,8}_/ kept', () => {
    const old = (secret: string) =>
      secret.length < 12 ? '••••' : `${/^[A-Za-z]{1,8}_/.exec(secret)?.[0] ?? ''}…${secret.slice(-4)}`;
    const cases = [
      ...['sk_live_0123456789abcdef', 'abcdefgh_0123456789', 'abcdefghi_0123456789', '_abcdefghijkl', 'a_bcdefghijkl'],
      ...['é_abcdefghijkl', 'ab1_cdefghijkl', 'AB_CDEFGHIJKL', 'abcdefghijkl', 'ab cd_efghijkl', '[a]_bcdefghijk'],
    ];
    expectSameAs(maskSecret, old, cases);
    expectSameAs(
      (text) => maskSecret(`${text}_0123456789`),
      (text) => old(`${text}_0123456789`),
      [],
      {
        chars: ['a', 'Z', '_', '1', '[', '`', '{', '@', 'é', ' '],
        maxLength: 12,
      },
    );
  });

  it('maskUrl is the regular expression alone (it runs only on text with an @)', () => {
    const old = (text: string) =>
      text.replace(
        /(\/\/)([^/?#@\s]*)@/g,
        (_, slashes: string, info: string) => `${slashes}${info.includes(':') ? '••••:••••' : '••••'}@`,
      );
    const cases = ['', '@', '//@', 'https://a:b@x', 'https://x', 'https://a@b@x', 'see http://u@x and //v:w@y'];
    expectSameAs(maskUrl, old, cases);
  });
});
