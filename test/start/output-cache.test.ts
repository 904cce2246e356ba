/**
 * The output cache of the start-up (src/start/output-cache.ts), in process: which command lines
 * may be kept and under what name, what is read back (a damaged file is removed), and what is
 * removed when a new build keeps its first output: only outputs mon wrote, never another file
 * named like one. The real start-up: test/e2e/output-cache.test.ts.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineFacts } from '../../src/start/command-line';
import { isOutputName, keepOutput, keptOutput, outputName, OUTPUTS_KEPT } from '../../src/start/output-cache';
import { seal, unseal } from '../../src/start/sealed';

const BUILD = `${'0123456789abcdef'.repeat(2)}-1000-2000`;
const OLD_BUILD = `${'f'.repeat(32)}-1000-2000`;
const output = (build: string, line: string) => `out-${build}-80-${encodeURIComponent(line)}.txt`;

function cacheDir(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'mon-output-cache-')), 'cache');
  mkdirSync(dir, { mode: 0o700 });
  return dir;
}

/** A dist/ whose bundle the build's list names (no hashing needed). */
function dist(): { dist: string; bundle: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mon-dist-'));
  const bundle = join(dir, 'mon.cjs');
  writeFileSync(bundle, 'exports.run = () => 0;');
  writeFileSync(join(dir, 'sha256.json'), JSON.stringify({ 'mon.cjs': 'ab'.repeat(32) }));
  return { dist: dir, bundle };
}

describe('which outputs may be kept', () => {
  const { dist: root, bundle } = dist();
  const named = (line: string[], env: NodeJS.ProcessEnv = {}) => outputName(line, root, bundle, env);

  it('a help, `help X`, a bare noun and a completion script, named after the build, the width and the command line', () => {
    const { mtimeMs, size } = statSync(bundle);
    for (const line of [
      ['incidents', '--help'],
      ['help', 'incidents'],
      ['heartbeats'],
      ['completion', 'bash'],
      ['-h'],
    ]) {
      const kept = named(line);
      // The width: 80 when stdout is not a terminal (as here, unless the tests run on one).
      const [before, after] = [
        `out-${'ab'.repeat(16)}-${size}-${Math.floor(mtimeMs)}-`,
        `-${encodeURIComponent(line.join('\u0000'))}.txt`,
      ];
      expect(kept?.name.startsWith(before) && kept.name.endsWith(after), kept?.name).toBe(true);
      expect(kept!.name.slice(before.length, -after.length)).toMatch(/^(80|tty\d+)$/);
      expect(isOutputName(kept!.name)).toBe(true);
    }
  });

  it('nothing with a flag (it could change what is printed), under --debug, of a command that runs, or of a long line', () => {
    for (const line of [
      ['incidents', '--help', '--no-color'],
      ['--sandbox', 'incidents', '--help'],
      ['config', 'path'],
      ['incidents', 'list', '--help', 'x', 'y'],
      ['incidents', '--help', '--debug'],
    ])
      expect(named(line), line.join(' ')).toBeUndefined();
    expect(named(['incidents', '--help'], { MON_DEBUG: '1' })).toBeUndefined();
    expect(named(['completion', 'x'.repeat(200)])).toBeUndefined();
  });

  it('a line is named by its words before it is read (no flag but -h/--help, four words at most, no MON_DEBUG), as the reading would tell a help, a completion script or one word', () => {
    for (const line of [
      ['a', 'b', 'c', '--help'],
      ['-h'],
      ['help', 'incidents', 'list'],
      ['completion', 'bash'],
      ['status'],
    ])
      expect(named(line), line.join(' ')).toBeDefined();
    // A command that runs is not looked for, nor kept.
    for (const line of [
      ['config', 'path'],
      ['incidents', 'list'],
      ['incidents', 'help'],
      ['incidents', '--help', '--no-color'],
      ['a', 'b', 'c', 'd', '-h'],
      ['incidents', '--json'],
    ])
      expect(named(line), line.join(' ')).toBeUndefined();
    expect(named(['incidents', '--help'], { MON_DEBUG: '1' })).toBeUndefined();
    expect(named(['incidents', '--help'], { MON_DEBUG: '0' })).toBeDefined();
    // Named exactly when the reading says it is a help, a completion script or one word.
    const lines = [
      ['config', 'path'],
      ['incidents', 'list'],
      ['incidents', 'help'],
      ['help'],
      ['help', 'x'],
      ['x', '-h'],
      ['completion'],
      ['completion', 'zsh'],
      ['incidents'],
      [],
    ];
    for (const line of lines) {
      const facts = lineFacts(line, {});
      const reads = facts.help || facts.words[0] === 'completion' || line.length <= 1;
      expect({ line, named: named(line) !== undefined }).toEqual({ line, named: reads });
    }
  });

  it('names only what mon writes', () => {
    expect(isOutputName(output(BUILD, 'incidents\u0000--help'))).toBe(true);
    expect(isOutputName(`out-${BUILD}-tty132-incidents%00--help.txt`)).toBe(true);
    for (const other of [
      'out-notes.txt',
      `out-${BUILD}-80-incidents%00--help.txt.bak`,
      `out-${BUILD}-81-incidents.txt`,
      `out-${BUILD}-80-a/b.txt`,
      `out-${BUILD.slice(1)}-80-incidents.txt`,
    ])
      expect(isOutputName(other), other).toBe(false);
  });
});

describe('a kept output', () => {
  it('is read back whole; a damaged one is removed; a link named like one is neither read nor removed', () => {
    const dir = cacheDir();
    const name = output(BUILD, 'incidents\u0000--help');
    expect(keptOutput(dir, name)).toBeUndefined();
    keepOutput(dir, { build: BUILD, name }, 'Usage: mon incidents\n');
    expect(keptOutput(dir, name)?.toString()).toBe('Usage: mon incidents\n');
    expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
    const sealed = readFileSync(join(dir, name));
    writeFileSync(join(dir, name), Buffer.concat([sealed.subarray(0, -2), Buffer.from('X\n')]));
    expect(keptOutput(dir, name)).toBeUndefined();
    expect(existsSync(join(dir, name))).toBe(false);
    const elsewhere = join(mkdtempSync(join(tmpdir(), 'mon-elsewhere-')), 'precious');
    writeFileSync(elsewhere, seal('output', Buffer.from('planted help\n')));
    symlinkSync(elsewhere, join(dir, name));
    expect(keptOutput(dir, name)).toBeUndefined();
    expect(readFileSync(elsewhere)).toEqual(seal('output', Buffer.from('planted help\n')));
  });

  it("when a build keeps its first output: another build's outputs that mon wrote go; every other file named out-* stays", () => {
    const dir = cacheDir();
    const elsewhere = join(mkdtempSync(join(tmpdir(), 'mon-elsewhere-')), 'precious');
    writeFileSync(elsewhere, seal('output', Buffer.from('kept elsewhere\n')));
    const files: Record<string, Buffer | 'link' | 'dir'> = {
      [output(OLD_BUILD, 'incidents\u0000--help')]: seal('output', Buffer.from('an old build said this\n')),
      [output(OLD_BUILD, 'checks\u0000--help')]: Buffer.from('a file of someone else, named as mon names its own\n'),
      [output(OLD_BUILD, 'status\u0000--help')]: 'link',
      [output(OLD_BUILD, 'runtimes\u0000--help')]: 'dir',
      'out-notes.txt': seal('output', Buffer.from('not a name mon gives\n')),
      'out-of-office.md': Buffer.from('mine\n'),
    };
    for (const [file, content] of Object.entries(files)) {
      if (content === 'link') symlinkSync(elsewhere, join(dir, file));
      else if (content === 'dir') mkdirSync(join(dir, file));
      else writeFileSync(join(dir, file), content);
    }
    const name = output(BUILD, 'incidents\u0000--help');
    keepOutput(dir, { build: BUILD, name }, 'Usage: mon incidents\n');
    expect(readdirSync(dir).sort()).toEqual(
      [name, ...Object.keys(files).filter((file) => file !== output(OLD_BUILD, 'incidents\u0000--help'))].sort(),
    );
    expect(unseal('output', readFileSync(elsewhere))?.toString()).toBe('kept elsewhere\n');
  });

  it(`keeps ${OUTPUTS_KEPT} outputs of a build at most`, () => {
    const dir = cacheDir();
    for (let n = 0; n < OUTPUTS_KEPT; n++)
      writeFileSync(join(dir, output(BUILD, `line${n}`)), seal('output', Buffer.from('x')));
    keepOutput(dir, { build: BUILD, name: output(BUILD, 'one more') }, 'x');
    expect(readdirSync(dir)).toHaveLength(OUTPUTS_KEPT);
    expect(existsSync(join(dir, output(BUILD, 'one more')))).toBe(false);
  });
});
