import { getMaintenanceWindow, getMaintenanceWindowRequest } from '../../api/resources/maintenance';
import { monWord, type Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { configurationState } from '../../core/state';
import { runWrite, type WriteCtx } from '../../core/write';
import { UsageError } from '../../errors';
import { showOutcome } from '../../output/present';
import { sayNote, saySuccess } from '../../output/say';
import { sanitize } from '../../text/escape';
import { notePending } from './shared/journal';
import { endRequest, endWindow, inForce } from './shared/restore';
import type { END } from './spec';

/** `mon maintenance end ID`: the window's end moved to now (deleted when it has not started). */
export async function endWindowRun(ctx: WriteCtx & Pick<Ctx, 'globals'>, { args }: Input<typeof END>): Promise<void> {
  if (!/^\d+$/.test(args.id.trim()))
    throw new UsageError(
      `ID "${sanitize(args.id)}" is not a maintenance window's ID: it is a whole number.`,
      '`mon maintenance list` shows the windows and their IDs.',
    );
  notePending(ctx, monWord(ctx));
  const client = await ctx.api();
  const { window, raw } = await getMaintenanceWindow(client, args.id.trim());
  const now = client.now();
  const who = `Maintenance window ${window.id} "${window.name}"`;
  if (window.repeatInterval)
    throw new UsageError(
      `${sanitize(who)} repeats (every ${window.repeatInterval} ${sanitize(String(window.repeatUnit ?? '').toLowerCase())}): ending it would change every occurrence.`,
      'Change or delete it with `mon api` (docs/API.md, maintenance windows).',
    );
  if (!inForce(window, now) && Date.parse(window.startsAt) < now) {
    sayNote(ctx.io, `${sanitize(who)} is over already (it ended ${sanitize(window.endsAt)}): nothing to do.`);
    await showOutcome(ctx, { json: raw });
    return;
  }
  const request = endRequest(window, now);
  await runWrite(ctx, {
    answers: window,
    plan: () => ({
      target: { kind: 'maintenance-window', id: String(window.id), name: window.name },
      changes: [
        request.method === 'DELETE'
          ? `${who} (${window.id}): deleted (it has not started)`
          : `${who} (${window.id}): ends now (endsAt ${window.endsAt} → now)`,
      ],
      requests: [request],
      state: configurationState(raw as Record<string, unknown>, getMaintenanceWindowRequest(window.id).path),
      confirm: { title: 'About to end:', lines: [['Window', `${window.id} ${window.name}`]], question: 'End it now?' },
      send: async () => {
        const how = await endWindow(client, window);
        saySuccess(ctx.io, `${sanitize(who)}: ${how === 'gone' ? 'it was deleted meanwhile' : how}.`);
        await showOutcome(ctx, { json: { id: window.id, result: how }, id: String(window.id) });
      },
    }),
  });
}
