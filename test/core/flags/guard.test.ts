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
