import { HttpError } from '../http';
import type { ModuleContext, SandboxModule } from '../module';

export interface AlertChannel {
  id: string;
  /** The numeric ID checks subscribe with (alertChannelSubscriptions[].alertChannelId). */
  alertChannelId: number;
  type: 'EMAIL' | 'SLACK' | 'WEBHOOK' | 'SMS';
  config: Record<string, unknown>;
}

export const ALERT_CHANNELS = 'alertChannels';

/** A check's subscription to a channel. */
export interface Subscription {
  alertChannelId: number;
  activated: boolean;
}
type Fields = Record<string, unknown>;

/**
 * Subscriptions: the ones asked for (each must name an alert channel), and with
 * autoAssignAlerts every other channel too, in the channels' order. (DNS and heartbeat checks.)
 */
export function subscriptionsFor(
  ctx: ModuleContext,
  body: { alertChannelSubscriptions?: Subscription[] },
  autoAssign: boolean,
): Subscription[] {
  const channels = ctx.store.collection<AlertChannel>(ALERT_CHANNELS).values();
  const known = new Set(channels.map((channel) => channel.alertChannelId));
  const asked = body.alertChannelSubscriptions ?? [];
  asked.forEach((subscription, index) => {
    if (!known.has(subscription.alertChannelId)) {
      throw new HttpError(
        400,
        `body.alertChannelSubscriptions[${index}].alertChannelId: there is no alert channel ${subscription.alertChannelId} (the account has ${[...known].join(', ')})`,
      );
    }
  });
  const subscriptions = [...asked];
  if (autoAssign) {
    for (const channel of channels) {
      if (!asked.some((subscription) => subscription.alertChannelId === channel.alertChannelId)) {
        subscriptions.push({ alertChannelId: channel.alertChannelId, activated: true });
      }
    }
  }
  return subscriptions;
}

/** The response's alertChannels: the subscribed, active channels by kind. */
export function alertChannelsOf(ctx: ModuleContext, check: { alertChannelSubscriptions: Subscription[] }) {
  const byId = new Map(
    ctx.store
      .collection<AlertChannel>(ALERT_CHANNELS)
      .values()
      .map((channel) => [channel.alertChannelId, channel]),
  );
  const out: { email: Fields[]; webhook: Fields[]; slack: Fields[]; sms: Fields[] } = {
    email: [],
    webhook: [],
    slack: [],
    sms: [],
  };
  for (const subscription of check.alertChannelSubscriptions) {
    const channel = byId.get(subscription.alertChannelId);
    if (!channel || !subscription.activated) continue;
    const config = channel.config;
    if (channel.type === 'EMAIL') out.email.push({ address: config.address });
    if (channel.type === 'SLACK') out.slack.push({ url: config.url });
    if (channel.type === 'SMS') out.sms.push({ number: config.number, name: config.name });
    if (channel.type === 'WEBHOOK') {
      out.webhook.push({
        name: config.name,
        url: config.url,
        method: config.method ?? 'POST',
        headers: config.headers ?? [],
        queryParameters: config.queryParameters ?? [],
      });
    }
  }
  return out;
}

/** Seeded alert channels: mon calls no operation on them (docs/API.md), but checks subscribe to them. */
export const alertChannelsModule: SandboxModule = {
  name: 'alertChannels',
  seed(ctx) {
    const channels = ctx.store.collection<AlertChannel>(ALERT_CHANNELS);
    const seed: AlertChannel[] = [
      { id: '1001', alertChannelId: 1001, type: 'EMAIL', config: { address: 'oncall@acme.example' } },
      {
        id: '1002',
        alertChannelId: 1002,
        type: 'SLACK',
        config: { url: 'https://hooks.slack.example/services/T000/B000/XXXX' },
      },
      {
        id: '1003',
        alertChannelId: 1003,
        type: 'WEBHOOK',
        config: {
          name: 'Pager bridge',
          url: 'https://pager.acme.example/hook',
          method: 'POST',
          headers: [],
          queryParameters: [],
        },
      },
      { id: '1004', alertChannelId: 1004, type: 'SMS', config: { name: 'On-call phone', number: '+15555550100' } },
    ];
    for (const channel of seed) channels.put(channel);
  },
  routes() {},
};
