// Each noun's run code inside a function of dist/mon.cjs, set up on its first use (scripts/build.mjs
// builds the bundle, then embedGroups moves the code).
import { parse } from 'acorn';
import { analyze } from 'eslint-scope';
import { transform } from 'esbuild';
import { RARE_KEPT } from './rare.mjs';

/*
 * esbuild hoists every module's functions to the bundle's top level, where each costs every start
 * its closure and its share of the code cache, used or not: `incidents list --json` paid for the
 * code of every other noun. Code inside a function V8 has not run has neither. So the modules of
 * each noun's run code, and each other module that only `import()` reaches, are moved, whole,
 * from the bundle's top level into a function of their own (a group), which sets them up on the
 * first call; the bundle reaches them only through `import()` (a verb's run function, loaded
 * when it runs; an output format, a prompt), which is rewritten to call it. The
 * group's code still sees everything of the bundle's top level (one copy of each module: one
 * state, one class), and the build fails when anything outside a group names what moved into it.
 */

/** A module's noun: every module under src/commands/<noun>/ but its tree (RARE_KEPT: index.ts, spec.ts). */
const NOUN = /^src\/commands\/([\w-]+)\//;

/** The function of dist/mon.cjs that sets up the group `name` and gives its modules. */
export const groupFunction = (name) => `__monGroup_${name.replace(/\W/g, '_')}`;

/**
 * Each module's group, given the import graph's edges ([from, to, kind]) and which modules go to
 * dist/rare.cjs (`isRare`): a module under a noun's folder (but its tree) is the noun's, and one
 * that only `import()` reaches is a group of its own (named after its path), unless a module
 * outside the group imports it statically (or rare.cjs at all: it reaches mon.cjs's modules by
 * name); then any other module that only one group's modules import goes with them, until
 * nothing more does. The rest stays at the bundle's top level.
 */
export function moduleGroups(edges, isRare) {
  const free = (file) => !isRare(file) && !RARE_KEPT.some((pattern) => pattern.test(file));
  const group = new Map();
  const importers = new Map();
  for (const [from, to, kind] of edges) {
    for (const file of [from, to]) if (free(file) && NOUN.test(file)) group.set(file, NOUN.exec(file)[1]);
    importers.set(to, [...(importers.get(to) ?? []), { from, kind }]);
  }
  // And every other module that only `import()` reaches (an output format, a prompt): a group of its own.
  for (const [file, by] of importers) {
    if (free(file) && !group.has(file) && by.every(({ from, kind }) => kind === 'dynamic-import' && !isRare(from)))
      group.set(file, file.replace(/^src\//, '').replace(/\.ts$/, ''));
  }
  const reaches = ({ from, kind }, name) => group.get(from) === name || (kind === 'dynamic-import' && !isRare(from));
  for (let more = true; more;) {
    more = false;
    for (const [file, name] of group) {
      if (!(importers.get(file) ?? []).every((importer) => reaches(importer, name))) {
        group.delete(file);
        more = true;
      }
    }
    for (const [file, by] of importers) {
      if (group.has(file) || !free(file)) continue;
      const names = new Set(by.map(({ from }) => group.get(from)));
      const [only] = names;
      if (names.size === 1 && only !== undefined && by.every((importer) => reaches(importer, only))) {
        group.set(file, only);
        more = true;
      }
    }
  }
  return group;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's mappings, decoded: for each line of the output, its segments [column, source, line, column], absolute (names left out). */
export function decodeMappings(mappings) {
  const state = [0, 0, 0, 0];
  return mappings.split(';').map((line) => {
    state[0] = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((segment) => {
        const fields = [];
        for (let at = 0, value = 0, shift = 0; at < segment.length; at++) {
          const digit = BASE64.indexOf(segment[at]);
          value += (digit & 31) * 2 ** shift;
          if (digit & 32) shift += 5;
          else {
            fields.push(value % 2 ? -(value - 1) / 2 : value / 2);
            value = shift = 0;
          }
        }
        return fields.slice(0, 4).map((delta, index) => (state[index] += delta));
      });
  });
}

/** The mappings of decoded lines (decodeMappings). */
export function encodeMappings(lines) {
  const state = [0, 0, 0, 0];
  const vlq = (value) => {
    let rest = value < 0 ? -value * 2 + 1 : value * 2;
    let out = '';
    do {
      const digit = rest % 32;
      rest = Math.floor(rest / 32);
      out += BASE64[rest ? digit + 32 : digit];
    } while (rest);
    return out;
  };
  return lines
    .map((segments) => {
      state[0] = 0;
      return segments
        .map((fields) =>
          fields
            .map((value, index) => {
              const delta = value - state[index];
              state[index] = value;
              return vlq(delta);
            })
            .join(''),
        )
        .join(',');
    })
    .join(';');
}

/** The names a piece of the bundle declares at its top level. */
function declared(text) {
  const names = new Set();
  const add = (pattern) => {
    if (pattern.type === 'Identifier') names.add(pattern.name);
    else if (pattern.type === 'ObjectPattern')
      pattern.properties.forEach((property) => add(property.type === 'RestElement' ? property : property.value));
    else if (pattern.type === 'ArrayPattern') pattern.elements.forEach((element) => element && add(element));
    else if (pattern.type === 'RestElement') add(pattern.argument);
    else if (pattern.type === 'AssignmentPattern') add(pattern.left);
  };
  for (const statement of parse(text, { ecmaVersion: 'latest', allowReturnOutsideFunction: true }).body) {
    if (statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration') names.add(statement.id.name);
    else if (statement.type === 'VariableDeclaration') statement.declarations.forEach(({ id }) => add(id));
  }
  return names;
}

/**
 * dist/mon.cjs with each group's modules inside its function (groupFunction), and its source
 * map, given esbuild's bundle (`code`, `map`: minified but for whitespace, so that each module
 * starts on a line `// <path>` of its own) and where each module goes (`groups`, moduleGroups).
 * Whitespace is taken out after, through esbuild, which carries the map over.
 */
export async function embedGroups({ code, map }, groups, { minifyWhitespace = true } = {}) {
  const source = JSON.parse(map);
  const lines = code.replace(/\n\/\/# sourceMappingURL=[^\n]*\n?$/, '\n').split('\n');
  const mappings = decodeMappings(source.mappings);
  // The modules, each from its `// <path>` line to the next one's.
  const modules = [];
  lines.forEach((line, at) => {
    const path = /^\/\/ (\S+)$/.exec(line)?.[1];
    if (path !== undefined || at === 0) modules.push({ path, start: at });
  });
  modules.forEach((module, index) => (module.end = modules[index + 1]?.start ?? lines.length));
  const moved = new Map();
  for (const module of modules) {
    const name = module.path && groups.get(module.path);
    if (name !== undefined) moved.set(name, [...(moved.get(name) ?? []), module]);
  }
  const text = (module) => lines.slice(module.start, module.end).join('\n');
  // A module all of whose code esbuild left out (types only) has no line; a group none of whose has, no code.
  if (groups.size > 0 && moved.size === 0)
    throw new Error('the bundle has no `// <path>` line before its modules: esbuild writes them no more?');

  // Which group declares each name at its top level.
  const owner = new Map();
  for (const [name, members] of moved) {
    for (const module of members) {
      for (const declaredName of declared(text(module))) owner.set(declaredName, { name, path: module.path });
    }
  }

  // An `import()` of a group's module, as esbuild writes it: set its module up, then give its exports.
  const IMPORT = /Promise\.resolve\(\)\.then\(\(\) => \(([\w$]+)\(\), ([\w$]+)\)\)/g;
  const entries = new Map();
  /** Line `at` of the bundle, in group `inside` (undefined: the top level), its imports of other groups rewritten; and its segments. */
  function rewrite(at, inside) {
    let shift = 0;
    const segments = (mappings[at] ?? []).map((segment) => [...segment]);
    const line = lines[at].replace(IMPORT, (all, init, exports, offset) => {
      const target = owner.get(exports);
      if (target === undefined || target.name === inside || owner.get(init)?.name !== target.name) return all;
      const group = groupFunction(target.name);
      const calls = entries.get(target.name) ?? new Map();
      calls.set(exports, init);
      entries.set(target.name, calls);
      const replacement = `Promise.resolve().then(() => ${group}().${exports}())`;
      for (const segment of segments) if (segment[0] > offset + shift) segment[0] += replacement.length - all.length;
      shift += replacement.length - all.length;
      return replacement;
    });
    return { line, segments };
  }

  const out = [];
  const outMappings = [];
  const push = (line, segments = []) => {
    out.push(line);
    outMappings.push(segments);
  };
  const inGroup = new Set([...moved.values()].flat());
  for (const module of modules) {
    if (inGroup.has(module)) continue;
    for (let at = module.start; at < module.end; at++) {
      const { line, segments } = rewrite(at, undefined);
      push(line, segments);
    }
  }
  const bodies = [];
  for (const [name, members] of moved) {
    const body = [];
    for (const module of members) for (let at = module.start; at < module.end; at++) body.push(rewrite(at, name));
    bodies.push({ name, body });
  }
  for (const { name, body } of bodies) {
    const group = groupFunction(name);
    const calls = [...(entries.get(name) ?? [])].map(([exports, init]) => `${exports}: () => (${init}(), ${exports})`);
    push(`var ${group}_modules;`);
    push(`function ${group}() {`);
    push(`  return ${group}_modules ?? (${group}_modules = ${group}_setUp());`);
    push('}');
    push(`function ${group}_setUp() {`);
    for (const { line, segments } of body) push(line, segments);
    push(`  return { ${calls.join(', ')} };`);
    push('}');
  }
  const assembled = out.join('\n');

  // Nothing outside a group may name what moved into it (it would be an undefined global at run time).
  const program = parse(assembled, { ecmaVersion: 'latest', allowReturnOutsideFunction: true, ranges: true });
  const scopes = analyze(program, { ecmaVersion: 2022, sourceType: 'script', nodejsScope: true });
  // What no scope declares reaches the global scope's `through`, from however deep it is.
  const stray = scopes.globalScope.through.filter(({ identifier }) => owner.has(identifier.name));
  if (stray.length) {
    const { identifier } = stray[0];
    const { name, path } = owner.get(identifier.name);
    const line = assembled.slice(0, identifier.range[0]).split('\n').length;
    throw new Error(
      `dist/mon.cjs names ${identifier.name} (of ${path}, in the ${name} group) outside the group, at line ${line}: only an \`import()\` of a group's module reaches it. Keep the module at the top level (scripts/groups.mjs).`,
    );
  }

  const inputMap = { ...source, names: [], mappings: encodeMappings(outMappings) };
  if (!minifyWhitespace)
    return { code: `${assembled}\n//# sourceMappingURL=mon.cjs.map\n`, map: JSON.stringify(inputMap) };
  const minified = await transform(
    `${assembled}\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(inputMap)).toString('base64')}\n`,
    { minifyWhitespace: true, sourcemap: 'external', legalComments: 'none', sourcefile: 'mon.cjs' },
  );
  return {
    code: `${minified.code}//# sourceMappingURL=mon.cjs.map\n`,
    map: JSON.stringify({ ...JSON.parse(minified.map), sourcesContent: undefined }),
  };
}
