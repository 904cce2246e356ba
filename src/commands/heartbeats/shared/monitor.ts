import {
  amountShort,
  graceProblem,
  HEARTBEAT_LIMITS,
  inLargestUnit,
  periodProblem,
  type HeartbeatTiming,
} from '../../../api/heartbeat-rules';
import type { Ctx } from '../../../core/context';
import { readInputText } from '../../../core/input';
import { answerCheck } from '../../../core/flags/convert';
import { flagName, type DurationFlag } from '../../../core/flags/spec';
import { parseDuration } from '../../../text/time';
import { maskSecret, maskUrl } from '../../../text/mask';
import { sanitize } from '../../../text/escape';
import { UsageError } from '../../../errors';

/*
 * What `heartbeats create` and `update` share: durations as the API's number + unit, the
 * description from a flag or a file, alert channels, the summary shown for a confirmation,
 * and the ping URL as it may be shown.
 */

/** Which rule of the spec a duration flag's value must follow. */
const PROBLEMS = { period: periodProblem, grace: graceProblem } as const;
export type TimingFlag = keyof typeof PROBLEMS;

/** A duration flag's milliseconds as whole seconds, or what is wrong with it (a fraction of a second, the spec's range). */
function durationCheck(which: TimingFlag, ms: number): { seconds: number } | { problem: string } {
  if (!Number.isInteger(ms / 1000)) return { problem: `must be a whole number of seconds (got ${ms / 1000} seconds)` };
  const seconds = ms / 1000;
  const problem = PROBLEMS[which](seconds);
  if (problem) return { problem: `${problem} (got ${describeSeconds(seconds)})` };
  return { seconds };
}

/** "1d", "90s", "2m": seconds in the largest exact unit, as a duration flag takes them. */
export function describeSeconds(seconds: number): string {
  const { amount, unit } = inLargestUnit(seconds);
  return amountShort(amount, unit);
}

/**
 * Period and grace (milliseconds, as their flags give them) as the API's amounts + units, in
 * the largest exact units; exit 2 naming each flag whose value breaks the spec's rules. A
 * value left out is skipped (asked for later).
 */
export function timingAmounts(
  flags: Record<TimingFlag, DurationFlag>,
  values: Partial<Record<TimingFlag, number>>,
): Partial<Record<TimingFlag, { amount: number; unit: HeartbeatTiming['periodUnit'] }>> {
  const problems: string[] = [];
  const amounts: Partial<Record<TimingFlag, { amount: number; unit: HeartbeatTiming['periodUnit'] }>> = {};
  for (const which of ['period', 'grace'] as const) {
    const ms = values[which];
    if (ms === undefined) continue;
    const result = durationCheck(which, ms);
    if ('problem' in result) problems.push(`${flagName(which, flags[which])} ${result.problem}`);
    else amounts[which] = inLargestUnit(result.seconds);
  }
  if (problems.length === 1) throw new UsageError(`${problems[0]}.`);
  if (problems.length > 1)
    throw new UsageError(`${problems.length} problems:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  return amounts;
}

/** The `heartbeat` of a body: period and grace in their largest exact units. */
export function timingBody(
  flags: Record<TimingFlag, DurationFlag>,
  periodMs: number,
  graceMs: number,
): HeartbeatTiming {
  const { period, grace } = timingAmounts(flags, { period: periodMs, grace: graceMs });
  return { period: period!.amount, periodUnit: period!.unit, grace: grace!.amount, graceUnit: grace!.unit };
}

/** A duration typed at a prompt, checked with the flag's form and the spec's range before it is taken (milliseconds). */
export async function askDuration(
  ctx: Pick<Ctx, 'prompter' | 'now'>,
  which: TimingFlag,
  flag: DurationFlag,
  previous?: number,
): Promise<number> {
  const form = answerCheck(flag, ctx.now());
  const answer = await ctx.prompter.input({
    message: flag.prompt ?? flag.help,
    ...(previous !== undefined ? { default: describeSeconds(previous / 1000), editable: true } : {}),
    validate: (value) => {
      const formed = form(value);
      if (formed !== true) return formed;
      const result = durationCheck(which, parseDuration(value, { zero: flag.zero })!);
      return 'problem' in result ? `It ${result.problem}.` : true;
    },
  });
  return parseDuration(answer, { zero: flag.zero })!;
}

/** --description or --description-file (one of them), the file's text at most the spec's length. */
export async function givenDescription(
  ctx: Pick<Ctx, 'io'>,
  flags: { description?: string; descriptionFile?: string },
): Promise<string | undefined> {
  if (flags.description !== undefined && flags.descriptionFile !== undefined) {
    throw new UsageError(
      '--description and --description-file cannot be given together: which one is the description?',
    );
  }
  if (flags.descriptionFile === undefined) return flags.description;
  const text = (
    await readInputText(ctx.io, flags.descriptionFile, { flag: '--description-file', kind: 'message' })
  ).replace(/\s+$/, '');
  if (flags.descriptionFile === '-') ctx.io.promptsDisabled = true;
  if (text.length > HEARTBEAT_LIMITS.descriptionMax) {
    throw new UsageError(
      `--description-file must hold at most ${HEARTBEAT_LIMITS.descriptionMax} characters (it holds ${text.length}).`,
    );
  }
  return text;
}

/** --alert-channel IDs (numbers) as the body's subscriptions; exit 2 naming the flag for anything else. */
export function alertSubscriptions(
  values: readonly string[] | undefined,
): { alertChannelId: number; activated: boolean }[] | undefined {
  if (!values?.length) return undefined;
  return values.map((value) => {
    if (!/^\d{1,15}$/.test(value.trim()) || Number(value) === 0) {
      throw new UsageError(
        `--alert-channel must be the number of an alert channel (got ${JSON.stringify(sanitize(value))}).`,
      );
    }
    return { alertChannelId: Number(value), activated: true };
  });
}

/** "every 1d, grace 1h" */
export function everyText(timing: HeartbeatTiming): string {
  return `every ${amountShort(timing.period, timing.periodUnit)}, grace ${amountShort(timing.grace, timing.graceUnit)}`;
}

/** The configuration as label and value lines (a confirmation, `heartbeats get`); server text is escaped by the caller. */
export function monitorLines(monitor: {
  name?: string;
  heartbeat?: HeartbeatTiming;
  description?: string | null;
  tags?: readonly string[] | null;
  muted?: boolean;
  activated?: boolean;
  alertChannelSubscriptions?: readonly { alertChannelId: number }[] | null;
}): [string, string][] {
  const lines: [string, string][] = [];
  if (monitor.name !== undefined) lines.push(['Name', monitor.name]);
  if (monitor.heartbeat) lines.push(['Expected', everyText(monitor.heartbeat)]);
  if (monitor.description) lines.push(['Description', monitor.description]);
  if (monitor.tags?.length) lines.push(['Tags', monitor.tags.join(', ')]);
  lines.push(['Alerts', alertWords(monitor)]);
  return lines;
}

function alertWords(monitor: {
  muted?: boolean;
  activated?: boolean;
  alertChannelSubscriptions?: readonly { alertChannelId: number }[] | null;
}): string {
  if (monitor.activated === false) return 'paused: records pings, never alerts';
  const channels = monitor.alertChannelSubscriptions?.length
    ? `${monitor.alertChannelSubscriptions.length === 1 ? 'channel' : 'channels'} ${monitor.alertChannelSubscriptions.map((channel) => channel.alertChannelId).join(', ')}`
    : 'every alert channel';
  return monitor.muted ? `muted (${channels})` : channels;
}

/**
 * The ping URL of a monitor as it may be shown: whole only when `whole` (a terminal, right
 * after creating it), the token masked otherwise.
 */
export function shownPingUrl(
  check: { heartbeat: { pingUrl?: string | null; pingToken?: string | null } },
  whole: boolean,
): string | undefined {
  const { pingUrl, pingToken } = check.heartbeat;
  if (!pingUrl) return undefined;
  if (whole) return pingUrl;
  const at = pingToken ? pingUrl.lastIndexOf(pingToken) : -1;
  if (at < 0) return maskUrl(pingUrl);
  return `${maskUrl(pingUrl.slice(0, at))}${maskSecret(pingToken!)}${pingUrl.slice(at + pingToken!.length)}`;
}
