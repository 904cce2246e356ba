/**
 * Every verb's table becomes its commander options (core/flags/commander.ts): each entry an
 * option spelled as the table says, a switch and its --no- form one entry, a repeated flag
 * kept in order. The command lines read without commander: plain.test.ts. A flag never a
 * value: guard.test.ts; values checked: parse.test.ts.
 */
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../src/sandbox/server';
import { commandPath, describeFlag, FlagOption, optionsFor } from '../../../src/core/flags/commander';
import { createContext } from '../../../src/core/context';
import { flagName, type Flag } from '../../../src/core/flags/spec';
import { testIO } from '../../../src/io';
import { buildProgram } from '../../../src/program';
import { memorySandbox, mon, type CliResult } from '../../helpers';
import { cpuMs } from '../../timeouts';

function verbs(command: Command): Command[] {
  return command.commands.flatMap((sub) => (sub.commands.length ? verbs(sub) : [sub]));
}
const program = await buildProgram(createContext({ io: testIO(), env: {} }));

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
    // The incident's status as it stands (the `incidents resolve` case above resolved it).
    expect(sent()).toEqual([{ description: 'Still on it.', status: 'RESOLVED', notifySubscribers: false }]);
  });
});

describe('a long command line', () => {
  it('a flag repeated 100,000 times is read in linear time (each value kept, in order)', async () => {
    // Copying the list for each value took 8 s for 40,000 (and 20 times that for 100,000).
    const tags = Array.from({ length: 100_000 }, (_, index) => `t${index}`);
    let result: CliResult | undefined;
    // CPU time, which other processes do not stretch: about a second here, minutes when quadratic.
    const used = await cpuMs(async () => {
      result = await mon(
        ['api', '/v1/things', '-X', 'POST', '--dry-run', '--json', ...tags.flatMap((tag) => ['-F', `tags[]=${tag}`])],
        { env: { MON_BASE_URL: 'https://api.example.com', MON_CONFIG_DIR: '/nonexistent' } },
      );
    });
    expect(result!.code, result!.stderr).toBe(0);
    expect((JSON.parse(result!.stdout) as { request: { body: { tags: string[] } } }).request.body.tags).toEqual(tags);
    expect(used).toBeLessThan(15_000);
  });
});

describe("a flag's help line", () => {
  const values14 = Array.from({ length: 14 }, (_, index) => `v${index + 1}`);
  it.each([
    ['the table text', { kind: 'text', help: 'the name' }, 'the name'],
    [
      'enum values, in any case',
      { kind: 'enum', values: ['A', 'B', 'C'], help: 'the level' },
      'the level: A, B or C, in any case',
    ],
    [
      'enum values before a closing note',
      { kind: 'enum', values: ['A', 'B'], help: 'the level (see docs) (twice)' },
      'the level: A or B, in any case (see docs) (twice)',
    ],
    ['a note in the middle stays', { kind: 'text', help: 'the (inner) name' }, 'the (inner) name'],
    [
      'numeric enum values, no case',
      { kind: 'enum', numeric: true, values: ['1', '5'], help: 'minutes' },
      'minutes: 1 or 5',
    ],
    ['raw values', { kind: 'raw', value: 'f', values: ['json', 'md'], help: 'format' }, 'format: json or md'],
    [
      '14 values are listed',
      { kind: 'raw', value: 'f', values: values14, help: 'f' },
      `f: ${values14.slice(0, -1).join(', ')} or v14`,
    ],
    ['15 are too many to list', { kind: 'raw', value: 'f', values: [...values14, 'v15'], help: 'f' }, 'f'],
    ['a default', { kind: 'int', min: 1, default: 10, help: 'seconds' }, 'seconds (default 10)'],
    ['a default of one word', { kind: 'text', default: 'Down', help: 'title' }, 'title (default Down)'],
    [
      'a default with a space, quoted',
      { kind: 'text', default: 'is down', help: 'title' },
      'title (default "is down")',
    ],
    ['a default left undefined', { kind: 'text', default: undefined, help: 'title' }, 'title'],
    ['a repeatable flag', { kind: 'id', repeatable: true, help: 'IDs' }, 'IDs (repeatable)'],
    ['repeatable: false', { kind: 'id', repeatable: false, help: 'IDs' }, 'IDs'],
  ] as [string, Flag, string][])('%s: "%s"', (_what, flag, line) => {
    expect(describeFlag(flag)).toBe(line);
  });

  it.each([
    [
      'a flag that takes a value, with its short form',
      'message',
      { kind: 'text', short: 'm', help: 'h' },
      [['-m, --message <text>', 'h']],
    ],
    [
      'its value named by the table',
      'service',
      { kind: 'text', value: 'service', help: 'h' },
      [['--service <service>', 'h']],
    ],
    ['a number', 'limit', { kind: 'int', min: 1, help: 'h' }, [['--limit <n>', 'h']]],
    ['an ID', 'nextId', { kind: 'id', help: 'h' }, [['--next-id <id>', 'h']]],
    ['a file', 'messageFile', { kind: 'file', help: 'h' }, [['--message-file <file>', 'h']]],
    ['a number as typed', 'max', { kind: 'number', help: 'h' }, [['--max <n>', 'h']]],
    ['an enum', 'level', { kind: 'enum', values: ['A'], help: 'h' }, [['--level <value>', 'h: A, in any case']]],
    ['a time', 'from', { kind: 'time', help: 'h' }, [['--from <time>', 'h']]],
    ['a duration', 'since', { kind: 'duration', help: 'h' }, [['--since <duration>', 'h']]],
    ['a raw value', 'field', { kind: 'raw', help: 'h' }, [['--field <value>', 'h']]],
    ['a switch', 'yes', { kind: 'bool', short: 'y', help: 'h' }, [['-y, --yes', 'h']]],
    [
      'both forms: the --no- form says it is the opposite',
      'web',
      { kind: 'bool', forms: 'both', help: 'open it' },
      [
        ['--web', 'open it'],
        ['--no-web', 'the opposite of --web'],
      ],
    ],
    [
      'both forms, with the --no- form worded by the table',
      'notify',
      { kind: 'bool', forms: 'both', help: 'notify them', negativeHelp: 'do not' },
      [
        ['--notify', 'notify them'],
        ['--no-notify', 'do not'],
      ],
    ],
    [
      'both forms, one hidden: the other keeps the help',
      'paused',
      { kind: 'bool', forms: 'both', hide: 'positive', help: 'pause it' },
      [
        ['--paused', 'pause it'],
        ['--no-paused', 'pause it'],
      ],
    ],
  ] as [string, string, Flag, [string, string][]][])('%s', (_what, key, flag, options) => {
    expect(optionsFor(key, flag).map((option) => [option.flags, option.description])).toEqual(options);
  });

  it.each([
    ['repeatable: each value, in order', { kind: 'text', repeatable: true, help: 'h' }, ['a', 'b']],
    ['repeatable: false: the last one', { kind: 'text', repeatable: false, help: 'h' }, 'b'],
    ['not repeatable: the last one', { kind: 'text', help: 'h' }, 'b'],
  ] as [string, Flag, unknown][])('a flag given twice, %s', (_what, flag, value) => {
    const command = new Command().exitOverride();
    for (const option of optionsFor('tag', flag)) command.addOption(option);
    command.parse(['--tag', 'a', '--tag', 'b'], { from: 'user' });
    expect(command.opts()).toEqual({ tag: value });
  });

  it('a hidden spelling is kept out of the help', () => {
    const options = optionsFor('paused', { kind: 'bool', forms: 'both', hide: 'positive', help: 'h' });
    expect(options.map((option) => option.hidden)).toEqual([true, false]);
  });
});

describe('a command as typed', () => {
  it('names each command from mon down', () => {
    const update = program.commands.find((c) => c.name() === 'incidents')!.commands.find((c) => c.name() === 'update')!;
    expect(commandPath(update)).toBe('mon incidents update');
    expect(commandPath(program)).toBe('mon');
  });
});
