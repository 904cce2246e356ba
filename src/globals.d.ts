import type { ResponseName } from './api/schemas/responses';
import type { Shape } from './api/shape';

// Replaced at build time (esbuild `define` in scripts/build.mjs, vitest `define` in vitest.config.ts).
declare global {
  /** package.json's version. */
  const MON_VERSION: string;
  /** The shape of every answer mon reads (api/read.ts), derived from its schema (scripts/response-shapes.mjs). */
  const MON_RESPONSE_SHAPES: Record<ResponseName, Shape>;
}
