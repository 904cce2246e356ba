/**
 * The output formats, by name: one module each in this folder (output/present.ts loads it),
 * and the values of the global --format flag (core/flags/globals.ts). Plain data, imported by
 * the start-up too.
 */
export const FORMATS = ['table', 'tsv', 'json', 'md'] as const;
export type Format = (typeof FORMATS)[number];
