import { getCheck, getCheckStatus } from '../../api/resources/checks';
import type { Check, CheckStatus } from '../../api/schemas/checkReads';
import { checkStateWord } from '../../api/answers';
import { resolveCheck } from '../../core/check-arg';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { showRecord } from '../../output/present';
import type { Field } from '../../output/render';
import { paint } from '../../output/say';
import { absoluteTime, timeDisplay } from '../../text/time';
import { checkFields } from './shared/show';
import { withoutPingTokens } from './shared/ping-tokens';
import { frequencyText, sinceOf } from './shared/view';
import type { GET } from './spec';

/** `mon checks get CHECK`: the configuration and the status now, read at the same time. */
export async function getCheckRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api'>,
  { args }: Input<typeof GET>,
): Promise<void> {
  const client = await ctx.api();
  const { id } = await resolveCheck(client, args.check);
  const [{ check, raw }, { status }] = await Promise.all([getCheck(client, id), getCheckStatus(client, id)]);
  await showRecord(ctx, {
    json: withoutPingTokens(raw),
    title: `Check: ${check.name}`,
    fields: fieldsOf(check, status ?? undefined, client.now()),
  });
}

function fieldsOf(check: Check, status: CheckStatus | undefined, now: number): Field[] {
  const word = checkStateWord(check, status, now);
  const since = status ? sinceOf(status, check, now) : undefined;
  const statusField: Field = {
    label: 'Status',
    key: 'status',
    value: word,
    display: since ? `${word} since ${timeDisplay(since, now)}` : word,
    text: since ? `${word} since ${absoluteTime(since)}` : word,
    color: paint(word),
  };
  const fields = checkFields(check).map((field) => {
    if (field.key === 'frequency') return { ...field, display: frequencyText(check), text: frequencyText(check) };
    return field;
  });
  const extra: Field[] = [
    ...(check.heartbeat
      ? [
          {
            label: 'Grace',
            key: 'grace',
            value: `${check.heartbeat.grace} ${check.heartbeat.graceUnit}`,
          },
        ]
      : []),
    {
      label: 'Alert settings',
      key: 'alertSettings',
      value: check.useGlobalAlertSettings ? "the account's" : alertSettingsText(check.alertSettings),
    },
  ];
  const at = fields.findIndex((field) => field.key === 'checkType') + 1;
  return [...fields.slice(0, at), statusField, ...fields.slice(at), ...extra];
}

interface AlertSettings {
  escalationType?: string;
  runBasedEscalation?: { failedRunThreshold?: number };
  timeBasedEscalation?: { minutesFailingThreshold?: number };
  reminders?: { amount?: number; interval?: number };
}

/** "after 2 failed runs, 3 reminders every 10 minutes" */
function alertSettingsText(given: unknown): string | undefined {
  if (!given || typeof given !== 'object') return undefined;
  const settings = given as AlertSettings;
  const after =
    settings.escalationType === 'TIME_BASED'
      ? `after ${settings.timeBasedEscalation?.minutesFailingThreshold ?? '?'} minutes failing`
      : `after ${settings.runBasedEscalation?.failedRunThreshold ?? '?'} failed run(s)`;
  const reminders = settings.reminders?.amount
    ? `, ${settings.reminders.amount} reminder(s) every ${settings.reminders.interval ?? '?'} minutes`
    : '';
  return `alert ${after}${reminders}`;
}
