/**
 * The flag layer: every verb's table becomes its options, help and completions; a flag is
 * never taken as another's value; values are checked and named as the user typed them.
 */
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../src/sandbox/server';
import { FlagOption } from '../../src/core/flags/commander';
import { createContext } from '../../src/core/context';
import { flagName } from '../../src/core/flags/spec';
import { testIO } from '../../src/io';
import { buildProgram } from '../../src/program';
import { memorySandbox, mon } from '../helpers';

function verbs(command: Command): Command[] {
  return command.commands.flatMap((sub) => (sub.commands.length ? verbs(sub) : [sub]));
}
const program = buildProgram(createContext({ io: testIO(), env: {} }));

describe('every verb is built from its table', () => {
  it.each(
    verbs(program).map((verb) => [
      verb.parent?.name() === 'mon' ? verb.name() : `${verb.parent?.name()} ${verb.name()}`,
      verb,
    ]),
  )('mon %s: each table entry is an option spelled as the table says, none twice', (_name, verb) => {
    const longs = verb.options.map((option) => option.long);
    expect(new Set(longs).size).toBe(longs.length);
    for (const option of verb.options) {
      if (!(option instanceof FlagOption)) continue;
      const { key, flag } = option;
      // Both spellings of a switch share one entry; the one the table names is among them.
      expect(
        verb.options.filter((other) => other instanceof FlagOption && other.key === key).map((o) => o.long),
      ).toContain(flagName(key, flag));
    }
  });
});

describe('a flag is never a value', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await memorySandbox();
  });
  afterAll(() => sandbox.close());
  const ID = '0b7e6a3c-0000-4000-8000-000000000001';
  const CREATE = `incidents create --name n --severity minor --service ${SEED_SERVICES.api}`;

  // The shapes an on-call engineer types when a value is forgotten (the outage-safety issue's ten, and kin).
  it.each([
    [`incidents update ${ID} --status identified --message --dry-run`, '--message', '--dry-run'],
    [`incidents update ${ID} --message --notify`, '--message', '--notify'],
    [`incidents update ${ID} --name --severity critical`, '--name', '--severity'],
    [`incidents resolve ${ID} --message --notify`, '--message', '--notify'],
    [
      `incidents create --name --dry-run --severity minor --service ${SEED_SERVICES.api} --message m`,
      '--name',
      '--dry-run',
    ],
    [`${CREATE} --message --json`, '--message', '--json'],
    [`incidents updates create ${ID} --message --dry-run`, '--message', '--dry-run'],
    [`incidents updates edit ${ID} ${ID} --message --notify`, '--message', '--notify'],
    ['checks create-dns --name --dry-run --query example.com', '--name', '--dry-run'],
    ['checks create-dns --name x --query --json', '--query', '--json'],
    // A global flag's value, a flag the command does not have, a value after the help flag.
    ['--profile --json incidents list', '--profile', '--json'],
    [`${CREATE} --message --nonsense`, '--message', '--nonsense'],
    ['incidents list --status -h', '--status', '-h'],
    // A global flag that commander would take out of order first.
    [`incidents update ${ID} --message --timeout 5`, '--message', '--timeout'],
    // A short flag, named as typed.
    ['api /v1/runtimes -f --paginate', '-f (--raw-field)', '--paginate'],
  ])('mon %s: exit 2 naming %s and %s, nothing sent', async (line, flag, next) => {
    sandbox.requests.length = 0;
    const result = await mon(line, { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `${flag} needs a value, but the next word is ${next}, which is a flag: nothing was sent.`,
    );
    // The way out names the long form: `--raw-field=--paginate`, not `-f=--paginate`.
    expect(result.stderr).toContain(`write ${flag.replace(/^-\w \((.*)\)$/, '$1')}=${next}`);
    expect(result.stdout).toBe('');
    expect(sandbox.requests).toEqual([]);
  });

  it('takes a value that starts with dashes when written --flag=value', async () => {
    sandbox.requests.length = 0;
    const result = await mon(`${CREATE} "--message=--- notes ---" --dry-run`, { sandbox });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"description": "--- notes ---"');
    expect(sandbox.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it("leaves a negative number to the flag's own rule", async () => {
    const result = await mon('incidents list --limit -5', { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--limit must be a whole number from 1 to 100 (got -5)');
  });

  it('reads nothing after -- (the command of heartbeats exec)', async () => {
    const result = await mon('heartbeats exec tok_0123456789abcdef --dry-run -- echo --message --dry-run', {
      sandbox,
    });
    expect(result.stderr).not.toContain('needs a value');
    expect(result.stderr).toContain('Would run: echo --message --dry-run');
    expect(result.code).toBe(0);
  });
});

describe('values are checked by the table and named as typed', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await memorySandbox();
  });
  afterAll(() => sandbox.close());

  it.each([
    ['incidents list --status closed', '--status must be one of open, resolved or all', '"closed"'],
    ['incidents list --limit 101', '--limit must be a whole number from 1 to 100', '101'],
    ['incidents list --next-id ../x', '--next-id must not contain', '"../x"'],
    ['heartbeats events abc --limit 11', '--limit must be a whole number from 1 to 10', '11'],
    ['heartbeats events abc --from yesterday', '--from must be a date (2026-11-20)', '"yesterday"'],
    ['heartbeats events abc --since "5 parsecs"', '--since must be a duration like 90s', '"5 parsecs"'],
    ['runtimes get ..', 'RUNTIME must not be "." or ".."', '".."'],
    ['completion tcsh', 'shell must be one of bash, zsh or fish', '"tcsh"'],
  ])('mon %s: exit 2, "%s ... (got %s)", nothing sent', async (line, says, got) => {
    sandbox.requests.length = 0;
    const result = await mon(line, { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(says);
    expect(result.stderr).toContain(`(got ${got})`);
    expect(sandbox.requests).toEqual([]);
  });

  it('lists every problem of a command line at once', async () => {
    const result = await mon('incidents list --status x --limit 0', { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('2 problems:');
    expect(result.stderr).toContain('--limit must be a whole number from 1 to 100');
    expect(result.stderr).toContain('--status must be one of open, resolved or all');
  });

  it('accepts enum values in any case and sends them as the API spells them', async () => {
    const result = await mon(
      `incidents create --name n --severity mAjOr --status identified --service ${SEED_SERVICES.api} --message m --dry-run`,
      { sandbox },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"severity": "MAJOR"');
    expect(result.stdout).toContain('"status": "IDENTIFIED"');
  });
});

describe('--notify and --no-notify', () => {
  let sandbox: Sandbox;
  let id: string;
  beforeAll(async () => {
    sandbox = await memorySandbox();
    const created = await mon(`incidents create --name n --severity minor --service ${SEED_SERVICES.api} --message m`, {
      sandbox,
    });
    id = created.stdout.trim();
  });
  afterAll(() => sandbox.close());

  const sent = () =>
    sandbox.requests
      .filter((request) => request.method !== 'GET')
      .map((request) => request.body as Record<string, unknown>);

  it.each([
    ['incidents create', `incidents create --name n --severity minor --service ${SEED_SERVICES.api} --message m`],
    ['incidents update', 'incidents update ID --message m'],
    ['incidents resolve', 'incidents resolve ID --force'],
    ['incidents updates create', 'incidents updates create ID --message m'],
  ])('%s --no-notify sends notifySubscribers: false, --notify true', async (_name, line) => {
    for (const [flag, expected] of [
      ['--no-notify', false],
      ['--notify', true],
    ] as const) {
      sandbox.requests.length = 0;
      const result = await mon(`${line.replace('ID', id)} ${flag}`, { sandbox });
      expect(result.code, result.stderr).toBe(0);
      const [body] = sent();
      const update = (body?.incidentUpdates as Record<string, unknown>[] | undefined)?.[0] ?? body;
      expect(update?.notifySubscribers).toBe(expected);
      expect(result.stderr).toContain(expected ? 'Subscribers were notified.' : 'Subscribers were not notified.');
    }
  });

  it('--no-notify means nothing is asked about notifying, on a terminal', async () => {
    sandbox.requests.length = 0;
    const result = await mon(`incidents update ${id} --no-notify`, {
      sandbox,
      tty: true,
      answers: [
        { message: 'Message', answer: 'Still on it.' },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked.map((question) => question.message)).toEqual([
      'Message (what subscribers read)',
      'Post this update?',
    ]);
    expect(sent()[0]).toMatchObject({ description: 'Still on it.', notifySubscribers: false });
  });
});

describe('a long command line', () => {
  it('a flag repeated 100,000 times is read in linear time (each value kept, in order)', async () => {
    // Copying the list for each value took 8 s for 40,000 (and 20 times that for 100,000).
    const tags = Array.from({ length: 100_000 }, (_, index) => `t${index}`);
    const result = await mon(
      ['api', '/v1/things', '-X', 'POST', '--dry-run', '--json', ...tags.flatMap((tag) => ['-F', `tags[]=${tag}`])],
      { env: { MON_BASE_URL: 'https://api.example.com', MON_CONFIG_DIR: '/nonexistent' } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { body: { tags: string[] } }).body.tags).toEqual(tags);
  }, 15_000);
});
