import { CancelledError, DeclinedError, isPromptCancel } from '../errors';
import { sanitize } from '../text/escape';
import type { Ctx } from './context';

/**
 * Confirm what was prompted. A post whose values all came from flags goes out as typed; when
 * any of them came from a prompt or a picker, the user sees what will be posted and answers
 * yes (post), no (nothing is sent) or edit (the questions again, the answers in them).
 * `--yes` answers yes: it answers nothing else. Without a terminal nothing is asked (and
 * nothing could have been prompted); a dry run sends nothing, so it asks nothing.
 */
export interface PostConfirmation {
  /** Did any value (the incident included) come from a prompt or a picker? */
  prompted: boolean;
  yes?: boolean;
  dryRun?: boolean;
  /** "About to post an update:" */
  title: string;
  /** The lines of the summary: label and value (server text is escaped here; a value's newlines start rows under it). */
  lines: [string, string][];
  /** "Post this update?" */
  question: string;
  /** What "no" means: "Nothing was posted." unless told. */
  declined?: string;
}

type Answer = 'yes' | 'no' | 'edit';

/** 'post' when it may go out, 'edit' when the person wants to change the answers; "no" ends the command. */
export async function confirmPost(
  ctx: Pick<Ctx, 'io' | 'prompter'>,
  confirmation: PostConfirmation,
): Promise<'post' | 'edit'> {
  if (!confirmation.prompted || confirmation.yes || confirmation.dryRun || !ctx.io.canPrompt()) return 'post';
  const { io } = ctx;
  const declined = confirmation.declined ?? 'Nothing was posted.';
  const width = Math.max(...confirmation.lines.map(([label]) => label.length)) + 2;
  // A value of several lines (a message) is shown whole: its lines under each other, after the label.
  const lines = confirmation.lines.map(
    ([label, value]) =>
      `  ${io.errStyle.bold(`${label}:`.padEnd(width))}${sanitize(value, { newlines: true })
        .split('\n')
        .join(`\n${' '.repeat(width + 2)}`)}`,
  );
  io.err(`\n${confirmation.title}\n${lines.join('\n')}\n\n`);
  let answer: Answer;
  try {
    answer = await ctx.prompter.select<Answer>({
      message: confirmation.question,
      choices: [
        { name: 'yes', value: 'yes' },
        { name: 'no, send nothing', value: 'no' },
        { name: 'edit the answers', value: 'edit' },
      ],
      default: 'no',
    });
  } catch (error) {
    if (isPromptCancel(error)) throw new CancelledError(`Cancelled. ${declined}`);
    throw error;
  }
  if (answer === 'no') throw new DeclinedError(declined);
  return answer === 'yes' ? 'post' : 'edit';
}

/**
 * The questions and the confirmation, as often as the person chooses edit: `ask` gets the
 * previous answers (undefined the first time) to put in its questions, and returns the new.
 */
export async function askAndConfirm<A>(
  ctx: Pick<Ctx, 'io' | 'prompter'>,
  ask: (previous: A | undefined) => Promise<A>,
  confirmation: (answers: A) => PostConfirmation,
): Promise<A> {
  let answers = await ask(undefined);
  while ((await confirmPost(ctx, confirmation(answers))) === 'edit') answers = await ask(answers);
  return answers;
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
