// What goes to dist/rare.cjs rather than dist/mon.cjs, and what crosses between the two
// (scripts/build.mjs builds both with what rareSplit gives).
import { transform } from 'esbuild';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { importGraph } from './check-structure.mjs';

/**
 * Rarely used code, built into dist/rare.cjs instead of dist/mon.cjs: every command reads
 * mon.cjs, checks its checksum and deserializes its code cache, whose size grows with every
 * function the file holds (esbuild hoists them all to the bundle's top level), used or not.
 * The rule: every module under these paths of src/ (a folder ends with /) but RARE_KEPT, and
 * every module that only those import (core/schema.ts, which only `mon schema`, `mon skill`
 * and `mon mcp` use). A module added there later goes to rare.cjs with no other edit.
 */
export const RARE = [
  'src/commands/api/', // `mon api`
  'src/commands/completion/completion.ts', // the completion scripts (a kept copy is printed without mon.cjs)
  'src/commands/completion/shared/',
  'src/commands/mcp/', // `mon mcp`
  'src/commands/sandbox/', // `mon sandbox` and its subcommands
  'src/commands/schema/', // `mon schema`
  'src/commands/skill/', // `mon skill`
  'src/sandbox/', // the sandbox's server, pages and modules (`mon sandbox`, `mon --sandbox`)
];

/**
 * What stays in mon.cjs though under RARE: each noun's tree (index.ts, spec.ts: `mon --help`
 * builds it), and what mon.cjs's own modules import statically (which would load rare.cjs
 * at once: the build fails on such an import, naming it).
 */
export const RARE_KEPT = [/^src\/commands\/[\w-]+\/(index|spec)\.ts$/, /^src\/sandbox\/(defaults|limits)\.ts$/];

/** The modules of src/ that go to rare.cjs, given the import graph's edges ([from, to, ...]). */
export function rareModules(edges) {
  const kept = (file) => RARE_KEPT.some((pattern) => pattern.test(file));
  const rare = new Set();
  const importers = new Map();
  for (const [from, to] of edges) {
    for (const file of [from, to]) if (RARE.some((place) => file.startsWith(place)) && !kept(file)) rare.add(file);
    importers.set(to, [...(importers.get(to) ?? []), from]);
  }
  // Then what only rare modules import, until nothing more is.
  for (let more = true; more;) {
    more = false;
    for (const [file, by] of importers) {
      if (!rare.has(file) && !kept(file) && by.every((importer) => rare.has(importer))) {
        rare.add(file);
        more = true;
      }
    }
  }
  return rare;
}

/** `absolute` as a path from the root (src/...), when it is a module of src/. */
export function srcModule(absolute) {
  const file = relative(process.cwd(), absolute).split('\\').join('/');
  return file.startsWith('src/') ? file : undefined;
}

/**
 * What crosses the line between the two bundles, given esbuild's import graph of src/ and the
 * packages it imports (scripts/check-structure.mjs's importGraph), and the names of the
 * packages that have a vendor file: `entries`, the rare modules that mon.cjs's modules import
 * (dynamically: a static import would load rare.cjs at once, and fails the build); `shared`,
 * each module of mon.cjs that rare modules import, with the names they import, sorted (['*']:
 * all of them, for a namespace import or an `import()`); `heavy`, those of them whose set-up
 * loads a vendor file.
 */
export async function crossings(all, vendored) {
  const edges = all.filter(([, to]) => to.startsWith('src/'));
  const rare = rareModules(edges);
  const isRare = (file) => rare.has(file);
  const entries = new Set();
  const shared = new Map();
  const compiled = new Map();
  for (const [from, to, kind, original] of edges) {
    if (!isRare(from) && isRare(to)) {
      if (kind !== 'dynamic-import')
        throw new Error(
          `${from} imports ${to} statically: it would load dist/rare.cjs at once. Import it with \`await import()\`, or keep it in mon.cjs (RARE_KEPT in scripts/rare.mjs).`,
        );
      entries.add(to);
    } else if (isRare(from) && !isRare(to)) {
      if (!compiled.has(from)) compiled.set(from, compileModule(from));
      const names = shared.get(to) ?? new Set();
      shared.set(to, names);
      if (kind === 'dynamic-import') names.add('*');
      else for (const name of importedNames(await compiled.get(from), original)) names.add(name);
    }
  }
  // rare.cjs takes the values of the names it imports once: a binding that changes would be stale there.
  for (const [file, names] of shared) {
    const source = readFileSync(file, 'utf8');
    for (const name of names) {
      // `*` (a namespace import or an `import()`): any name it exports.
      const exported = new RegExp(`^export\\s+(?:let|var)\\s+(${name === '*' ? '[\\w$]+' : name})\\b`, 'm').exec(
        source,
      );
      if (exported)
        throw new Error(
          `${file} exports ${exported[1]} with \`export let\`, which rare.cjs imports: it takes the value once, and would not see it change. Export a function that gives it.`,
        );
    }
  }
  // The modules whose set-up loads a vendor file (their own static imports, or their modules').
  const loads = new Map();
  for (const [from, to, kind] of all)
    if (kind === 'import-statement') loads.set(from, [...(loads.get(from) ?? []), to]);
  const loadsVendor = (file, seen = new Set()) =>
    !seen.has(file) &&
    (seen.add(file), (loads.get(file) ?? []).some((to) => vendored.includes(to) || loadsVendor(to, seen)));
  return {
    isRare,
    entries: [...entries].sort(),
    shared: new Map(
      [...shared]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([file, names]) => [file, names.has('*') ? ['*'] : [...names].sort()]),
    ),
    heavy: new Set([...shared.keys()].filter((file) => loadsVendor(file))),
  };
}

/** A module of src/ as JavaScript, as the build sees it (tsconfig.json: type-only imports gone, the others kept). */
async function compileModule(file) {
  const { code } = await transform(readFileSync(file, 'utf8'), {
    loader: 'ts',
    format: 'esm',
    tsconfigRaw: readFileSync('tsconfig.json', 'utf8'),
  });
  return code;
}

/** The names that esbuild's JavaScript `code` imports (or exports) from `specifier`: `default`, a name, or `*` for all. */
export function importedNames(code, specifier) {
  const names = [];
  const statement = /^(?:import|export)\s+([^;]*?)\s+from\s+"([^"]+)";$/gm;
  for (const [, clause, from] of code.matchAll(statement)) {
    if (from !== specifier) continue;
    const braces = /\{([^}]*)\}/.exec(clause);
    const rest = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim();
    if (/\*/.test(rest)) names.push('*');
    else if (rest) names.push('default');
    for (const item of braces ? braces[1].split(',') : []) {
      const name = item.trim().split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  if (!new RegExp(`"${specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`).test(code))
    throw new Error(`the build found no import of ${specifier} in the compiled module`);
  return names;
}

/** An entry point that gives its modules by path: `name(id)` runs module `id` (once) and gives its exports. */
function accessorEntry(name, modules) {
  return [
    `export function ${name}(id) {`,
    `  switch (id) {`,
    ...modules.map(([id, path]) => `    case ${JSON.stringify(id)}: return require(${JSON.stringify(path)});`),
    `  }`,
    `  throw new Error('this build of mon has no module ' + id);`,
    `}`,
  ].join('\n');
}

/**
 * The split, given the names of the packages that have a vendor file (scripts/build.mjs's
 * VENDORED and VENDOR_ALIASES): the modules of each bundle, the entry of each, and the
 * plugins that make each bundle's imports of the other's modules reach them.
 */
export async function rareSplit(vendored) {
  const graph = await importGraph(process.cwd(), { packages: true });
  const { isRare, entries: rareEntries, shared: sharedModules, heavy: heavyModules } = await crossings(graph, vendored);

  /** The modules of src/ whose import `decide` redirects: given the module's path (src/...), it says where the import goes (undefined: bundled as usual). */
  function srcImports(b, decide) {
    b.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData?.srcImports || args.namespace !== 'file' || !srcModule(args.importer)) return undefined;
      const { kind, importer, resolveDir } = args;
      const resolved = await b.resolve(args.path, { kind, importer, resolveDir, pluginData: { srcImports: true } });
      const file = resolved.errors.length ? undefined : srcModule(resolved.path);
      return file === undefined ? undefined : decide(file);
    });
  }

  /**
   * What mon.cjs gives rare.cjs: `shared(id)`, the names rare.cjs imports from module `id`. Only
   * those names: the namespace object of a module (what `require` of it gives) keeps all of its
   * exports, used or not, and is built at every start. They are given by two modules, each set
   * up on its first call (not at every start: a module for each costs every command ~2 M
   * instructions): one for the modules whose set-up loads a vendor file (the API's schemas
   * load zod), one for the others (`mon completion` loads no zod).
   */
  function sharedEntry() {
    return [
      'export function shared(id) {',
      '  switch (id) {',
      ...[...heavyModules].map((file) => `    case ${JSON.stringify(file)}:`),
      `      return require('mon-shared:vendored').shared(id);`,
      `    default:`,
      `      return require('mon-shared:own').shared(id);`,
      '  }',
      '}',
    ].join('\n');
  }

  /**
   * A module that gives, for each of `files`, what rare.cjs imports from it (`shared(id)`): the
   * values of its names, in order (an array: what names them is the rare side's), or its
   * namespace object for ['*'].
   */
  function sharedModule(files) {
    const imports = [];
    const values = files.map((file, index) => {
      const from = JSON.stringify(`./${file}`);
      const names = sharedModules.get(file);
      if (names[0] === '*') {
        imports.push(`import * as m${index} from ${from};`);
        return `m${index}`;
      }
      const locals = names.map((name, at) => `m${index}_${at}`);
      imports.push(`import { ${names.map((name, at) => `${name} as ${locals[at]}`).join(', ')} } from ${from};`);
      return `[${locals.join(', ')}]`;
    });
    return [
      ...imports,
      'export function shared(id) {',
      '  switch (id) {',
      ...files.map((file, index) => `    case ${JSON.stringify(file)}: return ${values[index]};`),
      '  }',
      "  throw new Error('this build of mon has no module ' + id);",
      '}',
    ].join('\n');
  }

  /**
   * In mon.cjs: an import of a rare module gives rare.cjs's (rare.cjs is loaded on the first),
   * and `shared(id)` (sharedModule) the modules rare.cjs imports from mon.cjs.
   */
  const rareOutPlugin = {
    name: 'rare-out',
    setup(b) {
      srcImports(b, (file) => (isRare(file) ? { path: file, namespace: 'rare' } : undefined));
      b.onLoad({ filter: /.*/, namespace: 'rare' }, (args) => ({
        contents: `module.exports = require('./rare.cjs').rare(${JSON.stringify(args.path)});`,
        loader: 'js',
      }));
      b.onResolve({ filter: /.*/, namespace: 'rare' }, (args) => ({ path: args.path, external: true }));
      b.onResolve({ filter: /^mon-shared:/ }, (args) => ({ path: args.path.slice(11), namespace: 'mon-shared' }));
      b.onLoad({ filter: /.*/, namespace: 'mon-shared' }, ({ path }) => ({
        contents: sharedModule(
          [...sharedModules.keys()].filter((file) => heavyModules.has(file) === (path === 'vendored')),
        ),
        resolveDir: process.cwd(),
        loader: 'js',
      }));
    },
  };

  /**
   * In rare.cjs: an import of a module of mon.cjs gives mon.cjs's (one copy of each module: one
   * state, one class), its values taken once, when the importing module is set up (mon has no
   * `export let`; a namespace import or `import()` gets the module's own namespace object).
   */
  const rareInPlugin = {
    name: 'rare-in',
    setup(b) {
      srcImports(b, (file) => (isRare(file) ? undefined : { path: file, namespace: 'mon' }));
      b.onLoad({ filter: /.*/, namespace: 'mon' }, ({ path }) => {
        const names = sharedModules.get(path);
        const module = `require('./mon.cjs').shared(${JSON.stringify(path)})`;
        if (names[0] === '*') return { contents: `module.exports = ${module};`, loader: 'js' };
        return {
          contents: [
            `const __mon = ${module};`,
            ...names.map((name, at) =>
              name === 'default' ? `export default __mon[${at}];` : `export const ${name} = __mon[${at}];`,
            ),
          ].join('\n'),
          loader: 'js',
        };
      });
      b.onResolve({ filter: /.*/, namespace: 'mon' }, (args) => ({ path: args.path, external: true }));
    },
  };

  return {
    isRare,
    /** The import graph's edges between modules of src/ ([from, to, kind, specifier]). */
    edges: graph.filter(([, to]) => to.startsWith('src/')),
    shared: sharedModules,
    /** rare.cjs's entry: `rare(id)` gives the rare module `id` that mon.cjs imports. */
    rareEntry: accessorEntry(
      'rare',
      rareEntries.map((file) => [file, `./${file}`]),
    ),
    /** mon.cjs's entry: src/cli.ts's exports, and `shared(id)`. */
    monEntry: [`export * from './src/cli.ts';`, sharedEntry()].join('\n'),
    monPlugin: rareOutPlugin,
    rarePlugin: rareInPlugin,
  };
}
