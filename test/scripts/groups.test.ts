import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { decodeMappings, embedGroups, encodeMappings, groupFunction, moduleGroups } from '../../scripts/groups.mjs';

type Edge = [string, string, string];
type Segment = number[];
const groups = { decodeMappings, embedGroups, encodeMappings, groupFunction, moduleGroups } as {
  decodeMappings: (mappings: string) => Segment[][];
  encodeMappings: (lines: Segment[][]) => string;
  embedGroups: (
    bundle: { code: string; map: string },
    groups: Map<string, string>,
    options?: { minifyWhitespace?: boolean },
  ) => Promise<{ code: string; map: string }>;
  groupFunction: (name: string) => string;
  moduleGroups: (edges: Edge[], isRare: (file: string) => boolean) => Map<string, string>;
};

const dist = (file: string) => new URL(`../../dist/${file}`, import.meta.url);
const notRare = () => false;

describe("each noun's run code in a function of dist/mon.cjs, set up on first use (scripts/groups.mjs)", () => {
  it("puts a noun's run code in its group's function, and its tree and the shared modules at the top level", () => {
    // Where each module's code is in the shipped bundle, by its own source map.
    const code = readFileSync(dist('mon.cjs'), 'utf8');
    const map = JSON.parse(readFileSync(dist('mon.cjs.map'), 'utf8')) as { sources: string[]; mappings: string };
    const lineStarts = [0];
    for (let at = code.indexOf('\n'); at >= 0; at = code.indexOf('\n', at + 1)) lineStarts.push(at + 1);
    const offsets = new Map<string, number[]>();
    groups.decodeMappings(map.mappings).forEach((segments, line) => {
      for (const [column, source] of segments) {
        if (source === undefined) continue;
        const file = map.sources[source]!.replace(/^(\.\.\/)+/, '');
        offsets.set(file, [...(offsets.get(file) ?? []), lineStarts[line]! + column!]);
      }
    });
    /** The group whose function holds every mapped place of `file`'s code (undefined: none, the top level). */
    const groupOf = (file: string) => {
      const places = offsets.get(file);
      expect(places, file).toBeDefined();
      // A group's code is in its set-up function (`<group>_setUp`), after its getter.
      const starts = [...code.matchAll(/function (__monGroup_\w+?)(_setUp)?\(\)\{/g)].map((match) => ({
        name: match[2] ? match[1]! : undefined,
        start: match.index,
      }));
      const holder = (place: number) => starts.findLast(({ start }) => start <= place)?.name;
      const names = new Set(places!.map(holder));
      expect(names.size, file).toBe(1);
      return [...names][0];
    };
    expect(groupOf('src/commands/incidents/list.ts')).toBe(groups.groupFunction('incidents'));
    expect(groupOf('src/commands/checks/list.ts')).toBe(groups.groupFunction('checks'));
    expect(groupOf('src/commands/status-pages/open.ts')).toBe(groups.groupFunction('status-pages'));
    expect(groupOf('src/commands/heartbeats/exec.ts')).toBe(groups.groupFunction('heartbeats'));
    // A module that only `import()` reaches is a group of its own: an output format, a prompt.
    expect(groupOf('src/output/formats/table.ts')).toBe(groups.groupFunction('output/formats/table'));
    expect(groupOf('src/core/choice-prompts.ts')).toBe(groups.groupFunction('core/choice-prompts'));
    // A noun's tree (its help and flags), what every command uses, and a noun's module that code outside it imports.
    expect(groupOf('src/commands/incidents/index.ts')).toBeUndefined();
    expect(groupOf('src/io.ts')).toBeUndefined();
    expect(groupOf('src/api/client.ts')).toBeUndefined();
    expect(groupOf('src/commands/incidents/shared/find.ts')).toBeUndefined();
  });

  it('takes a noun folder but its tree, and a module only import() reaches; keeps what outside code imports statically (or rare code at all); adds what only its modules import', () => {
    const edges: Edge[] = [
      ['src/commands/index.ts', 'src/commands/demo/index.ts', 'import-statement'],
      ['src/commands/demo/index.ts', 'src/commands/demo/spec.ts', 'import-statement'],
      ['src/commands/demo/index.ts', 'src/commands/demo/run.ts', 'dynamic-import'],
      ['src/commands/demo/run.ts', 'src/core/only-demo.ts', 'import-statement'],
      ['src/commands/demo/run.ts', 'src/commands/demo/shared/used.ts', 'import-statement'],
      ['src/commands/other/run.ts', 'src/commands/demo/shared/used.ts', 'import-statement'],
      ['src/commands/demo/run.ts', 'src/core/both.ts', 'import-statement'],
      ['src/commands/other/run.ts', 'src/core/both.ts', 'import-statement'],
      ['src/main.ts', 'src/core/both.ts', 'import-statement'],
      ['src/commands/demo/run.ts', 'src/commands/demo/shared/x.ts', 'import-statement'],
      ['src/commands/mcp/mcp.ts', 'src/commands/demo/shared/x.ts', 'dynamic-import'],
      ['src/commands/other/run.ts', 'src/commands/demo/late.ts', 'dynamic-import'],
      ['src/main.ts', 'src/core/prompt.ts', 'dynamic-import'],
      ['src/core/prompt.ts', 'src/core/prompt-keys.ts', 'import-statement'],
      ['src/main.ts', 'src/core/mixed.ts', 'dynamic-import'],
      ['src/core/context.ts', 'src/core/mixed.ts', 'import-statement'],
    ];
    const rare = (file: string) => file.startsWith('src/commands/mcp/');
    expect(Object.fromEntries([...groups.moduleGroups(edges, rare)].sort())).toEqual({
      'src/commands/demo/late.ts': 'demo',
      'src/commands/demo/run.ts': 'demo',
      'src/core/only-demo.ts': 'demo',
      'src/commands/other/run.ts': 'other',
      'src/core/prompt-keys.ts': 'core/prompt',
      'src/core/prompt.ts': 'core/prompt',
    });
    // Without the rare importer, x.ts goes with its noun.
    expect(groups.moduleGroups(edges.slice(0, 10), notRare).get('src/commands/demo/shared/x.ts')).toBe('demo');
  });

  // A bundle as esbuild writes it without minifying whitespace: each module after its `// <path>` line.
  const bundle = [
    'var log = [];',
    '// src/commands/demo/run.ts',
    'var run_exports = {};',
    'log.push("set up");',
    'function runDemo() {',
    '  return "ran";',
    '}',
    'run_exports.runDemo = runDemo;',
    'var init_run = () => {',
    '};',
    '// src/main.ts',
    'async function main() {',
    '  return (await Promise.resolve().then(() => (init_run(), run_exports))).runDemo();',
    '}',
    'module.exports = { main, log };',
    '',
  ].join('\n');
  const map = JSON.stringify({ version: 3, sources: ['../src/main.ts'], names: [], mappings: 'AAAA' });
  const demo = new Map([['src/commands/demo/run.ts', 'demo']]);

  it("runs a group's code on the first import() of one of its modules, once", async () => {
    const { code } = await groups.embedGroups({ code: bundle, map }, demo);
    expect(code).toContain(`function ${groups.groupFunction('demo')}(){`);
    const module = { exports: {} as { main: () => Promise<string>; log: string[] } };
    runInNewContext(code, { module, Promise });
    expect(module.exports.log).toEqual([]);
    await expect(module.exports.main()).resolves.toBe('ran');
    await expect(module.exports.main()).resolves.toBe('ran');
    expect(module.exports.log).toEqual(['set up']);
  });

  it('fails the build when code outside a group names what moved into it', async () => {
    const stray = bundle.replace('module.exports = { main, log };', 'module.exports = { main, log, runDemo };');
    await expect(groups.embedGroups({ code: stray, map }, demo)).rejects.toThrow(
      'dist/mon.cjs names runDemo (of src/commands/demo/run.ts, in the demo group) outside the group, at line',
    );
  });

  it('decodes and encodes mappings back to the same text (names left out)', () => {
    const { mappings } = JSON.parse(readFileSync(dist('rare.cjs.map'), 'utf8')) as { mappings: string };
    expect(groups.encodeMappings(groups.decodeMappings(mappings))).toBe(mappings);
    expect(groups.decodeMappings('AAAAA,CAACC;;EAAE')).toEqual([
      [
        [0, 0, 0, 0],
        [1, 0, 0, 1],
      ],
      [],
      [[2, 0, 0, 3]],
    ]);
  });
});
