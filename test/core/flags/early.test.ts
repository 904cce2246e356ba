import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { readEarly, type EarlyReading } from '../../../src/core/flags/read';
import { cli, memorySandbox } from '../../helpers';

/** Command lines, as typed after `mon`, and what is read of them before commander parses. */
const TABLE: [string[], Partial<EarlyReading>][] = [
  [[], { words: [], command: undefined, help: false, json: false, jq: false, debug: false, noColor: false }],
  [['incidents', 'list', '--json'], { words: ['incidents', 'list'], json: true }],
  // A global flag's value is not the command: this runs `incidents list`.
  [['--profile', 'config', 'incidents', 'list'], { words: ['incidents', 'list'] }],
  [['-q', '.entries', 'incidents', 'list'], { words: ['incidents', 'list'], json: true, jq: true }],
  [['incidents', 'list', '--jq=.[]'], { words: ['incidents', 'list'], json: true, jq: true }],
  [['incidents', 'list', '-q.[0]'], { words: ['incidents', 'list'], json: true, jq: true }],
  // --jq without its expression: the error that says so is JSON.
  [['incidents', 'list', '--jq'], { words: ['incidents', 'list'], json: true, jq: false }],
  [['incidents', 'list', '--jq', '--all'], { words: ['incidents', 'list'], json: true, jq: false }],
  // The letters of a group are all its first letter's command's (as commander reads them): -y is
  // a verb's, so this -q is not the global one (the guard refuses it as an unknown option).
  [['incidents', 'resolve', 'ID', '-yq', '.id'], { words: ['incidents', 'resolve', 'ID', '.id'], json: false }],
  [['incidents', 'list', '-yq', '.[0]'], { words: ['incidents', 'list', '.[0]'], json: false, jq: false }],
  // --format json is --json, in any case and either spelling; another format is not JSON.
  [['--format', 'json', 'incidents', 'list'], { words: ['incidents', 'list'], json: true }],
  [['incidents', 'list', '--format=JSON'], { words: ['incidents', 'list'], json: true }],
  [['--format', ' json ', 'incidents', 'list'], { words: ['incidents', 'list'], json: true }],
  [['--format', 'md', 'incidents', 'list'], { words: ['incidents', 'list'], json: false }],
  [['incidents', 'list', '--format=tsv'], { words: ['incidents', 'list'], json: false }],
  [['--timeout', '5', '--no-color', 'runtimes'], { words: ['runtimes'], noColor: true }],
  // A flag where a value belongs is a flag (the guard refuses it): --json still asks for JSON errors.
  [['--profile', '--json', 'runtimes'], { words: ['runtimes'], json: true }],
  [['--debug', 'config', 'list'], { words: ['config', 'list'], debug: true }],
  [['help', 'incidents', 'update'], { words: ['help', 'incidents', 'update'], command: 'incidents', help: true }],
  [['--profile', 'config', 'incidents', 'list'], { command: 'incidents' }],
  [['help', 'templates', 'add'], { command: 'templates' }],
  [['incidents', '-h'], { words: ['incidents'], help: true }],
  // -h is the help as a word of its own or at the end of a group, as commander reads it.
  [['incidents', 'resolve', 'ID', '-hy'], { help: false }],
  [['status', '--version'], { version: true, help: false }],
  [['incidents', 'update', '--help'], { words: ['incidents', 'update'], help: true }],
  // After `--`, every word is the job's: its --help, --json and --debug are not mon's.
  [
    ['heartbeats', 'exec', 'TOKEN', '--', 'backup', '--help', '--json', '--debug'],
    { words: ['heartbeats', 'exec', 'TOKEN'], help: false, json: false, debug: false },
  ],
];

describe('the command line read before commander (early facts)', () => {
  it.each(TABLE)('%j', (argv, expected) => {
    expect(readEarly(argv, {})).toMatchObject(expected);
  });

  it('MON_DEBUG turns debug on as --debug does ("", 0 and false do not)', () => {
    expect(readEarly(['runtimes'], { MON_DEBUG: '1' }).debug).toBe(true);
    for (const off of ['', '0', 'false']) expect(readEarly(['runtimes'], { MON_DEBUG: off }).debug).toBe(false);
  });

  // Where the line goes, for the commands a hint names (text/next.ts): the global flags as given.
  it.each([
    [['incidents', 'list'], {}],
    [
      ['--sandbox', 'incidents', 'list', '--profile=staging', '--base-url', 'http://localhost:9', '--insecure'],
      { sandbox: true, profile: 'staging', baseUrl: 'http://localhost:9', insecure: true },
    ],
    [['--account', 'acc 1', '--ping-url', 'http://p', 'status'], { account: 'acc 1', pingUrl: 'http://p' }],
    // A flag where the value belongs is no value (the guard refuses the line): no profile.
    [['--profile', '--sandbox', 'status'], { sandbox: true }],
    // After `--`, the job's words.
    [['heartbeats', 'exec', 'TOKEN', '--', 'job', '--sandbox'], {}],
  ])('%j goes to %j', (argv, where) => {
    expect(readEarly(argv, {}).where).toEqual(where);
  });

  it('a global flag before the command does not hide it: `--profile config incidents --help` is the help of incidents', async () => {
    const result = await cli(['--profile', 'config', 'incidents', '--help'], { sandbox: await memorySandbox() });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: mon incidents /);
  });

  it('readEarly is cheap to import: read.ts reaches the global flag table (and the formats it names) and nothing else of mon, no package', async () => {
    const result = await build({
      entryPoints: ['src/core/flags/read.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      outdir: 'unused',
    });
    expect(Object.keys(result.metafile.inputs).sort()).toEqual([
      'src/core/flags/globals.ts',
      'src/core/flags/read.ts',
      'src/core/flags/spec.ts',
      'src/env.ts',
      'src/output/formats/names.ts',
    ]);
  });
});
