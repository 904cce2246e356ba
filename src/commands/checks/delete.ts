import { deleteCheck, deleteCheckRequest, getCheck } from '../../api/resources/checks';
import { checkLabel, resolveCheck } from '../../core/check-arg';
import type { Ctx } from '../../core/context';
import { printDryRun } from '../../core/dry-run';
import type { Input } from '../../core/flags/spec';
import { CancelledError, DeclinedError, isPromptCancel, UsageError } from '../../errors';
import { showOutcome } from '../../output/present';
import { saySuccess } from '../../output/say';
import { sanitize } from '../../text/escape';
import type { DELETE } from './spec';

/**
 * `mon checks delete CHECK`: on a terminal, the check is named and the user confirms;
 * without one, --yes is required (exit 2, nothing sent, before the check is even looked up).
 */
export async function deleteCheckRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'prepare'>,
  { args, flags }: Input<typeof DELETE>,
): Promise<void> {
  const { io } = ctx;
  if (!flags.yes && !flags.dryRun && !io.canPrompt()) {
    throw new UsageError(
      `mon checks delete needs --yes without a terminal to confirm on: nothing was deleted.`,
      `Pass --yes (-y) to delete ${sanitize(args.check)} without asking, or --dry-run to see the request.`,
    );
  }
  const client = await ctx.api();
  const named = await resolveCheck(client, args.check);
  if (flags.dryRun) return printDryRun(ctx, deleteCheckRequest(named.id));
  const check = named.check ?? (await getCheck(client, named.id)).check;
  const label = `${checkLabel(check)}, ${sanitize(check.checkType)}`;
  if (!flags.yes) {
    let confirmed: boolean;
    try {
      confirmed = await ctx.prompter.confirm({ message: `Delete the check ${label}?`, default: false });
    } catch (error) {
      if (isPromptCancel(error)) throw new CancelledError('Cancelled. Nothing was deleted.');
      throw error;
    }
    if (!confirmed) throw new DeclinedError('Nothing was deleted.');
  }
  await deleteCheck(client, check.id);
  saySuccess(io, `Deleted the check ${label}.`);
  // The API answers a delete with no body: --json prints nothing.
  await showOutcome(ctx, { id: check.id });
}
