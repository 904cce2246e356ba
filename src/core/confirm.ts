import { CancelledError, DeclinedError, isPromptCancel } from '../errors';
import { sanitize } from '../text/escape';
import type { Ctx } from './context';

/**
 * Confirm what was prompted. A post whose values all came from flags goes out as typed; when
 * any of them came from a prompt or a picker, the user sees what will be posted and says yes
 * first. `--yes` skips the question; without a terminal nothing is asked (and nothing could
 * have been prompted); a dry run sends nothing, so it asks nothing.
 */
export interface PostConfirmation {
  /** Did any value (the incident included) come from a prompt or a picker? */
  prompted: boolean;
  yes?: boolean;
  dryRun?: boolean;
  /** "About to post an update to "Checkout errors":" */
  title: string;
  /** The lines of the summary: label and value (server text is escaped here). */
  lines: [string, string][];
  /** "Post this update?" */
  question: string;
}

export async function confirmPost(ctx: Pick<Ctx, 'io' | 'prompter'>, confirmation: PostConfirmation): Promise<void> {
  if (!confirmation.prompted || confirmation.yes || confirmation.dryRun || !ctx.io.canPrompt()) return;
  const { io } = ctx;
  const width = Math.max(...confirmation.lines.map(([label]) => label.length)) + 2;
  const lines = confirmation.lines.map(
    ([label, value]) => `  ${io.errStyle.bold(`${label}:`.padEnd(width))}${sanitize(value)}`,
  );
  io.err(`\n${confirmation.title}\n${lines.join('\n')}\n\n`);
  let answer: boolean;
  try {
    answer = await ctx.prompter.confirm({ message: confirmation.question, default: false });
  } catch (error) {
    if (isPromptCancel(error)) throw new CancelledError('Cancelled. Nothing was posted.');
    throw error;
  }
  if (!answer) throw new DeclinedError('Nothing was posted.');
}

/** A prompt cancelled with Ctrl-C (before anything was sent: prompts come first) says so. */
export async function nothingSentIfCancelled<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isPromptCancel(error)) throw new CancelledError('Cancelled. Nothing was sent.');
    throw error;
  }
}
