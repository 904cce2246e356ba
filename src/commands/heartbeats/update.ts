import { updateHeartbeat, updateHeartbeatRequest } from '../../api/resources/heartbeats';
import { getCheck, getCheckRequest } from '../../api/resources/checks';
import { heartbeatUpdateBodySchema, type HeartbeatUpdateBody } from '../../api/schemas/heartbeats';
import type { Check } from '../../api/schemas/checkReads';
import { resolveCheck } from '../../core/check-arg';
import type { Ctx } from '../../core/context';
import { configurationState } from '../../core/state';
import { runWrite, type WriteCtx } from '../../core/write';
import { checkBody } from '../../core/flags/parse';
import type { Input } from '../../core/flags/spec';
import { showOutcome } from '../../output/present';
import { saySuccess } from '../../output/say';
import { UsageError } from '../../errors';
import { sanitize } from '../../text/escape';
import { UPDATE } from './spec';
import { alertSubscriptions, givenDescription, monitorLines, timingAmounts } from './shared/monitor';
import type { NextCommand } from '../../text/next';

type UpdateCtx = WriteCtx;

const EXAMPLE = 'heartbeats update "Nightly backup" --period 12h --grace 30m';

/** Pairs of switches that say opposite things. */
const OPPOSITES = [
  ['muted', 'unmuted'],
  ['activate', 'inactive'],
] as const;

/**
 * The flags are checked first (exit 2, nothing sent), then the monitor is read, and one PUT
 * sends its configuration with what the flags change: what is not given keeps its value.
 */
export async function updateHeartbeatRun(ctx: UpdateCtx, { flags, args }: Input<typeof UPDATE>): Promise<void> {
  for (const [yes, no] of OPPOSITES) {
    if (flags[yes] && flags[no]) throw new UsageError(`--${yes} and --${no} cannot be given together.`);
  }
  const description = await givenDescription(ctx, flags);
  const alertChannelSubscriptions = alertSubscriptions(flags.alertChannel);
  const timing = timingAmounts(UPDATE.flags, flags);
  const changes =
    flags.name !== undefined ||
    flags.period !== undefined ||
    flags.grace !== undefined ||
    description !== undefined ||
    flags.tag !== undefined ||
    alertChannelSubscriptions !== undefined ||
    OPPOSITES.some((pair) => pair.some((flag) => flags[flag]));
  if (!changes) {
    throw new UsageError(
      'Nothing to change: give --name, --period, --grace, --description, --tag, --alert-channel, --muted, --unmuted, --activate or --inactive.',
      (next) => `For example: ${next(EXAMPLE)}`,
    );
  }

  const client = await ctx.api();
  const { id } = await resolveCheck(client, args.check, { checkType: 'HEARTBEAT' });
  /** The PUT's body: the monitor as it is, with what the flags change. */
  const bodyFor = (check: Check): HeartbeatUpdateBody => {
    const current = heartbeatOf(check);
    return checkBody(
      heartbeatUpdateBodySchema,
      {
        name: flags.name ?? check.name,
        heartbeat: {
          period: timing.period?.amount ?? current.period,
          periodUnit: timing.period?.unit ?? current.periodUnit,
          grace: timing.grace?.amount ?? current.grace,
          graceUnit: timing.grace?.unit ?? current.graceUnit,
        },
        description: description ?? check.description ?? null,
        tags: flags.tag ?? check.tags ?? [],
        muted: flags.muted ? true : flags.unmuted ? false : (check.muted ?? false),
        activated: flags.activate ? true : flags.inactive ? false : (check.activated ?? true),
        ...(alertChannelSubscriptions || check.alertChannelSubscriptions
          ? { alertChannelSubscriptions: alertChannelSubscriptions ?? check.alertChannelSubscriptions }
          : {}),
      },
      UPDATE,
    ) as HeartbeatUpdateBody;
  };
  await runWrite(ctx, {
    answers: (await getCheck(client, id)).check,
    refresh: async () => (await getCheck(client, id)).check,
    plan: (check: Check) => {
      const body = bodyFor(check);
      const before = monitorLines({ ...check, heartbeat: heartbeatOf(check) });
      const after = new Map(monitorLines(body));
      const who = `Heartbeat monitor "${check.name}" (${check.id})`;
      const changed = before
        .filter(([label, value]) => after.get(label) !== value)
        .map(([label, value]) => `${who}: ${label.toLowerCase()} ${value} → ${after.get(label) ?? '—'}`);
      return {
        target: { kind: 'heartbeat', id: check.id, name: check.name },
        changes: changed.length ? changed : [`${who}: its configuration sent as it is (nothing different)`],
        requests: [updateHeartbeatRequest(check.id, body)],
        state: configurationState(check, getCheckRequest(check.id).path),
        confirm: { question: `Change the heartbeat monitor ${check.name}?` },
        send: async () => {
          const { check: changedCheck, raw } = await updateHeartbeat(client, check.id, body);
          reportChange(ctx, before, monitorLines(changedCheck), changedCheck.name);
          await showOutcome(ctx, { json: raw, id: changedCheck.id });
        },
      };
    },
  });
}

/** The heartbeat part of a check; a check of another type is refused by name. */
function heartbeatOf(check: Check): NonNullable<Check['heartbeat']> {
  if (check.checkType === 'HEARTBEAT' && check.heartbeat) return check.heartbeat;
  throw new UsageError(
    `"${sanitize(check.name)}" is a ${sanitize(check.checkType)} check, not a heartbeat monitor.`,
    (next: NextCommand) => `${next('heartbeats list')} shows the heartbeat monitors.`,
  );
}

/** "✓ Changed heartbeat monitor "X": Expected every 1d, grace 1h → every 12h, grace 30m." */
function reportChange(ctx: Pick<Ctx, 'io'>, before: [string, string][], after: [string, string][], name: string): void {
  const was = new Map(before);
  const parts = after
    .filter(([label, value]) => was.get(label) !== value)
    .map(([label, value]) => `${label.toLowerCase()} ${sanitize(was.get(label) ?? '—')} → ${sanitize(value)}`);
  const what = parts.length ? parts.join('; ') : 'nothing was different';
  saySuccess(ctx.io, `Changed heartbeat monitor "${ctx.io.errStyle.bold(sanitize(name))}": ${what}.`);
}
