/**
 * The package as a user gets it: `npm pack`, then `npm install -g` of the tarball into a
 * temporary prefix (offline: it has no dependencies to fetch), made read-only, and run from
 * there. The build (dist/) comes from `npm test`'s build step.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquirerPrompter } from '../../src/core/terminal-prompter';
import { testIO } from '../../src/io';
import { builtMetafiles } from '../build-output';
import { cleanEnv, collect, tempDir } from './harness';
import { NETWORK_MS, WAIT_MS } from '../timeouts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** npm, run quietly, offline; fails the test with its output when it fails. */
function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--no-update-notifier', '--loglevel=error'], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: NETWORK_MS,
  });
  if (result.status !== 0)
    throw new Error(`npm ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

interface PackResult {
  filename: string;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

/** --jq's engine (jq compiled to WebAssembly, ~0.9 MB, and its loader): shipped, read only with --jq, not counted in the size rule. */
const JQ_ENGINE = ['dist/vendor/jq.cjs', 'dist/vendor/jq.wasm'];

let packed: PackResult;
let prefix: string;
let installed: string;
let bin: string;

beforeAll(() => {
  const out = tempDir('mon-pack-');
  // --ignore-scripts: `prepare` would rebuild dist/ under the feet of the tests running now.
  packed = (
    JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', out], ROOT)) as PackResult[]
  )[0]!;
  prefix = tempDir('mon-prefix-');
  // A cache of its own and --offline: the install must need nothing from the registry.
  npm(
    [
      'install',
      '--global',
      '--prefix',
      prefix,
      '--offline',
      '--ignore-scripts',
      '--cache',
      join(prefix, '.npm-cache'),
      join(out, packed.filename),
    ],
    out,
  );
  installed = join(prefix, 'lib', 'node_modules', pkg.name);
  bin = join(prefix, 'bin', 'mon');
  chmodSync(prefix, 0o755);
  makeReadOnly(installed);
}, NETWORK_MS);

afterAll(() => {
  // Writable again, so that the temporary directory can be removed.
  if (installed && existsSync(installed)) spawnSync('chmod', ['-R', 'u+w', installed]);
});

function makeReadOnly(dir: string): void {
  const result = spawnSync('chmod', ['-R', 'a-w', dir]);
  expect(result.status).toBe(0);
}

/** Runs the installed `mon` as a user would: the command on PATH, its own temp directories. */
async function installedMon(args: string[]) {
  const home = tempDir('mon-installed-home-');
  const env = cleanEnv({
    PATH: [dirname(bin), dirname(process.execPath), process.env.PATH].join(delimiter),
    MON_CONFIG_DIR: join(home, 'config'),
    MON_DATA_DIR: join(home, 'data'),
    MON_CACHE_DIR: join(home, 'cache'),
  });
  return collect(spawn(bin, args, { env, stdio: ['pipe', 'pipe', 'pipe'] }), { timeoutMs: WAIT_MS });
}

describe('the npm package', () => {
  it('has no dependencies: everything it runs is bundled into dist/', () => {
    expect(pkg.dependencies ?? {}).toEqual({});
    for (const bundled of [
      'commander',
      'zod',
      'undici',
      'conf',
      '@inquirer/prompts',
      'cli-table3',
      'chalk',
      '@modelcontextprotocol/sdk',
    ]) {
      expect(pkg.devDependencies, bundled).toHaveProperty([bundled]);
    }
    expect(pkg.devDependencies).toHaveProperty(['jq-wasm']);
    // Nothing was installed beside it.
    expect(existsSync(join(installed, 'node_modules')) ? readdirSync(join(installed, 'node_modules')) : []).toEqual([]);
  });

  it('ships the licence, the notices, the build and its source map, and stays within 2.50 MB unpacked (the jq engine aside)', () => {
    const files = packed.files.map((file) => file.path);
    for (const file of [
      'LICENSE',
      'THIRD_PARTY_NOTICES',
      'README.md',
      'package.json',
      'bin/mon.js',
      'dist/start.cjs',
      'dist/launch.cjs',
      'dist/mon.cjs',
      'dist/mon.cjs.map',
      'dist/rare.cjs',
      'dist/rare.cjs.map',
      'dist/sha256.json',
      ...JQ_ENGINE,
    ]) {
      expect(files, file).toContain(file);
      expect(existsSync(join(installed, file)), file).toBe(true);
    }
    expect(files.filter((file) => file.startsWith('src/') || file.startsWith('test/'))).toEqual([]);
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) \d{4} the mon authors\n/,
    );
    const engine = packed.files
      .filter((file) => JQ_ENGINE.includes(file.path))
      .reduce((sum, file) => sum + file.size, 0);
    expect(engine).toBeGreaterThan(500_000);
    // 1.6 MB until the third round's prompts, escaping, bounds and jq worker (and their README) took it to 1.67 MB;
    // the reads of checks, `mon status` (--watch), heartbeat monitors (create, list, get, update, the
    // strip) and the status pages (issues 28, 29, 31) to 1.886 MB: the bundle 0.43 MB, its source map
    // 0.56 MB, the README 0.08 MB, the completions 0.11 MB. Then 1.907 MB with the output cache
    // (bin/mon.js) and the lazily loaded commands (#30): the bundle 0.432 MB, its map 0.576 MB. Then
    // 1.977 MB with the answers' checks, written from their schemas into the bundle so that reads need
    // no zod (#30): the bundle 0.467 MB, its map 0.608 MB. Then 2.004 MB with mon's own lists and
    // y/N (one rule of keys), the message prompt's lines, paste and editor, and `mon status` on one
    // screen with --watch's stale marks (#39): the bundle 0.480 MB, its map 0.629 MB (prompts.cjs
    // 6.7 KB smaller, @inquirer's select, checkbox and confirm left out).
    // Then 2.084 MB with the outage operations' schemas, their answers' checks and the sandbox's
    // maintenance windows, check sessions, results and updates (#44): the bundle 0.512 MB, its map
    // 0.674 MB. Then 2.112 MB with the bounds of #45 (the sandbox's bodies, connections and Host,
    // the files mon keeps, times) and their README: the bundle 0.523 MB, its map 0.688 MB. Then
    // 2.135 MB with every hint's command written for the command line in use, the deprecated
    // create's refusals, the request log's body rows, one word per state and the byte bounds of
    // --jq and paging (#39, #45): the bundle 0.530 MB, its map 0.699 MB. Then 2.152 MB with one place
    // for output (output/present.ts, a module per format, --format md and text/markdown.ts) and its
    // README section (#41): the bundle +7.6 KB (0.535 MB), its map +11.6 KB, the README +1.5 KB.
    // Then 2.228 MB with the modes, every verb's effect, plans, plan tokens and the state readers
    // (#42): the bundle 0.559 MB, its map 0.742 MB, the README 0.104 MB. Then 2.273 MB with `mon
    // schema` and `mon skill` (#42): the bundle 0.583 MB, its map 0.760 MB, the README 0.106 MB.
    // Then 2.355 MB with `mon mcp` (#43): the MCP SDK as dist/vendor/mcp.cjs, 50 KB (its server,
    // stdio transport and request schemas; zod shared with zod.cjs, no ajv), its notice 2 KB, the
    // server and tools in the bundle 11 KB and in its map 14 KB, the README's section 4.5 KB.
    // Then the outage operations' commands (#44: checks run and results, incidents ensure, status
    // --until, maintenance run, list, end, recover and their journal): 2.467 MB (bundle +41 KB, its map +52 KB, the README +3 KB).
    // Then 2.475 MB with a plan in every format, the document verbs' refusals and maintenance
    // run's --name and --severity (bundle +3 KB, its map +5 KB); the budget leaves 25 KB for the
    // round's last work (the mutation tests add nothing to the package). Then 2.304 MB with the
    // source map's names left out (scripts/build.mjs: its mappings alone, 838 KB -> 649 KB; the
    // stacks of --debug are the same on Node 20, 22 and 24, test/e2e/crash-report.test.ts). Then
    // 2.343 MB with the rarely used code in dist/rare.cjs and its map (scripts/rare.mjs): +39 KB,
    // what crosses between the two files (the names each takes of the other) and a second map.
    expect(packed.unpackedSize - engine).toBeLessThanOrEqual(2_500_000);
  });

  it('names every package whose code is in dist/ in THIRD_PARTY_NOTICES, with its version and licence text', () => {
    const notices = readFileSync(join(installed, 'THIRD_PARTY_NOTICES'), 'utf8');
    // What esbuild put into each file (written by scripts/build.mjs), read here on its own terms:
    // a package is the folder after the last node_modules/ of a file that left code in the output.
    const bundled = new Map<string, string>();
    for (const metafile of builtMetafiles()) {
      for (const output of Object.values(metafile.outputs)) {
        for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
          const match = /^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(input);
          if (match && bytesInOutput > 0 && !/^[\w-]+:/.test(input)) bundled.set(match[2]!, match[1]!);
        }
      }
    }
    expect([...bundled.keys()]).toEqual(
      expect.arrayContaining([
        'commander',
        'zod',
        'undici',
        'conf',
        '@inquirer/core',
        'cli-table3',
        'chalk',
        'jq-wasm',
      ]),
    );
    // jq.wasm is jq itself (and the Oniguruma library inside it), whose licences are not in jq-wasm's own files.
    const jqWasm = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'jq-wasm', 'package.json'), 'utf8')) as {
      version: string;
    };
    const jqVersion = /-jq-([\d.]+)$/.exec(jqWasm.version)![1]!;
    const jqSection = notices.slice(notices.indexOf(`\njq-wasm ${jqWasm.version} (`));
    expect(jqSection).toContain(`is jq ${jqVersion} compiled to WebAssembly`);
    expect(jqSection).toContain('jq is copyright (C) 2012 Stephen Dolan');
    expect(jqSection).toContain('ICU License');
    expect(jqSection).toContain('Copyright (c) 2002-2021  K.Kosako');
    for (const [name, dir] of bundled) {
      const { version } = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as { version: string };
      expect(notices, name).toContain(`\n${name} ${version} (`);
      const licences = readdirSync(join(ROOT, dir)).filter((file) => /^(licen[cs]e|copying)/i.test(file));
      expect(licences, name).not.toEqual([]);
      for (const licence of licences) {
        expect(notices, `${name}: ${licence}`).toContain(readFileSync(join(ROOT, dir, licence), 'utf8').trim());
      }
    }
  });

  it('runs from a read-only install with nothing under its node_modules', async () => {
    expect(statSync(join(installed, 'dist', 'mon.cjs')).mode & 0o222).toBe(0);

    const version = await installedMon(['--version']);
    expect(version).toMatchObject({ code: 0, stderr: '' });
    expect(version.stdout).toBe(`mon ${pkg.version}\n`);

    const pages = await installedMon(['--sandbox', 'status-pages', 'list']);
    expect(pages.code, pages.stderr).toBe(0);
    expect(pages.stdout).toMatch(/^Acme Cloud\tacme-cloud\t/m);

    const runtimes = await installedMon(['--sandbox', 'runtimes', 'list']);
    expect(runtimes.code, runtimes.stderr).toBe(0);
    expect(runtimes.stdout).toMatch(/^2026\.04\tBETA\tv24\./m);

    // --jq finds its engine (dist/vendor/jq.wasm) inside the installed package.
    const names = await installedMon(['--sandbox', 'runtimes', 'list', '--jq', '.[0].name, length']);
    expect(names.code, names.stderr).toBe(0);
    expect(names.stdout).toMatch(/^2026\.04\n\d+\n$/);
  });
});

describe('dist/vendor/prompts.cjs (only the prompts mon asks, scripts/build.mjs)', () => {
  const vendor = createRequire(import.meta.url)('../../dist/vendor/prompts.cjs') as Record<string, unknown>;

  it('has every prompt the real prompter asks with', () => {
    // The build lists them by name; a prompt added to the prompter must be added there too.
    // `message` (src/core/message-prompt.ts) and the prompts that choose (src/core/choice-prompts.ts)
    // are mon's own, built on @inquirer/core.
    const own = new Set(['message', 'select', 'checkbox', 'confirm']);
    const asked = Object.keys(inquirerPrompter(testIO())).filter((name) => !own.has(name));
    expect(asked.length).toBeGreaterThan(0);
    for (const name of asked) expect(typeof vendor[name], name).toBe('function');
  });

  it.each(['message-prompt.ts', 'choice-prompts.ts'])(
    "has what mon's own prompts in %s import from @inquirer/core (one copy, shared with the prompts)",
    (file) => {
      const source = readFileSync(new URL(`../../src/core/${file}`, import.meta.url), 'utf8');
      const imported = /import \{([^}]*)\} from '@inquirer\/core'/
        .exec(source)![1]!
        .split(',')
        .map((name) => name.trim());
      const values = imported.filter((name) => name && !name.startsWith('type '));
      expect(values.length).toBeGreaterThan(0);
      for (const name of values) expect(typeof vendor[name], name).toBe('function');
    },
  );
});
