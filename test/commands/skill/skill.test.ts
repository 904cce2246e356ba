import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SKILL_MARK, skillDocument, TASKS } from '../../../src/commands/skill/shared/document';
import type { SchemaDocument } from '../../../src/core/schema';
import { markdownExamples } from '../../examples';
import { mon } from '../../helpers';

const printed = await mon('skill');
const skill = printed.stdout;
const schema = JSON.parse((await mon('schema')).stdout) as SchemaDocument;
const tempDir = () => mkdtempSync(join(tmpdir(), 'mon-skill-'));

describe('mon skill', () => {
  it('prints SKILL.md: front matter with name and description, then the sections', () => {
    expect(printed.code).toBe(0);
    expect(printed.stderr).toBe('');
    const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(skill) ?? [];
    expect(front).toMatch(/^name: mon$/m);
    const description = /^description: >-\n((?: {2}.*\n?)+)/m
      .exec(`${front}\n`)![1]!
      .replace(/\n {2}/g, ' ')
      .trim();
    // The skill format's bounds: a description of at most 1024 characters.
    expect(description.length).toBeGreaterThan(100);
    expect(description.length).toBeLessThanOrEqual(1024);
    expect(body).toContain(SKILL_MARK);
    for (const heading of [
      '## When to use it',
      '## Mode and the plan protocol',
      '## Rehearse on the sandbox',
      '## Commands by task',
      '## Every command',
    ])
      expect(body).toContain(`\n${heading}\n`);
  });

  it('says the plan protocol with the exit codes of the table: 9 and 10 among them', () => {
    expect(skill).toContain('| 9 | confirmation-required |');
    expect(skill).toContain('| 10 | conflict |');
    expect(skill).toContain('confirmCommand');
    expect(skill).toContain('`CLAUDECODE`');
  });

  it('lists every command of the schema with its summary and effect, from the tables', () => {
    const every = skill.split('\n## Every command\n')[1]!;
    for (const command of schema.commands) expect(every).toContain(`\`mon ${command.name}`);
    expect(every).toContain('- `mon checks delete CHECK`: Delete a check');
    expect(every).toMatch(/`mon checks delete CHECK`: .*\(destructive, idempotent, planned\)/);
    expect(every).toMatch(/`mon incidents list`: .*\(read-only\)/);
    expect(every).toMatch(/`mon config set KEY VALUE`: .*\(write, idempotent, this machine only\)/);
  });

  it('shows real command lines: no placeholder, each stating its exit code when not 0', () => {
    const lines = markdownExamples('skill', skill);
    expect(lines.length).toBe(TASKS.flatMap((task) => task.lines).length);
    for (const { command } of lines) expect(command).not.toMatch(/\.\.\.|[A-Z]{2,}_ID|<[a-z]+>|\bTOKEN\b/);
    expect(lines.filter((line) => line.expect === 9).length).toBeGreaterThan(1);
    expect(lines.some((line) => line.expect === 10)).toBe(true);
  });

  it('refuses to name a command mon does not have (a task that went stale fails here)', () => {
    const without = { ...schema, commands: schema.commands.filter((command) => command.name !== 'incidents update') };
    expect(() => skillDocument(without)).toThrow('The skill names "incidents update", which is no command of mon.');
  });

  describe('--write DIR', () => {
    it('writes DIR/mon/SKILL.md (the directories made), the same text as printed, and says where', async () => {
      const dir = join(tempDir(), 'skills');
      const { code, stdout, stderr } = await mon(['skill', '--write', dir]);
      expect(code).toBe(0);
      expect(stdout).toBe('');
      expect(stderr).toContain(`Wrote ${join(dir, 'mon', 'SKILL.md')}.`);
      expect(readFileSync(join(dir, 'mon', 'SKILL.md'), 'utf8')).toBe(skill);
    });

    it('replaces a SKILL.md it wrote before (an older version), with no copy kept', async () => {
      const dir = tempDir();
      mkdirSync(join(dir, 'mon'));
      writeFileSync(join(dir, 'mon', 'SKILL.md'), `---\nname: mon\n---\n\n${SKILL_MARK}\n\nold\n`);
      expect((await mon(['skill', '--write', dir])).code).toBe(0);
      expect(readFileSync(join(dir, 'mon', 'SKILL.md'), 'utf8')).toBe(skill);
      expect(existsSync(join(dir, 'mon', 'SKILL.md.bak'))).toBe(false);
    });

    it('leaves a SKILL.md it did not write as it is (exit 1); --force replaces it and keeps it beside', async () => {
      const dir = tempDir();
      mkdirSync(join(dir, 'mon'));
      const file = join(dir, 'mon', 'SKILL.md');
      writeFileSync(file, 'my own notes\n');
      const refused = await mon(['skill', '--write', dir]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`${file} is not a skill mon wrote: it was left as it is.`);
      expect(refused.stderr).toContain('--force');
      expect(readFileSync(file, 'utf8')).toBe('my own notes\n');
      expect(existsSync(`${file}.bak`)).toBe(false);

      const forced = await mon(['skill', '--write', dir, '--force']);
      expect(forced.code).toBe(0);
      expect(forced.stderr).toContain(`kept as ${file}.bak`);
      expect(readFileSync(file, 'utf8')).toBe(skill);
      expect(readFileSync(`${file}.bak`, 'utf8')).toBe('my own notes\n');

      // Another file of the user's later: the first copy is not replaced either.
      writeFileSync(file, 'newer notes\n');
      expect((await mon(['skill', '--write', dir, '--force'])).code).toBe(0);
      expect(readFileSync(`${file}.bak`, 'utf8')).toBe('my own notes\n');
      expect(readFileSync(`${file}.bak.1`, 'utf8')).toBe('newer notes\n');
    });

    it('writes through a symlink: the link stays a link, the file it points to is replaced', async () => {
      const dir = tempDir();
      mkdirSync(join(dir, 'mon'));
      const real = join(dir, 'real.md');
      writeFileSync(real, `${SKILL_MARK}\nold\n`);
      symlinkSync(real, join(dir, 'mon', 'SKILL.md'));
      expect((await mon(['skill', '--write', dir])).code).toBe(0);
      expect(lstatSync(join(dir, 'mon', 'SKILL.md')).isSymbolicLink()).toBe(true);
      expect(readlinkSync(join(dir, 'mon', 'SKILL.md'))).toBe(real);
      expect(readFileSync(real, 'utf8')).toBe(skill);
    });

    it('a directory where SKILL.md goes: exit 1 naming it, nothing changed', async () => {
      const dir = tempDir();
      mkdirSync(join(dir, 'mon', 'SKILL.md'), { recursive: true });
      const { code, stderr } = await mon(['skill', '--write', dir]);
      expect(code).toBe(1);
      expect(stderr).toContain(join(dir, 'mon', 'SKILL.md'));
      expect(lstatSync(join(dir, 'mon', 'SKILL.md')).isDirectory()).toBe(true);
    });

    it('a FIFO where SKILL.md goes: exit 1 naming it, never opened for writing, still a FIFO', async () => {
      const dir = tempDir();
      mkdirSync(join(dir, 'mon'));
      execFileSync('mkfifo', [join(dir, 'mon', 'SKILL.md')]);
      const { code, stderr } = await mon(['skill', '--write', dir]);
      expect(code).toBe(1);
      expect(stderr).toContain(
        `${join(dir, 'mon', 'SKILL.md')} is a FIFO (named pipe), not a file: nothing was written.`,
      );
      expect(lstatSync(join(dir, 'mon', 'SKILL.md')).isFIFO()).toBe(true);
    });

    it('--force without --write: exit 2, nothing printed', async () => {
      const { code, stdout, stderr } = await mon('skill --force');
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain('--force goes with --write DIR');
    });
  });
});
