/**
 * `mon checks create` (deprecated): DNS checks only, its warning naming create-dns; every other
 * type refused before anything is asked or sent, with a replacement that works (run here as
 * printed); the 402 past the plan's limit.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, testEnv, refusesBadInput, type CliResult } from '../../helpers';
import { words } from '../../words';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => {
  sandbox.requests.length = 0;
});

const posted = () =>
  sandbox.requests.map((request) => ({ method: request.method, path: request.path, body: request.body }));

/** The command a hint names, in backticks, without its `mon`: to run as printed. */
function advised(result: CliResult, starts: string): string {
  const found = [...result.stderr.matchAll(/`mon ([^`]*)`/g)]
    .map((match) => match[1]!)
    .find((command) => command.startsWith(starts));
  if (found === undefined) throw new Error(`no \`mon ${starts}...\` in:\n${result.stderr}`);
  return found;
}

describe('checks create on a terminal', () => {
  it('builds a DNS check without asking its type, shown in the confirmation', async () => {
    const result = await mon('checks create --name dns --query example.com --location eu-west-1', {
      sandbox,
      env: testEnv({ sandbox, env: { NO_COLOR: '1' } }),
      tty: true,
      answers: [
        { message: 'Record type', answer: undefined },
        { message: 'Name server', answer: '8.8.8.8' },
        { message: 'Assertion', answer: 'none' },
        { message: 'How often', answer: { frequency: 5 } },
        { message: 'Create this check?', answer: 'yes' },
      ],
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/About to create a check:\n {2}Name: +dns\n {2}Type: +DNS\n/);
    // Seconds-level frequencies are for API and TCP checks, which this command does not build.
    expect(result.prompter.asked.find((asked) => asked.message.startsWith('How often'))!.choices![0]).toBe(
      'every minute',
    );
    expect(posted()[0]).toMatchObject({ path: '/v1/checks', body: { type: 'DNS', frequency: 5 } });
  });

  it('refuses another type before asking anything', async () => {
    const result = await mon('checks create --type BROWSER --name n', { sandbox, tty: true, answers: [] });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('builds DNS checks only');
    expect(sandbox.requests).toEqual([]);
  });
});

describe('checks create (deprecated)', () => {
  it('warns on stderr naming create-dns, the command for the same check', async () => {
    const dns = await mon('checks create --type dns --name n --query example.com', { sandbox });
    expect(dns.code).toBe(0);
    expect(dns.stderr).toContain(
      'warning: `mon checks create` uses POST /v1/checks, which the API has deprecated and will remove.\n' +
        '  For DNS checks use `mon checks create-dns`, with the same flags but --type and --dependency.\n',
    );
    expect(posted()[0]).toMatchObject({ path: '/v1/checks', body: { type: 'DNS' } });
  });

  it('refuses an API check, and the `mon api` it names creates one as printed', async () => {
    const refused = await mon('checks create --type API --name api --query api.example.com', { sandbox });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      "error: --type API: `mon checks create` builds DNS checks only: its flags describe a DNS request, and an API check's request is another kind, which mon has no flags for; nothing was sent.",
    );
    expect(refused.stderr).not.toContain('/v1/checks/api');
    expect(sandbox.requests).toEqual([]);

    // The advice, run as printed, with the body docs/API.md shows.
    const command = advised(refused, 'api ');
    expect(command).toBe('api -X POST /v1/checks --input check.json');
    const dir = mkdtempSync(join(tmpdir(), 'mon-checks-'));
    writeFileSync(
      join(dir, 'check.json'),
      '{"type": "API", "name": "Public API", "request": {"query": "api.example.com", "recordType": "A"}, "heartbeat": {}, "script": ""}\n',
    );
    const sent = await mon(
      words(command).map((word) => (word === 'check.json' ? join(dir, word) : word)),
      { sandbox },
    );
    expect(sent.stderr).toBe('');
    expect(sent.code).toBe(0);
    expect(JSON.parse(sent.stdout)).toMatchObject({ name: 'Public API', checkType: 'API' });
    expect(posted()).toMatchObject([{ method: 'POST', path: '/v1/checks', body: { type: 'API' } }]);
  });

  it('refuses a heartbeat, and the `heartbeats create` it names creates it as printed', async () => {
    const refused = await mon('checks create --type heartbeat --name "Nightly backup"', { sandbox });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('`mon heartbeats create --name "Nightly backup" --period 1d --grace 1h`');
    expect(sandbox.requests).toEqual([]);
    const created = await mon(advised(refused, 'heartbeats create'), { sandbox });
    expect(created.code).toBe(0);
    expect(posted()).toMatchObject([
      { method: 'POST', path: '/v1/checks/heartbeat', body: { name: 'Nightly backup' } },
    ]);
  });

  it('keeps --sandbox in what it names', async () => {
    const refused = await mon('--sandbox checks create --type TCP --name t', { env: testEnv() });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('`mon --sandbox api -X POST /v1/checks --input check.json`');
  });

  it('turns a 402 into exit 5 with a message about the plan limit', async () => {
    const limited = await memorySandbox({ maxChecks: 0 });
    try {
      const result = await mon('checks create --type DNS --name n --query example.com', {
        sandbox: limited,
      });
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(
        "error: The plan's limit on the number of checks is reached, so no check was created (402 Payment Required: Your plan allows 0 checks",
      );
      expect(result.stderr).toContain(
        'Delete checks you no longer need or upgrade the plan, then run the command again.',
      );
      expect(result.code).toBe(5);
      expect(limited.requests).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});

describe('checks create (deprecated), what the sandbox receives', () => {
  it('sends `type` and dependency files, and maps a 402 past --max-checks to exit 5', async () => {
    // The sample check (Checkout DNS) is the first of the two.
    const limited = await memorySandbox({ maxChecks: 2 });
    try {
      const helper = join(mkdtempSync(join(tmpdir(), 'mon-checks-')), 'helpers.js');
      writeFileSync(helper, 'module.exports = { ok: true };\n');
      const first = await mon(
        `checks create --type dns --name dns --query example.com --frequency 5 --frequency-offset 10
          --dependency lib/helpers.js=@${helper}`,
        { sandbox: limited },
      );
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
      const [request] = limited.requests;
      expect(request!.path).toBe('/v1/checks');
      expect(request!.body).toEqual({
        type: 'DNS',
        name: 'dns',
        request: { query: 'example.com', recordType: 'A' },
        frequency: 5,
        frequencyOffset: 10,
        dependencies: [{ path: 'lib/helpers.js', content: 'module.exports = { ok: true };\n' }],
        heartbeat: {},
        script: '',
      });

      const second = await mon('checks create --type DNS --name dns --query example.com', { sandbox: limited });
      expect(second.stderr).toContain(
        "The plan's limit on the number of checks is reached, so no check was created (402 Payment Required: Your plan allows 2 checks and the account has 2",
      );
      expect(second.stderr).toContain('Delete checks you no longer need or upgrade the plan');
      expect(second.stdout).toBe('');
      expect(second.code).toBe(5);
    } finally {
      await limited.close();
    }
  });

  it('--dry-run prints the request to the deprecated operation and sends nothing', async () => {
    const result = await mon('--json checks create --type DNS --name dry --query example.com --dry-run', { sandbox });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      status: 'dry_run',
      command: 'checks create',
      request: {
        method: 'POST',
        path: '/v1/checks',
        body: { type: 'DNS', name: 'dry', request: { query: 'example.com' } },
      },
    });
    expect(sandbox.requests).toEqual([]);
  });
});

const COMBINED = 'checks create --type DNS --name dns --query example.com';
refusesBadInput([
  {
    what: 'combined create without --type',
    line: 'checks create --name n --query q',
    says: '--type is required: one of AGENTIC, API',
  },
  {
    what: 'a type it does not build',
    line: 'checks create --type URL --name n --query q',
    says: 'builds DNS checks only',
  },
  {
    what: 'a dependency without a local file',
    line: `${COMBINED} --dependency lib.js`,
    says: '--dependency must be PATH=@LOCALFILE',
  },
  {
    what: 'a dependency whose file is missing',
    line: [
      ...words(COMBINED),
      '--dependency',
      `lib.js=@${join(mkdtempSync(join(tmpdir(), 'mon-bad-input-')), 'nothere.js')}`,
    ],
    says: 'cannot read',
  },
]);
