import { describe, expect, it } from 'vitest';
import { builtOutput } from '../build-output';
// @ts-expect-error: a plain .mjs script without types
import { crossings, importedNames, rareModules } from '../../scripts/rare.mjs';

type Edge = [string, string, string, string?];
const split = { crossings, importedNames, rareModules } as {
  crossings: (edges: Edge[], vendored: string[]) => Promise<{ entries: string[]; shared: Map<string, string[]> }>;
  importedNames: (code: string, specifier: string) => string[];
  rareModules: (edges: Edge[]) => Set<string>;
};

/** The modules of src/ whose code is in a file of dist/. */
const modulesIn = (file: string) => Object.keys(builtOutput(file).inputs).filter((input) => input.startsWith('src/'));

describe('dist/rare.cjs: the rarely used code, out of dist/mon.cjs (scripts/rare.mjs)', () => {
  it('holds no module of src/ that mon.cjs holds: one copy of each (one state, one class)', () => {
    const mon = modulesIn('dist/mon.cjs');
    const rare = modulesIn('dist/rare.cjs');
    expect(rare.filter((file) => mon.includes(file))).toEqual([]);
    // Each where it belongs: the rare commands' code and what only they use, the tree and the rest.
    for (const file of ['src/commands/mcp/mcp.ts', 'src/sandbox/server.ts', 'src/core/schema.ts']) {
      expect(rare, file).toContain(file);
      expect(mon, file).not.toContain(file);
    }
    for (const file of ['src/io.ts', 'src/errors.ts', 'src/text/mask.ts', 'src/commands/mcp/index.ts']) {
      expect(mon, file).toContain(file);
    }
  });

  it('requires only Node, its vendor files and mon.cjs, which requires it in turn', () => {
    const external = (file: string) =>
      builtOutput(file)
        .imports.filter((imported) => imported.external && !imported.path.startsWith('node:'))
        .map((imported) => imported.path);
    expect(new Set(external('dist/rare.cjs'))).toEqual(new Set(['./mon.cjs', './vendor/zod.cjs', './vendor/mcp.cjs']));
    expect(external('dist/mon.cjs')).toContain('./rare.cjs');
  });

  it('takes every module under RARE but RARE_KEPT, and what only rare modules import', () => {
    const rare = split.rareModules([
      ['src/commands/index.ts', 'src/commands/mcp/index.ts', 'import-statement'],
      ['src/commands/mcp/index.ts', 'src/commands/mcp/spec.ts', 'import-statement'],
      ['src/commands/mcp/index.ts', 'src/commands/mcp/mcp.ts', 'dynamic-import'],
      ['src/commands/mcp/mcp.ts', 'src/core/schema.ts', 'import-statement'],
      ['src/core/schema.ts', 'src/env.ts', 'import-statement'],
      ['src/main.ts', 'src/env.ts', 'import-statement'],
      ['src/commands/mcp/mcp.ts', 'src/sandbox/limits.ts', 'import-statement'],
    ]);
    expect([...rare].sort()).toEqual(['src/commands/mcp/mcp.ts', 'src/core/schema.ts']);
  });

  it('fails the build on a static import of a rare module by one of mon.cjs (it would load rare.cjs at once)', async () => {
    const edges: Edge[] = [['src/core/context.ts', 'src/sandbox/server.ts', 'import-statement', '../sandbox/server']];
    await expect(split.crossings(edges, [])).rejects.toThrow(
      'src/core/context.ts imports src/sandbox/server.ts statically: it would load dist/rare.cjs at once.',
    );
    const dynamic: Edge[] = [['src/core/context.ts', 'src/sandbox/server.ts', 'dynamic-import', '../sandbox/server']];
    expect((await split.crossings(dynamic, [])).entries).toEqual(['src/sandbox/server.ts']);
  });

  it('takes every name of a module of mon.cjs that rare code reaches with import() (its namespace)', async () => {
    const edges: Edge[] = [
      ['src/io.ts', 'src/text/mask.ts', 'import-statement', './text/mask'],
      ['src/sandbox/server.ts', 'src/text/mask.ts', 'dynamic-import', '../text/mask'],
    ];
    expect((await split.crossings(edges, [])).shared).toEqual(new Map([['src/text/mask.ts', ['*']]]));
  });

  it('reads the names a module imports from another as esbuild writes them (one line or several, default, namespace)', () => {
    const code = [
      'import { a, b as c } from "../io";',
      'import d, {\n  e,\n  f as g\n} from "../errors";',
      'import * as ns from "../text/mask";',
      'export { h } from "../io";',
      'import "../env";',
    ].join('\n');
    expect(split.importedNames(code, '../io')).toEqual(['a', 'b', 'h']);
    expect(split.importedNames(code, '../errors')).toEqual(['default', 'e', 'f']);
    expect(split.importedNames(code, '../text/mask')).toEqual(['*']);
    expect(split.importedNames(code, '../env')).toEqual([]);
    expect(() => split.importedNames(code, '../config')).toThrow('no import of ../config');
  });
});
