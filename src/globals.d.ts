/** Replaced at build time (esbuild `define` in scripts/build.mjs, vitest `define` in vitest.config.ts) with package.json's version. */
declare const MON_VERSION: string;

/**
 * Written when mon is built (scripts/answer-checks.mjs): for each answer of
 * api/schemas/responses.ts, whether a body fits the shape of its schema.
 */
declare module 'mon:answer-checks' {
  export const CHECKS: Readonly<Record<string, (body: unknown) => boolean>>;
}
