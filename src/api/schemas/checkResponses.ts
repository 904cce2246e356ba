import { z } from 'zod';

// Responses: lenient (the API may add fields), strict only about what mon shows.

const responseRequestSchema = z.looseObject({
  query: z.string().optional(),
  recordType: z.string().optional(),
  nameServer: z.string().nullable().optional(),
  port: z.number().nullable().optional(),
  protocol: z.string().nullable().optional(),
  assertions: z
    .array(
      z.looseObject({
        source: z.string().optional(),
        comparison: z.string().optional(),
        target: z.string().nullable().optional(),
      }),
    )
    .nullable()
    .optional(),
});

const alertChannelsResponseSchema = z
  .looseObject({
    email: z.array(z.looseObject({ address: z.string().optional() })).optional(),
    webhook: z.array(z.looseObject({ name: z.string().optional(), url: z.string().optional() })).optional(),
    slack: z.array(z.looseObject({ url: z.string().optional() })).optional(),
    sms: z.array(z.looseObject({ name: z.string().optional(), number: z.string().optional() })).optional(),
  })
  .nullable();

/** A created check as the API answers (DNS check response; the deprecated create's check). */
export const checkResponseSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  checkType: z.string().optional(),
  activated: z.boolean().optional(),
  muted: z.boolean().optional(),
  doubleCheck: z.boolean().optional(),
  shouldFail: z.boolean().optional(),
  runParallel: z.boolean().optional(),
  useGlobalAlertSettings: z.boolean().optional(),
  locations: z.array(z.string()).nullable().optional(),
  privateLocations: z.array(z.string()).nullable().optional(),
  tags: z.array(z.string()).nullable().optional(),
  description: z.string().nullable().optional(),
  frequency: z.number().optional(),
  frequencyOffset: z.number().nullable().optional(),
  runtimeId: z.string().nullable().optional(),
  groupId: z.number().nullable().optional(),
  groupOrder: z.number().nullable().optional(),
  degradedResponseTime: z.number().nullable().optional(),
  maxResponseTime: z.number().nullable().optional(),
  retryStrategy: z
    .looseObject({ type: z.string().optional(), maxRetries: z.number().optional() })
    .nullable()
    .optional(),
  triggerIncident: z
    .looseObject({ serviceId: z.string().optional(), severity: z.string().optional() })
    .nullable()
    .optional(),
  alertChannelSubscriptions: z
    .array(z.looseObject({ alertChannelId: z.number(), activated: z.boolean() }))
    .nullable()
    .optional(),
  alertChannels: alertChannelsResponseSchema.optional(),
  request: responseRequestSchema.nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().nullable().optional(),
});
export type CheckResponse = z.infer<typeof checkResponseSchema>;

export const dnsCheckResponseSchema = checkResponseSchema.extend({ checkType: z.literal('DNS').optional() });
