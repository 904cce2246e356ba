import { createHeartbeat, createHeartbeatRequest } from '../../api/resources/heartbeats';
import { heartbeatCreateBodySchema, type HeartbeatCheck } from '../../api/schemas/heartbeats';
import type { Ctx } from '../../core/context';
import { runWrite, type WriteCtx } from '../../core/write';
import { missingFlagsError } from '../../core/flags/convert';
import { checkBody } from '../../core/flags/parse';
import { askText } from '../../core/flags/prompt';
import { flagName, type Input } from '../../core/flags/spec';
import { showOutcome } from '../../output/present';
import { saySuccess } from '../../output/say';
import { sanitize } from '../../text/escape';
import { CREATE } from './spec';
import {
  alertSubscriptions,
  askDuration,
  everyText,
  givenDescription,
  monitorLines,
  shownPingUrl,
  timingAmounts,
  timingBody,
} from './shared/monitor';
import { nextCommand } from '../../text/next';

type CreateCtx = WriteCtx;

const EXAMPLE = 'heartbeats create --name "Nightly backup" --period 1d --grace 1h';

/**
 * Flags first (every rule of the spec checked, exit 2 before any request), then prompts for
 * what is missing and a confirmation, then one POST. The ping URL is shown whole only here.
 */
export async function createHeartbeatRun(ctx: CreateCtx, { flags }: Input<typeof CREATE>): Promise<void> {
  const description = await givenDescription(ctx, flags);
  const alertChannelSubscriptions = alertSubscriptions(flags.alertChannel);
  const base = {
    ...(description !== undefined ? { description } : {}),
    ...(flags.tag?.length ? { tags: flags.tag } : {}),
    ...(flags.muted ? { muted: true } : {}),
    ...(flags.inactive ? { activated: false } : {}),
    ...(alertChannelSubscriptions ? { alertChannelSubscriptions } : {}),
  };
  const toBody = (answers: Answers) =>
    checkBody(
      heartbeatCreateBodySchema,
      { name: answers.name, heartbeat: timingBody(CREATE.flags, answers.period, answers.grace), ...base },
      CREATE,
    );
  // A given period and grace are checked before anything is asked (the other flags were, by their tables).
  timingAmounts(CREATE.flags, flags);

  const missing = (['name', 'period', 'grace'] as const)
    .filter((key) => flags[key] === undefined)
    .map((key) => flagName(key, CREATE.flags[key]));
  const prompting = missing.length > 0;
  if (prompting && !ctx.io.canPrompt()) throw missingFlagsError(missing, EXAMPLE);

  interface Answers {
    name: string;
    period: number;
    grace: number;
  }
  const ask = async (previous: Answers | undefined): Promise<Answers> => ({
    name: flags.name ?? (await askText(ctx, CREATE.flags.name, { previous: previous?.name })),
    period: flags.period ?? (await askDuration(ctx, 'period', CREATE.flags.period, previous?.period)),
    grace: flags.grace ?? (await askDuration(ctx, 'grace', CREATE.flags.grace, previous?.grace)),
  });
  const options = alertChannelSubscriptions ? { autoAssignAlerts: false } : {};
  await runWrite(ctx, {
    ask,
    prompted: () => prompting,
    plan: (answers) => {
      const body = toBody(answers);
      return {
        changes: [
          `A new heartbeat monitor "${body.name}": ${monitorLines(body)
            .filter(([label]) => label !== 'Name')
            .map(([label, value]) => `${label.toLowerCase()} ${value}`)
            .join('; ')}`,
        ],
        requests: [createHeartbeatRequest(body, options)],
        confirm: {
          title: 'About to create a heartbeat monitor:',
          lines: monitorLines(body),
          question: 'Create this monitor?',
          declined: 'Nothing was created.',
        },
        send: async () => {
          const client = await ctx.api();
          const { check, raw } = await createHeartbeat(client, body, options);
          reportCreated(ctx, check);
          await showOutcome(ctx, { json: raw, id: check.id });
        },
      };
    },
  });
}

/**
 * "✓ Created ...", the check ID, the ping URL (whole on a terminal: the one time it is
 * shown; the token masked otherwise) and the next step.
 */
function reportCreated(ctx: Pick<Ctx, 'io' | 'globals'>, check: HeartbeatCheck): void {
  const { io } = ctx;
  const style = io.errStyle;
  const whole = io.stderrIsTTY;
  const pingUrl = shownPingUrl(check, whole);
  const token = check.heartbeat.pingToken;
  const lines = [
    `Created heartbeat monitor "${style.bold(sanitize(check.name))}": ${everyText(check.heartbeat)}.`,
    `  Check ID  ${sanitize(check.id)}`,
    ...(pingUrl ? [`  Ping URL  ${sanitize(pingUrl)}`] : []),
    ...(whole && token
      ? [style.dim('  Keep the ping URL secret: whoever has it can ping. It is not shown again.')]
      : []),
    style.dim(
      `  Next: ${nextCommand(ctx.globals, `heartbeats exec ${whole && token ? sanitize(token) : 'TOKEN'} -- JOB`)}`,
    ),
  ];
  saySuccess(io, lines.join('\n'));
}
