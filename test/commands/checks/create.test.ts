/** `mon checks create` (deprecated): its warning, the seconds-level frequencies it offers an API check, and the 402 past the plan's limit. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, testEnv, refusesBadInput } from '../../helpers';
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

describe('checks create on a terminal', () => {
  it('offers seconds-level frequencies to an API check of the combined create, asking the type first', async () => {
    const result = await mon('checks create --name api --query api.example.com --location eu-west-1', {
      sandbox,
      env: testEnv({ sandbox, env: { NO_COLOR: '1' } }),
      tty: true,
      answers: [
        { message: 'Check type', answer: 'API' },
        { message: 'Record type', answer: undefined },
        { message: 'Name server', answer: '8.8.8.8' },
        { message: 'How often', answer: { frequency: 0, frequencyOffset: 20 } },
        { message: 'Create this check?', answer: 'yes' },
      ],
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/About to create a check:\n {2}Name: +api\n {2}Type: +API\n/);
    expect(result.prompter.asked[0]!.choices).toContain('BROWSER');
    expect(result.prompter.asked[3]!.choices!.slice(0, 4)).toEqual([
      'every 10 seconds',
      'every 20 seconds',
      'every 30 seconds',
      'every minute',
    ]);
    expect(posted()[0]).toMatchObject({ path: '/v1/checks', body: { type: 'API', frequency: 0, frequencyOffset: 20 } });
    expect(result.stdout).toMatch(/^Frequency: +every 20 seconds$/m);
  });
});

describe('checks create (deprecated)', () => {
  it('warns on stderr naming the replacement for each type', async () => {
    const dns = await mon('checks create --type dns --name n --query example.com', { sandbox });
    expect(dns.code).toBe(0);
    expect(dns.stderr).toContain(
      'warning: `mon checks create` uses POST /v1/checks, which the API has deprecated and will remove.\n  For DNS checks use `mon checks create-dns`.\n',
    );
    expect(posted()[0]).toMatchObject({ path: '/v1/checks', body: { type: 'DNS' } });
    const browser = await mon('checks create --type BROWSER --name n --query example.com --dry-run', { sandbox });
    expect(browser.stderr).toContain('For API and browser checks use the per-type operations');
    expect(browser.stderr).not.toContain('create-dns');
  });

  it('turns a 402 into exit 5 with a message about the plan limit', async () => {
    const limited = await memorySandbox({ maxChecks: 0 });
    try {
      const result = await mon('checks create --type API --name n --query example.com', {
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
  it('warns, sends `type` and dependency files, and maps a 402 past --max-checks to exit 5', async () => {
    const limited = await memorySandbox({ maxChecks: 1 });
    try {
      const helper = join(mkdtempSync(join(tmpdir(), 'mon-checks-')), 'helpers.js');
      writeFileSync(helper, 'module.exports = { ok: true };\n');
      const first = await mon(
        `checks create --type api --name api --query api.example.com --frequency 0 --frequency-offset 10
          --dependency lib/helpers.js=@${helper}`,
        { sandbox: limited },
      );
      expect(first.stderr).toContain(
        'warning: `mon checks create` uses POST /v1/checks, which the API has deprecated and will remove.',
      );
      expect(first.stderr).toContain('For API and browser checks use the per-type operations');
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
      const [request] = limited.requests;
      expect(request!.path).toBe('/v1/checks');
      expect(request!.body).toEqual({
        type: 'API',
        name: 'api',
        request: { query: 'api.example.com', recordType: 'A' },
        frequency: 0,
        frequencyOffset: 10,
        dependencies: [{ path: 'lib/helpers.js', content: 'module.exports = { ok: true };\n' }],
        heartbeat: {},
        script: '',
      });

      const second = await mon('checks create --type DNS --name dns --query example.com', { sandbox: limited });
      expect(second.stderr).toContain('For DNS checks use `mon checks create-dns`.');
      expect(second.stderr).toContain(
        "The plan's limit on the number of checks is reached, so no check was created (402 Payment Required: Your plan allows 1 check and the account has 1",
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
      method: 'POST',
      url: `${sandbox.url}/v1/checks`,
      body: { type: 'DNS', name: 'dry', request: { query: 'example.com' } },
    });
    expect(sandbox.requests).toEqual([]);
  });
});

const COMBINED = 'checks create --type API --name api --query example.com';
refusesBadInput([
  {
    what: 'combined create without --type',
    line: 'checks create --name n --query q',
    says: '--type is required: one of AGENTIC, API',
  },
  {
    what: 'a seconds-level offset other than 10, 20, 30',
    line: `${COMBINED} --frequency 0 --frequency-offset 15`,
    says: '--frequency-offset must be 10, 20 or 30 for --frequency 0',
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
