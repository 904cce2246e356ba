import { deleteCheck, deleteCheckRequest, getCheck, getCheckRequest } from '../../api/resources/checks';
import { checkLabel, resolveCheck } from '../../core/check-arg';
import type { Input } from '../../core/flags/spec';
import { runWrite, type WriteCtx } from '../../core/write';
import { showOutcome } from '../../output/present';
import { saySuccess } from '../../output/say';
import { sanitize } from '../../text/escape';
import type { DELETE } from './spec';

/**
 * `mon checks delete CHECK`: destructive, so it is confirmed: on a terminal the check is named
 * and the user answers y/N; without one (or in agent mode) it is planned (exit 9) unless --yes.
 * The check is looked up first, so the plan names it by name and full ID.
 */
export async function deleteCheckRun(ctx: WriteCtx, { args }: Input<typeof DELETE>): Promise<void> {
  const { io } = ctx;
  const client = await ctx.api();
  const named = await resolveCheck(client, args.check);
  const check = named.check ?? (await getCheck(client, named.id)).check;
  const label = `${checkLabel(check)}, ${sanitize(check.checkType)}`;
  await runWrite(ctx, {
    plan: () => ({
      target: { kind: 'check', id: check.id, name: check.name },
      changes: [`Check "${check.name}" (${check.id}), ${check.checkType}: deleted`],
      requests: [deleteCheckRequest(check.id)],
      state: { reader: 'exists', read: getCheckRequest(check.id).path },
      confirm: { question: `Delete the check ${label}?`, declined: 'Nothing was deleted.' },
      send: async () => {
        await deleteCheck(client, check.id);
        saySuccess(io, `Deleted the check ${label}.`);
        // The API answers a delete with no body: --json prints nothing.
        await showOutcome(ctx, { id: check.id });
      },
    }),
  });
}
