import { describeFrequency } from '../../../api/schemas/checks';
import type { CheckResponse } from '../../../api/schemas/checkResponses';
import type { Ctx } from '../../../core/context';
import { showOutcome } from '../../../output/present';
import type { Field } from '../../../output/render';
import { paintId, saySuccess } from '../../../output/say';
import { sanitize } from '../../../text/escape';

const yesNo = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'yes' : 'no');
const joined = (values: readonly unknown[] | null | undefined) => (values?.length ? values.join(', ') : undefined);

function dnsQuery(check: CheckResponse): string | undefined {
  const request = check.request;
  if (!request?.query) return undefined;
  const server = request.nameServer ? ` via ${request.nameServer}${request.port ? `:${request.port}` : ''}` : '';
  return `${request.recordType ?? ''} ${request.query}${server}${request.protocol ? ` (${request.protocol})` : ''}`.trim();
}

/** Who gets notified, without channel secrets (webhook and Slack URLs, phone numbers). */
function notifies(check: CheckResponse): string | undefined {
  const channels = check.alertChannels;
  if (!channels) return undefined;
  const parts = [
    ...(channels.email ?? []).map((email) => `email ${email.address ?? ''}`.trim()),
    ...(channels.slack ?? []).map(() => 'slack'),
    ...(channels.webhook ?? []).map((hook) => `webhook ${hook.name ?? ''}`.trim()),
    ...(channels.sms ?? []).map((sms) => `sms ${sms.name ?? ''}`.trim()),
  ];
  return parts.length ? parts.join('; ') : undefined;
}

export function checkFields(check: CheckResponse): Field[] {
  const subscriptions = (check.alertChannelSubscriptions ?? []).filter((subscription) => subscription.activated);
  const retry = check.retryStrategy;
  const trigger = check.triggerIncident;
  const frequency =
    check.frequency === undefined
      ? undefined
      : `${describeFrequency(check.frequency, check.frequencyOffset)}${check.frequency !== 0 && check.frequencyOffset ? ` (offset ${check.frequencyOffset})` : ''}`;
  return [
    { label: 'ID', key: 'id', value: check.id, color: paintId },
    { label: 'Name', key: 'name', value: check.name },
    { label: 'Type', key: 'checkType', value: check.checkType },
    { label: 'Query', key: 'request', value: dnsQuery(check) },
    {
      label: 'Assertions',
      key: 'assertions',
      value:
        (check.request?.assertions ?? [])
          .map((a) => [a.source, a.comparison, a.target].filter(Boolean).join(' '))
          .join('; ') || undefined,
    },
    {
      label: 'Frequency',
      key: 'frequency',
      value: check.frequency,
      display: frequency,
      text: frequency,
    },
    { label: 'Locations', key: 'locations', value: joined(check.locations) },
    ...(check.privateLocations?.length
      ? [{ label: 'Private locations', key: 'privateLocations', value: joined(check.privateLocations) }]
      : []),
    { label: 'Activated', key: 'activated', value: yesNo(check.activated) },
    { label: 'Muted', key: 'muted', value: yesNo(check.muted) },
    ...(check.shouldFail ? [{ label: 'Should fail', key: 'shouldFail', value: 'yes' }] : []),
    {
      label: 'Response times',
      key: 'responseTimes',
      value:
        check.degradedResponseTime == null && check.maxResponseTime == null
          ? undefined
          : `degraded at ${check.degradedResponseTime ?? '—'} ms, fails at ${check.maxResponseTime ?? '—'} ms`,
    },
    {
      label: 'Retries',
      key: 'retryStrategy',
      value: retry?.type
        ? `${retry.type}${retry.maxRetries ? `, up to ${retry.maxRetries} ${retry.maxRetries === 1 ? 'retry' : 'retries'}` : ''}`
        : undefined,
    },
    {
      label: 'Alert channels',
      key: 'alertChannelSubscriptions',
      value: joined(subscriptions.map((s) => s.alertChannelId)),
    },
    { label: 'Notifies', key: 'alertChannels', value: notifies(check) },
    ...(trigger?.serviceId
      ? [
          {
            label: 'Opens incidents',
            key: 'triggerIncident',
            value: `${trigger.severity ?? ''} on service ${trigger.serviceId}`.trim(),
          },
        ]
      : []),
    { label: 'Tags', key: 'tags', value: joined(check.tags) },
    { label: 'Runtime', key: 'runtimeId', value: check.runtimeId ?? undefined },
    { label: 'Created', key: 'created_at', value: check.created_at },
  ];
}

/**
 * A created check: `--json` the body as received; on a terminal a detail view; piped, its
 * ID alone (so `id=$(mon checks create-dns ...)` works). The confirmation goes to stderr.
 */
export async function printCreatedCheck(
  ctx: Pick<Ctx, 'io' | 'globals'>,
  check: CheckResponse,
  raw: unknown,
): Promise<void> {
  const kind = check.checkType ? `${sanitize(check.checkType)} check` : 'check';
  saySuccess(ctx.io, `Created ${kind} "${sanitize(check.name)}" (${sanitize(check.id)}).`);
  await showOutcome(ctx, {
    json: raw,
    id: check.id,
    record: { json: raw, title: `Check: ${check.name}`, fields: checkFields(check) },
  });
}
