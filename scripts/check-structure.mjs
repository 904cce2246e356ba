// The structure of src/, checked from esbuild's own import graph (static and dynamic imports;
// type-only imports are erased and do not count): no import circle, and no import that runs
// up a layer. Part of `npm run lint`. The layers, bottom first (docs/ARCHITECTURE.md): a
// module may import from its own layer and the ones below it.
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const LAYERS = [
  ['src/errors.ts', 'src/env.ts', 'src/mode.ts', 'src/signals.ts', 'src/text/', 'src/timers.ts'],
  ['src/io.ts', 'src/lock.ts', 'src/descriptor.ts'],
  ['src/config/', 'src/output/'],
  ['src/api/'],
  ['src/sandbox/'],
  ['src/core/'],
  ['src/commands/'],
  ['src/program.ts'],
  ['src/main.ts'],
  ['src/cli.ts'],
  // The start-up (dist/start.cjs, loaded by bin/mon.js): it loads the bundle, and never imports what runs above core/.
  ['src/start/'],
];

const layerOf = (file) =>
  LAYERS.findIndex((layer) => layer.some((place) => (place.endsWith('/') ? file.startsWith(place) : file === place)));

const sources = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')
        ? [join(dir, entry.name)]
        : [],
  );

/**
 * Every import of one src file by another: [from, to, kind, the path as written]; with
 * `packages`, its imports of packages too (`to` is the package's name as written).
 */
export async function importGraph(root = process.cwd(), { packages = false } = {}) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: sources(join(root, 'src')).map((file) => file.slice(root.length + 1)),
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: 'unused',
    logLevel: 'silent',
    define: { MON_VERSION: '"0"' },
  });
  const edges = [];
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    if (!file.startsWith('src/')) continue;
    for (const imported of input.imports) {
      const isPackage = imported.external && !imported.path.startsWith('node:');
      if (imported.path.startsWith('src/') || (packages && isPackage))
        edges.push([file, imported.path, imported.kind, imported.original]);
    }
  }
  return edges;
}

/** Import circles (strongly connected groups of files) and imports that run up a layer. */
export function problems(edges) {
  const out = [];
  for (const [from, to] of edges) {
    const a = layerOf(from);
    const b = layerOf(to);
    if (a < 0) out.push(`${from} is in no layer: add its place to LAYERS in scripts/check-structure.mjs`);
    else if (b > a) out.push(`${from} imports ${to}, a higher layer: move the thing down, or pass it in`);
  }
  const next = new Map();
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to]);
  // Tarjan's strongly connected components.
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!indexOf.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), indexOf.get(target)));
    }
    if (low.get(node) === indexOf.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (next.get(node) ?? []).includes(node))
        out.push(`import circle: ${group.sort().join(' → ')}`);
    }
  };
  for (const node of next.keys()) if (!indexOf.has(node)) visit(node);
  return [...new Set(out)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = problems(await importGraph());
  for (const problem of found) console.error(problem);
  if (found.length) process.exit(1);
  console.log('structure: no import circles, no import that runs up a layer');
}
