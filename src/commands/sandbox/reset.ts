import type { Ctx } from '../../core/context';
import { saySuccess } from '../../output/say';
import { singleEffect, type Input } from '../../core/flags/spec';
import { CancelledError, CliError, ConfirmationRequiredError, DeclinedError, isPromptCancel } from '../../errors';
import { planObject, printPlan, yesCommand } from '../../core/plan';
import { tryLock, type HeldLock } from '../../lock';
import { lockFileFailure, prepareDataDir } from '../../sandbox/data-dir';
import { SANDBOX_ACCOUNT_ID } from '../../sandbox/defaults';
import { resetDataFile } from '../../sandbox/seed';
import { isJournal } from '../../sandbox/journal';
import { sanitize } from '../../text/escape';
import { dataFileOf, lockPathsOf } from './shared/data-file';
import { RESET } from './spec';
import { errorWords } from '../../text/codes';
import { nextCommand } from '../../text/next';
import { shellQuote } from '../../text/shell';

/**
 * `mon sandbox reset`: the data file holds the seeded data again. It takes the data file's
 * lock for the time of the reset, so no sandbox starts on a half-written file; a `mon sandbox`
 * serving the file is not reset behind its back (it holds the data in memory and would
 * answer from the old data, and write on top of the new): the user stops it first.
 */
export async function sandboxResetRun(
  ctx: Pick<Ctx, 'io' | 'env' | 'globals' | 'prompter' | 'now' | 'line' | 'commandPath' | 'prepare'>,
  { flags }: Input<typeof RESET>,
): Promise<void> {
  const { io } = ctx;
  const dataFile = dataFileOf(ctx.env, flags.data);
  const shown = sanitize(dataFile);
  // A file of the user's that is not a sandbox journal (a mistyped --data) is never replaced.
  if (isJournal(dataFile) === false) {
    throw new CliError(
      'failure',
      `${shown} is not a mon sandbox data file: it was left as it is.`,
      'Check --data: it names the journal a `mon sandbox --data FILE` was started with.',
    );
  }
  if (!flags.yes) {
    if (!io.canPrompt()) {
      // Destructive, with no one to ask: its plan (local: no token, --yes confirms), exit 9.
      const object = planObject(
        ctx,
        'confirmation_required',
        singleEffect(RESET),
        {
          changes: [`The sandbox data file ${dataFile}: everything in it replaced with the sample data`],
          requests: [],
        },
        { confirmCommand: yesCommand(ctx.line) },
      );
      await printPlan(ctx, object, []);
      throw new ConfirmationRequiredError(
        `mon sandbox reset replaces everything in ${shown} with the sample data, and there is no terminal to confirm on: nothing was changed.`,
        'Pass --yes (-y) to reset without asking.',
      );
    }
    let confirmed: boolean;
    try {
      confirmed = await ctx.prompter.confirm({
        message: `Replace everything in ${shown} with the sample data (new check IDs and ping tokens)?`,
        default: false,
      });
    } catch (error) {
      if (isPromptCancel(error)) throw new CancelledError('Cancelled. Nothing was changed.');
      throw error;
    }
    if (!confirmed) throw new DeclinedError('Nothing was changed.');
  }

  prepareDataDir(dataFile, flags.data !== undefined);
  const locks: HeldLock[] = [];
  try {
    for (const path of lockPathsOf(dataFile)) {
      let lock;
      try {
        lock = tryLock(path, 'mon sandbox reset');
      } catch (error) {
        throw lockFileFailure(error, dataFile, flags.data !== undefined) ?? error;
      }
      if (!('release' in lock)) {
        const holder = lock.heldBy;
        const where = holder.server ? ` at ${sanitize(holder.server.url)}` : '';
        throw new CliError(
          'failure',
          `The data file ${shown} is in use by ${sanitize(holder.what)} (pid ${holder.pid}${where}): it was not reset.`,
          holder.server
            ? 'Stop that sandbox (Ctrl-C where it runs), then reset.'
            : 'Wait for that command to finish, then try again.',
        );
      }
      locks.push(lock);
    }
    try {
      resetDataFile(dataFile, { accountId: ctx.globals.account ?? SANDBOX_ACCOUNT_ID }, ctx.now);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new CliError(
        'failure',
        `Could not reset ${shown} (${sanitize(errorWords(error, code))}): it was left as it was.`,
        code === 'ENOSPC'
          ? 'The disk is full: free some space and try again.'
          : 'Check the directory is writable, then try again.',
      );
    }
  } finally {
    for (const lock of locks) lock.release();
  }
  const info = nextCommand(
    ctx.globals,
    `sandbox info${flags.data === undefined ? '' : ` --data ${shellQuote(flags.data)}`}`,
  );
  saySuccess(io, `${shown} holds the sample data again (${info} shows the new ping tokens).`);
}
