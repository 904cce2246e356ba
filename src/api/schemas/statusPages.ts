import { z } from 'zod';
import { paginated } from './common';
import { incidentSchema, serviceSchema } from './incidents';

export const cardSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  services: z.array(serviceSchema).optional(),
  created_at: z.string().optional(),
  updated_at: z.string().nullable().optional(),
});

export const statusPageSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  accountId: z.string().optional(),
  description: z.string().nullable().optional(),
  customDomain: z.string().nullable().optional(),
  cards: z.array(cardSchema).optional(),
  // The page's open incidents; the public API leaves their updates out.
  incidents: z.array(incidentSchema.partial({ incidentUpdates: true })).optional(),
  isPrivate: z.boolean().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().nullable().optional(),
});
export type StatusPage = z.infer<typeof statusPageSchema>;

export const statusPageListSchema = paginated(statusPageSchema);
