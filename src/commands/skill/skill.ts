import type { Command } from 'commander';
import { constants, copyFileSync, lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { NotAFileError, readOwnFileStart, writeTarget } from '../../config/files';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { buildSchema } from '../../core/schema';
import { CliError, UsageError } from '../../errors';
import { saySuccess } from '../../output/say';
import { SKILL_MARK, skillDocument } from './shared/document';
import type { SKILL } from './spec';

/** The most of an existing SKILL.md read to tell whether mon wrote it. */
const READ_AT_MOST = 1024 * 1024;

/** Its text, or undefined when there is none; a directory there is the user's, never replaced. */
function existingText(path: string): string | undefined {
  try {
    return readOwnFileStart(path, READ_AT_MOST);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'EISDIR')
      throw new CliError(
        'failure',
        `${path} is a directory: nothing was written.`,
        'Move it aside, or write the skill to another DIR.',
      );
    throw error;
  }
}

/** SKILL.md.bak, or SKILL.md.bak.1, .2, ...: the first name nothing has (not even a dangling link). */
function freeBackup(path: string): string {
  for (let n = 0; ; n++) {
    const candidate = `${path}.bak${n ? `.${n}` : ''}`;
    try {
      lstatSync(candidate);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return candidate;
      throw error;
    }
  }
}

/**
 * DIR/mon/SKILL.md written whole (a temporary file renamed over it: never half a file). A
 * SKILL.md mon did not write is left as it is (exit 1) unless `force`, and then kept beside it.
 */
function writeSkill(ctx: Pick<Ctx, 'io'>, dir: string, text: string, force: boolean): void {
  const path = join(dir, 'mon', 'SKILL.md');
  let target: string;
  let before: string | undefined;
  try {
    target = writeTarget(path);
    before = existingText(target);
  } catch (error) {
    if (!(error instanceof NotAFileError)) throw error;
    throw new CliError(
      'failure',
      `${path} is ${error.kind}, not a file: nothing was written.`,
      'Write the skill to another DIR.',
    );
  }
  let kept: string | undefined;
  if (before !== undefined && !before.includes(SKILL_MARK)) {
    if (!force) {
      throw new CliError(
        'failure',
        `${path} is not a skill mon wrote: it was left as it is.`,
        'Move it away, or run again with --force (it is then kept as SKILL.md.bak).',
      );
    }
    kept = freeBackup(target);
    copyFileSync(target, kept, constants.COPYFILE_EXCL);
  }
  mkdirSync(dirname(target), { recursive: true });
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text, { flag: 'wx' });
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  saySuccess(ctx.io, `Wrote ${path}${kept ? ` (the file that was there is kept as ${kept})` : ''}.`);
}

/** `mon skill [--write DIR]`: the skill from the whole command tree (`tree` builds it). */
export function skillRun(tree: () => Promise<Command>) {
  return async (ctx: Pick<Ctx, 'io'>, { flags }: Input<typeof SKILL>): Promise<void> => {
    const text = skillDocument(buildSchema(await tree()));
    if (flags.write === undefined) {
      if (flags.force)
        throw new UsageError('--force goes with --write DIR: it replaces a SKILL.md there that mon did not write.');
      ctx.io.outRaw(text);
      return;
    }
    writeSkill(ctx, flags.write, text, flags.force ?? false);
  };
}
