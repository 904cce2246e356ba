/** A flag is never taken as the value of the flag before it (core/flags/guard.ts): exit 2 naming both, nothing sent. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, sandboxCall } from '../../helpers';
import { openIncident } from '../../commands/incidents/fixture';

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

describe('a flag that swallowed the next one, against an incident the sandbox holds', () => {
  let sandbox: Sandbox;
  let incidentId: string;
  let updateId: string;
  beforeAll(async () => {
    sandbox = await memorySandbox();
    const incident = await openIncident(sandbox, 'Checkout errors');
    incidentId = incident.id;
    updateId = incident.incidentUpdates[0]!.id;
  });
  afterAll(() => sandbox.close());
  /** Every incident with its updates, as the sandbox holds them. */
  const holdings = async () => (await sandboxCall(sandbox, 'GET', '/v1/status-pages/incidents?limit=100')).body;

  const create = () => ['incidents', 'create', '--name', 'n', '--severity', 'minor', '--service', SEED_SERVICES.api];
  it.each([
    [
      'update --message --dry-run',
      () => ['incidents', 'update', incidentId, '--status', 'identified', '--message', '--dry-run'],
    ],
    ['update --message --notify', () => ['incidents', 'update', incidentId, '--message', '--notify']],
    ['update --name --severity', () => ['incidents', 'update', incidentId, '--name', '--severity', 'critical']],
    ['resolve --message --notify', () => ['incidents', 'resolve', incidentId, '--message', '--notify']],
    [
      'create --name --dry-run',
      () => [
        'incidents',
        'create',
        '--name',
        '--dry-run',
        '--severity',
        'minor',
        '--service',
        SEED_SERVICES.api,
        '--message',
        'm',
      ],
    ],
    ['create --message --json', () => [...create(), '--message', '--json']],
    [
      'updates create --message --dry-run',
      () => ['incidents', 'updates', 'create', incidentId, '--message', '--dry-run'],
    ],
    [
      'updates edit --message --notify',
      () => ['incidents', 'updates', 'edit', incidentId, updateId, '--message', '--notify'],
    ],
    [
      'checks create-dns --name --dry-run',
      () => ['checks', 'create-dns', '--name', '--dry-run', '--query', 'example.com'],
    ],
    ['checks create-dns --query --json', () => ['checks', 'create-dns', '--name', 'x', '--query', '--json']],
  ])('%s: exit 2 naming both flags; the sandbox holds what it held', async (_shape, argv) => {
    const before = await holdings();
    sandbox.requests.length = 0;
    const result = await mon(argv(), { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /--(message|name|query) needs a value, but the next word is --(dry-run|notify|severity|json), which is a flag/,
    );
    expect(sandbox.requests).toEqual([]);
    expect(await holdings()).toEqual(before);
  });
});

/** What a line is refused for before anything runs: the whole message, and the line to type instead. */
describe('an option no command on the line has, and a value that needed quotes', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await memorySandbox();
  });
  afterAll(() => sandbox.close());

  it.each([
    [
      'incidents list --json=yes',
      "--json is a switch: it takes no value (got '--json=yes').\nWrite --json alone. Run `mon incidents list --help` for usage.",
    ],
    [
      '--version=2 status',
      "--version is a switch: it takes no value (got '--version=2').\nWrite --version alone. Run `mon --help` for usage.",
    ],
    [
      'incidents list --jsno',
      "unknown option '--jsno'\nDid you mean --json? Run `mon incidents list --help` for usage.",
    ],
    // Nothing close: no suggestion; the help named is the command's the option came after.
    ['incidents --stats', "unknown option '--stats'\nRun `mon incidents --help` for usage."],
    ['incidents list -z', "unknown option '-z'\nRun `mon incidents list --help` for usage."],
    ['incidents list --zzzzzz=1', "unknown option '--zzzzzz=1'\nRun `mon incidents list --help` for usage."],
    [
      'incidents list --verbose',
      "unknown option '--verbose'\nDid you mean --version (mon's version) or --debug (log each request)? Run `mon incidents list --help` for usage.",
    ],
    [
      'incidents list --vers',
      "unknown option '--vers'\nDid you mean --version? Run `mon incidents list --help` for usage.",
    ],
    [
      'incidents list -v',
      "unknown option '-v'\nDid you mean --version (mon's version) or --debug (log each request)? Run `mon incidents list --help` for usage.",
    ],
    [
      'incidents list -V',
      "unknown option '-V'\nDid you mean --version (mon's version) or --debug (log each request)? Run `mon incidents list --help` for usage.",
    ],
    [
      'incidents list --versio',
      "unknown option '--versio'\nDid you mean --version (mon's version) or --debug (log each request)? Run `mon incidents list --help` for usage.",
    ],
    [
      'incidents list --verion',
      "unknown option '--verion'\nDid you mean --version (mon's version) or --debug (log each request)? Run `mon incidents list --help` for usage.",
    ],
    // Not -v's kin: a word that only ends or starts like one.
    [
      'incidents list --versions',
      "unknown option '--versions'\nDid you mean --version? Run `mon incidents list --help` for usage.",
    ],
    ['incidents list ---verbose', "unknown option '---verbose'\nRun `mon incidents list --help` for usage."],
    // The suggestion is among the options of the command the word came after and its parents'.
    [
      'incidents list --stauts',
      "unknown option '--stauts'\nDid you mean --status? Run `mon incidents list --help` for usage.",
    ],
    ['incidents --stats list', "unknown option '--stats'\nRun `mon incidents --help` for usage."],
    // Of two as close (--force, the global --format), the command's own.
    [
      'incidents resolve --for',
      "unknown option '--for'\nDid you mean --force? Run `mon incidents resolve --help` for usage.",
    ],
    // A spelling the help hides (--no-muted, which only overrides --file) is not suggested.
    ['checks create --no-mute', "unknown option '--no-mute'\nRun `mon checks create --help` for usage."],
    // Near a --no- spelling, never its opposite: the positive spelling (hidden or not), or, where
    // there is none, the words that it is the default; a --no- typo gets the --no- spelling.
    [
      'checks create --activate',
      "unknown option '--activate'\nDid you mean --activated? Run `mon checks create --help` for usage.",
    ],
    [
      '--color status',
      "unknown option '--color'\nThat is the default already; --no-color turns it off. Run `mon --help` for usage.",
    ],
    [
      'checks run --wait',
      "unknown option '--wait'\nThat is the default already; --no-wait turns it off. Run `mon checks run --help` for usage.",
    ],
    ['--nocolor status', "unknown option '--nocolor'\nDid you mean --no-color? Run `mon --help` for usage."],
    [
      'checks create --no-activate',
      "unknown option '--no-activate'\nDid you mean --no-activated? Run `mon checks create --help` for usage.",
    ],
    // A long name typed with one dash is compared as the long name (one letter is not: -z above).
    ['checks list -json', "unknown option '-json'\nDid you mean --json? Run `mon checks list --help` for usage."],
    ['checks list -jq', "unknown option '-jq'\nDid you mean --jq? Run `mon checks list --help` for usage."],
    [
      'incidents update -m Deploy reverted',
      '"reverted" is no INCIDENT_ID (IDs are hex digits and dashes): it reads as the rest of -m\'s value, which needs quotes; nothing was sent.\nDid you mean -m "Deploy reverted"? Type `mon incidents update -m "Deploy reverted"` (see `mon incidents update --help`).',
    ],
    [
      'incidents update abc123 -m Rolled back now',
      'too many arguments for \'update\': "back" "now" (a value of several words needs quotes).\nDid you mean -m "Rolled back now"? Type `mon incidents update abc123 -m "Rolled back now"` (see `mon incidents update --help`).',
    ],
    [
      '--profile p incidents create --name Checkout down --severity minor',
      'too many arguments for \'create\': "down" (a value of several words needs quotes).\nDid you mean --name "Checkout down"? Type `mon --profile p incidents create --name "Checkout down" --severity minor` (see `mon incidents create --help`).',
    ],
    [
      'incidents update abc123 -m x -s monitoring extra',
      'too many arguments for \'update\': "extra" (a value of several words needs quotes).\nDid you mean -s "monitoring extra"? Type `mon incidents update abc123 -m x -s "monitoring extra"` (see `mon incidents update --help`).',
    ],
    // Only the run of words that reaches the end of the line is the last value's rest.
    [
      'incidents update abc123 -m x y -s monitoring z',
      'too many arguments for \'update\': "z" (a value of several words needs quotes).\nDid you mean -s "monitoring z"? Type `mon incidents update abc123 -m x y -s "monitoring z"` (see `mon incidents update --help`).',
    ],
    [
      'incidents list --limit 5 extra',
      'too many arguments for \'list\': "extra" (a value of several words needs quotes).\nDid you mean --limit "5 extra"? Type `mon incidents list --limit "5 extra"` (see `mon incidents list --help`).',
    ],
  ])('mon %s: exit 2, nothing sent', async (line, message) => {
    sandbox.requests.length = 0;
    const result = await mon(line, { sandbox });
    expect(result.stderr).toBe(`error: ${message}\n`);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(sandbox.requests).toEqual([]);
  });

  it.each([
    // An ID where the ID goes: the words are the command's to judge (this one is not found).
    ['incidents update -m Deploy abc123', 'Incident "abc123" was not found.'],
    // Words that are not right after a flag's value are commander's "too many arguments".
    ['incidents list extra --limit 5', "too many arguments for 'list'. Expected 0 arguments but got 1."],
    // A word where an argument that must be given goes, or where a name goes, is that argument.
    ['runtimes get --format md 2025.04', '## Runtime 2025.04'],
    ['heartbeats events --limit 5 nightly-backup', 'No heartbeat is named "nightly-backup".'],
    // A verb with commands of its own: the word may be a mistyped command.
    [
      'sandbox --data /nonexistent/sandbox.jsonl extra',
      "too many arguments for 'sandbox'. Expected 0 arguments but got 1.",
    ],
    // A verb whose last argument takes the words after --.
    [
      'heartbeats exec tok_0123456789abcdef --dry-run --max-runtime 5m echo hi',
      'command goes after --: 2 words typed where no argument takes them; nothing was run.',
    ],
  ])('mon %s is no value that needed quotes', async (line, says) => {
    const result = await mon(line, { sandbox });
    expect(result.stdout + result.stderr).toContain(says);
    expect(result.stderr).not.toContain('needs quotes');
  });
});
