import { describe, expect, it } from 'vitest';
import { earlyFacts, invokedCommand, type EarlyFacts } from '../../../src/core/flags/early';
import { cli, memorySandbox } from '../../helpers';

/** Command lines, as typed after `mon`, and what is read of them before commander parses. */
const TABLE: [string[], Partial<EarlyFacts>][] = [
  [[], { words: [], help: false, json: false, debug: false, noColor: false }],
  [['incidents', 'list', '--json'], { words: ['incidents', 'list'], json: true }],
  // A global flag's value is not the command: this runs `incidents list`.
  [['--profile', 'config', 'incidents', 'list'], { words: ['incidents', 'list'] }],
  [['-q', '.entries', 'incidents', 'list'], { words: ['incidents', 'list'], json: true }],
  [['incidents', 'list', '-yq', '.[0]'], { words: ['incidents', 'list'], json: true }],
  [['incidents', 'list', '--jq=.[]'], { words: ['incidents', 'list'], json: true }],
  [['incidents', 'list', '-q.[0]'], { words: ['incidents', 'list'], json: true }],
  [['--timeout', '5', '--no-color', 'runtimes'], { words: ['runtimes'], noColor: true }],
  // A flag where a value belongs is a flag (the guard refuses it): --json still asks for JSON errors.
  [['--profile', '--json', 'runtimes'], { words: ['runtimes'], json: true }],
  [['--debug', 'config', 'list'], { words: ['config', 'list'], debug: true }],
  [['help', 'incidents', 'update'], { words: ['help', 'incidents', 'update'], help: true }],
  [['incidents', '-h'], { words: ['incidents'], help: true }],
  [['incidents', 'update', '--help'], { words: ['incidents', 'update'], help: true }],
  // After `--`, every word is the job's: its --help, --json and --debug are not mon's.
  [
    ['heartbeats', 'exec', 'TOKEN', '--', 'backup', '--help', '--json', '--debug'],
    { words: ['heartbeats', 'exec', 'TOKEN'], help: false, json: false, debug: false },
  ],
];

describe('the command line read before commander (early facts)', () => {
  it.each(TABLE)('%j', (argv, expected) => {
    expect(earlyFacts(argv, {})).toMatchObject(expected);
  });

  it('MON_DEBUG turns debug on as --debug does ("", 0 and false do not)', () => {
    expect(earlyFacts(['runtimes'], { MON_DEBUG: '1' }).debug).toBe(true);
    for (const off of ['', '0', 'false']) expect(earlyFacts(['runtimes'], { MON_DEBUG: off }).debug).toBe(false);
  });

  it('names the command asked for, `help` included', () => {
    expect(invokedCommand(earlyFacts(['--profile', 'config', 'incidents', 'list'], {}))).toBe('incidents');
    expect(invokedCommand(earlyFacts(['help', 'templates', 'add'], {}))).toBe('templates');
  });

  it('a global flag before the command does not hide it: `--profile config incidents --help` is the help of incidents', async () => {
    const result = await cli(['--profile', 'config', 'incidents', '--help'], { sandbox: await memorySandbox() });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: mon incidents /);
  });
});
