/** Replaced at build time (esbuild `define` in scripts/build.mjs, vitest `define` in vitest.config.ts) with package.json's version. */
declare const MON_VERSION: string;
