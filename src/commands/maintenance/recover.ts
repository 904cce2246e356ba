import type { Ctx } from '../../core/context';
import { runWrite, type WriteCtx } from '../../core/write';
import { showOutcome } from '../../output/present';
import { sayNote, saySuccess, sayWarning } from '../../output/say';
import { sanitize } from '../../text/escape';
import { apiWhere, leftOpen, leftWords } from './shared/journal';
import { restoreRequests, restoreRun } from './shared/restore';

/** `mon maintenance recover`: what killed runs left open (their journals say what), ended. */
export async function recoverRun(ctx: WriteCtx & Pick<Ctx, 'globals' | 'settings'>): Promise<void> {
  const { io } = ctx;
  const where = await apiWhere(ctx);
  const runs = leftOpen(ctx.env);
  const elsewhere = runs.filter((run) => run.where !== where);
  const here = runs.filter((run) => run.where === where);
  for (const run of elsewhere)
    sayWarning(
      io,
      `${sanitize(leftWords(run))}, against ${sanitize(run.where)}: left for a recover with that setting.`,
    );
  if (!here.length) {
    sayNote(io, `Nothing to recover${elsewhere.length ? ` against ${sanitize(where)}` : ''}.`);
    await showOutcome(ctx, { json: { recovered: [] } });
    return;
  }
  const client = await ctx.api();
  await runWrite(ctx, {
    answers: here,
    plan: () => ({
      changes: here.map((run) => `${leftWords(run)}: ended now`),
      requests: here.flatMap((run) => restoreRequests(run, client.now())),
      confirm: { title: 'About to end:', lines: here.map((run) => ['', leftWords(run)]), question: 'End them now?' },
      send: async () => {
        const recovered: { runId: string; command: string; done: string[] }[] = [];
        for (const run of here) {
          const done = await restoreRun(client, run);
          recovered.push({ runId: run.runId, command: run.command, done });
          saySuccess(
            io,
            `Recovered \`${sanitize(run.command)}\` (pid ${run.pid}): ${sanitize(done.join('; ') || 'nothing was open')}.`,
          );
        }
        await showOutcome(ctx, { json: { recovered } });
      },
    }),
  });
}
