import { z } from 'zod';

export const RUNTIME_IDS = ['2026.04', '2025.04', '2024.09', '2024.02', '2023.09', '2023.02', '2022.10'] as const;
export const RUNTIME_STAGES = ['ALPHA', 'BETA', 'CURRENT', 'DEPRECATED', 'REMOVED', 'STABLE'] as const;

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
