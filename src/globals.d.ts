/** Replaced at build time (esbuild `define`, vitest `define`) with package.json's version. */
declare const MON_VERSION: string;
