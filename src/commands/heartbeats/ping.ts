import { statusLabel } from '../../api/errors';
import { maskedPingUrl, sendPing } from '../../api/resources/heartbeats';
import type { Ctx } from '../../core/context';
import { UsageError } from '../../errors';
import { showOutcome } from '../../output/present';
import { saySuccess } from '../../output/say';
import type { Input } from '../../core/flags/spec';
import type { PING } from './spec';
import {
  parsePingArgument,
  pingClient,
  pingFailure,
  pingTarget,
  printPingDryRun,
  tokenFromSources,
} from './shared/ping-target';

type PingCtx = Pick<Ctx, 'io' | 'env' | 'globals' | 'settings' | 'clientFor' | 'prompter' | 'commandPath'>;

/** `mon heartbeats ping TOKEN`: tell the service the job ran. */
export async function heartbeatPingRun(ctx: PingCtx, { flags, args }: Input<typeof PING>): Promise<void> {
  const given = await tokenFromSources(ctx, { positional: args.token, tokenFile: flags.tokenFile });
  const argument = given ? parsePingArgument(given.token, given.source) : parsePingArgument(await tokenOrAsk(ctx));
  const target = pingTarget(argument, (await ctx.settings()).pingUrl);
  if (flags.dryRun) return printPingDryRun(ctx, target);
  const client = await pingClient(ctx, target);
  const response = await sendPing(client, target).catch((error: unknown) => {
    throw pingFailure(error, target);
  });
  // Quiet unless someone is watching: cron mails whatever a job prints.
  const { io } = ctx;
  if (io.stderrIsTTY) saySuccess(io, `Ping sent to ${maskedPingUrl(target)} (${statusLabel(response.status)}).`);
  await showOutcome(ctx, { json: response.body });
}

/** TOKEN, asked for (hidden) on a terminal when it was left out: typed, it stays out of the shell history. */
async function tokenOrAsk(ctx: Pick<Ctx, 'io' | 'prompter' | 'commandPath'>): Promise<string> {
  if (!ctx.io.canPrompt()) {
    throw new UsageError(
      'TOKEN is required: the ping token of a heartbeat monitor, or its whole ping URL.',
      `Usage: ${ctx.commandPath} TOKEN, or MON_PING_TOKEN=TOKEN, or --token-file FILE (see --help).`,
    );
  }
  const answer = await ctx.prompter.password({
    message: 'Ping token (or the whole ping URL):',
    validate: (text) => (text.trim() ? true : 'Enter the ping token.'),
  });
  ctx.io.addSecret(answer.trim());
  return answer.trim();
}
