import { CancelledError, DeclinedError, isPromptCancel } from '../errors';
import { sanitize } from '../text/escape';
import type { Ctx } from './context';

/**
 * What a confirmation on a terminal shows before it asks (core/write.ts decides when one is
 * asked: a value came from a prompt or a picker, or the command is destructive).
 */
export interface ConfirmationView {
  /** "About to post an update:" */
  title?: string;
  /** The lines of the summary: label and value (server text is escaped here; a value's newlines start rows under it). */
  lines?: [string, string][];
  /** "Post this update?" */
  question: string;
  /** What "no" means: "Nothing was posted." unless told. */
  declined?: string;
}

type Answer = 'yes' | 'no' | 'edit';

/**
 * Shows what will be sent and asks: yes, no (nothing is sent: exit 1) or, when the answers
 * can be asked again (`canEdit`), edit. A question with nothing to show and nothing to edit
 * (a delete) is a y/N whose default is no. Ctrl-C sends nothing either (exit 130).
 */
export async function askConfirmation(
  ctx: Pick<Ctx, 'io' | 'prompter'>,
  view: ConfirmationView,
  canEdit: boolean,
): Promise<'yes' | 'edit'> {
  const { io } = ctx;
  const declined = view.declined ?? 'Nothing was posted.';
  const rows = view.lines ?? [];
  if (rows.length || view.title) {
    const width = Math.max(0, ...rows.map(([label]) => label.length)) + 2;
    // A value of several lines (a message) is shown whole: its lines under each other, after the label.
    const lines = rows.map(
      ([label, value]) =>
        `  ${io.errStyle.bold(`${label}:`.padEnd(width))}${sanitize(value, { newlines: true })
          .split('\n')
          .join(`\n${' '.repeat(width + 2)}`)}`,
    );
    io.err(`\n${view.title ?? ''}\n${lines.join('\n')}\n\n`);
  }
  let answer: Answer;
  try {
    if (!rows.length && !canEdit) {
      answer = (await ctx.prompter.confirm({ message: view.question, default: false })) ? 'yes' : 'no';
    } else {
      answer = await ctx.prompter.select<Answer>({
        message: view.question,
        choices: [
          { name: 'yes', value: 'yes' },
          { name: 'no, send nothing', value: 'no' },
          ...(canEdit ? [{ name: 'edit the answers', value: 'edit' as const }] : []),
        ],
        default: 'no',
      });
    }
  } catch (error) {
    if (isPromptCancel(error)) throw new CancelledError(`Cancelled. ${declined}`);
    throw error;
  }
  if (answer === 'no') throw new DeclinedError(declined);
  return answer;
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
