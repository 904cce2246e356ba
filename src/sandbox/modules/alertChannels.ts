import type { SandboxModule } from '../module';

export interface AlertChannel {
  id: string;
  /** The numeric ID checks subscribe with (alertChannelSubscriptions[].alertChannelId). */
  alertChannelId: number;
  type: 'EMAIL' | 'SLACK' | 'WEBHOOK' | 'SMS';
  config: Record<string, unknown>;
}

export const ALERT_CHANNELS = 'alertChannels';

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
