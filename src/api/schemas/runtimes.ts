import { z } from 'zod';

export const runtimeSchema = z.looseObject({
  name: z.string(),
  multiStepSupport: z.boolean(),
  nodeJsVersion: z.string(),
  dependencies: z.record(z.string(), z.string()),
  stage: z.string().optional(),
  runtimeEndOfLife: z.string().optional(),
  description: z.string().optional(),
});
export type Runtime = z.infer<typeof runtimeSchema>;

export const runtimeListSchema = z.array(runtimeSchema);
