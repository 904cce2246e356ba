import { readFileSync } from 'node:fs';

/** What esbuild put into a file of dist/: its size, the modules whose code it holds, and what it imports. */
export interface BuiltOutput {
  bytes: number;
  inputs: Record<string, { bytesInOutput: number }>;
  imports: { path: string; kind?: string; external?: boolean }[];
}

let read: { outputs: Record<string, BuiltOutput> }[] | undefined;

/**
 * What esbuild put into each file of dist/, as scripts/build.mjs wrote it (which `npm test` runs
 * first): one metafile for each of its builds, read once.
 */
export function builtMetafiles(): { outputs: Record<string, BuiltOutput> }[] {
  return (read ??= JSON.parse(
    readFileSync(new URL('../node_modules/.cache/mon-build/metafiles.json', import.meta.url), 'utf8'),
  ) as { outputs: Record<string, BuiltOutput> }[]);
}

/** The file `name` of dist/ (`dist/start.cjs`), from whichever build made it. */
export function builtOutput(name: string): BuiltOutput {
  const output = builtMetafiles()
    .map((metafile) => metafile.outputs[name])
    .find(Boolean);
  if (!output) throw new Error(`the build made no ${name}`);
  return output;
}
