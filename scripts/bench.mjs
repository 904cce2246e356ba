// `npm run bench`: mon against its speed goals (GOALS below), on Node 20, 22 and 24, as medians of
// interleaved runs on this machine (round by round, so machine noise hits all alike).
// Absolute times move with the machine; the ratios are the point.
//
//   BENCH_ROUNDS=5 npm run bench      fewer rounds (default 15; the 10,000-row cases run a fifth as many)
//   BENCH_NODES=20,22 npm run bench   some Node lines only (default 20,22,24; 22 and 24 come from
//                                     scripts/fetch-node.sh, kept in .cache/)
//
// The floors: `node -e 0` for start-up, and for an API call the same GET done by a CommonJS
// script with node:http (scripts/bench/floor.cjs). Every run (mon and the floors alike) is
// without NODE_EXTRA_CA_CERTS: with it Node 20 reads the whole CA bundle at start (~25 ms),
// which a user's machine does not, and which would hide most of mon's own cost. Commands other
// branches add (scripts/bench/cases.mjs) are measured once this mon has them. Three sandboxes: 60 incidents (the list
// case), 100 and 10,000 (the create case, the 10,000-row table and `--all --json`), filled
// by writing their data files directly (scripts/bench/seed.mjs). Peak RSS comes from GNU time.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasCommand, LATER } from './bench/cases.mjs';
import { figureCell, formatFigure } from './bench/figure.mjs';
import { MCP_CALLS, mcpFigures } from './bench/mcp.mjs';
import { seedIncidents } from './bench/seed.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'mon.js');
const floorScript = join(root, 'scripts', 'bench', 'floor.cjs');
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 15));
const heavyRounds = Math.max(1, Math.ceil(rounds / 5));
const majors = (process.env.BENCH_NODES ?? '20,22,24').split(',').map((major) => major.trim());
const work = mkdtempSync(join(tmpdir(), 'mon-bench-'));
const key = 'sk_bench_0123456789abcdef';
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const say = (text) => process.stderr.write(`${text}\n`);
/** The environment of every measured run: this one without NODE_EXTRA_CA_CERTS (see above). */
const { NODE_EXTRA_CA_CERTS: _caCerts, ...measuredEnv } = process.env;
/** The machine's load (1, 5 and 15 minutes), printed with the table: the machine may be shared. */
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
const loadAtStart = load();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Runs a command to completion: wall time in ms, peak RSS in MB (with GNU time), output. */
function run(argv, env) {
  const command = gnuTime ? [gnuTime, '-f', '%M', ...argv] : argv;
  const started = performance.now();
  const result = spawnSync(command[0], command.slice(1), { env, encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${argv.join(' ')} failed (${result.status}): ${result.stderr}`);
  const rssKb = gnuTime ? Number(result.stderr.trim().split('\n').pop()) : NaN;
  return { ms, rssMb: rssKb / 1024, stdout: result.stdout };
}

/**
 * Runs the cases round by round (A B C, A B C, ...): the median time and peak RSS of each.
 * A case is { argv, env, check? }; `check(stdout)` throws when the output is wrong.
 */
function interleaved(cases, count = rounds) {
  const results = cases.map(() => ({ ms: [], rss: [] }));
  for (let round = 0; round < count; round++) {
    cases.forEach(({ argv, env, check }, index) => {
      const result = run(argv, env);
      if (check && round === 0) check(result.stdout);
      results[index].ms.push(result.ms);
      results[index].rss.push(result.rssMb);
    });
  }
  return results.map(({ ms, rss }) => ({ ms: median(ms), rssMb: median(rss) }));
}

/** A Node binary per line: this one for its own major, the others from scripts/fetch-node.sh. */
function nodeBinary(major) {
  if (process.versions.node.split('.')[0] === major) return process.execPath;
  const fetched = spawnSync('bash', [join(root, 'scripts', 'fetch-node.sh'), major], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (fetched.status !== 0) return undefined;
  return join(fetched.stdout.trim(), 'node');
}

function call(baseUrl, method, path) {
  return new Promise((resolve, reject) => {
    http
      .request(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${key}` } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: text ? JSON.parse(text) : undefined }));
      })
      .on('error', reject)
      .end();
  });
}

function startSandbox(dataFile) {
  const child = spawn(
    process.execPath,
    [bin, 'sandbox', '--port', '0', '--data', dataFile, '--api-key', key, '--json'],
    {
      env: { ...process.env, MON_DATA_DIR: work },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve({ child, info: JSON.parse(out.split('\n')[0]) });
    });
    child.on('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)));
  });
}

const stopSandbox = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** A sandbox holding `count` incidents: started once to seed its file, stopped, filled, started again. */
async function sandboxWith(count) {
  const dataFile = join(work, `data-${count}.jsonl`);
  const first = await startSandbox(dataFile);
  const pages = (await call(first.info.baseUrl, 'GET', '/v1/status-pages?limit=100')).body.entries;
  await stopSandbox(first.child);
  const services = pages.flatMap((page) => page.cards.flatMap((card) => card.services));
  seedIncidents(dataFile, services, count);
  const { child, info } = await startSandbox(dataFile);
  const stored = (await call(info.baseUrl, 'GET', '/v1/status-pages/incidents?limit=1')).status;
  if (stored !== 200) throw new Error(`the sandbox with ${count} incidents answered ${stored}`);
  return { child, info, services };
}

// The goals, one row each: `limit` per Node major, `unit` 'x' for a ratio.
const GOALS = [
  {
    id: 'list',
    name: 'incidents list --status all --limit 20 --json (60 stored) vs CJS node:http floor',
    limit: 1.4,
    unit: 'x',
  },
  ...LATER.map(({ id, name, limit }) => ({ id, name, limit, unit: 'x' })),
  {
    id: 'mcpCall',
    name: `mon mcp: incidents_list (limit 20 of 60), median per call of ${MCP_CALLS} sequential calls (the SDK's client, stdio) vs the same GET with node:http after each`,
    limit: 3,
    unit: 'x',
  },
  { id: 'mcpCallMs', name: 'mon mcp: incidents_list per call (median)', unit: 'ms' },
  { id: 'mcpGetMs', name: 'mon mcp: the same GET with node:http (median)', unit: 'ms' },
  // What the server spends, user + system: a loaded machine moves it less than the wall clock.
  { id: 'mcpCpuMs', name: 'mon mcp: server CPU time per call (user + system, /proc)', unit: 'ms' },
  { id: 'mcpRss', name: `mon mcp: RSS after ${MCP_CALLS} sequential calls`, limit: 150, unit: 'MB' },
  { id: 'help', name: 'incidents --help vs node -e 0', limit: 1.4, unit: 'x' },
  // A flag: mon renders the help itself rather than printing it from the output cache (its
  // first run, or with any flag). Shown, not judged.
  { id: 'helpRendered', name: 'incidents --help --no-color (rendered, not kept) vs node -e 0', unit: 'x' },
  { id: 'version', name: '--version vs node -e 0', limit: 1.2, unit: 'x' },
  { id: 'completion', name: 'completion bash vs node -e 0', limit: 1.2, unit: 'x' },
  { id: 'createId', name: 'incidents create --service ID: 10,000 stored vs 100', limit: 1.3, unit: 'x' },
  { id: 'createIdRss', name: 'incidents create --service ID, 10,000 stored: peak RSS', limit: 80, unit: 'MB' },
  { id: 'createName', name: 'incidents create --service NAME: 10,000 stored vs 100', limit: 1.3, unit: 'x' },
  { id: 'createNameRss', name: 'incidents create --service NAME, 10,000 stored: peak RSS', limit: 80, unit: 'MB' },
  { id: 'table', name: 'incidents list --all --status all, 10,000 rows on a pty', limit: 1.5, unit: 's' },
  // Not a goal (a table needs every row for its widths): shown, not judged.
  { id: 'tableRss', name: 'incidents list --all --status all, 10,000 rows on a pty: peak RSS', unit: 'MB' },
  { id: 'json', name: 'incidents list --all --status all --json (10,000)', limit: 1.5, unit: 's' },
  { id: 'jsonRss', name: 'incidents list --all --status all --json (10,000): peak RSS', limit: 100, unit: 'MB' },
];
const figures = new Map(); // `${goal}:${major}` → number
const versions = new Map(); // major → version string

const sandboxes = [];
try {
  say('starting sandboxes with 60, 100 and 10,000 incidents...');
  const [s60, s100, s10k] = await Promise.all([sandboxWith(60), sandboxWith(100), sandboxWith(10_000)]);
  sandboxes.push(s60, s100, s10k);
  const byName = 'Public API';
  const byId = s60.services.find((service) => service.name === byName).id;

  for (const major of majors) {
    const node = nodeBinary(major);
    if (!node) {
      say(`Node ${major}: no binary (scripts/fetch-node.sh ${major} failed); skipped`);
      continue;
    }
    versions.set(major, spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim());
    const envFor = ({ info }) => ({
      ...measuredEnv,
      MON_BASE_URL: info.baseUrl,
      MON_API_KEY: key,
      MON_ACCOUNT_ID: info.accountId,
      MON_CONFIG_DIR: join(work, 'config'),
      MON_CACHE_DIR: join(work, `cache-${major}`),
      MON_NO_INPUT: '1',
      // The table case measures rendering, not a person reading it in a pager.
      MON_PAGER: '',
    });
    const mon = (sandbox, ...args) => ({ argv: [node, bin, ...args], env: envFor(sandbox) });
    const create = (sandbox, service) =>
      mon(
        sandbox,
        'incidents',
        'create',
        '--name',
        'Bench',
        '--severity',
        'minor',
        '--service',
        service,
        '--message',
        'm',
      );
    const quote = (value) => `'${value.replaceAll("'", `'\\''`)}'`;
    const onPty = (sandbox, ...args) => ({
      argv: ['script', '-qfec', [node, bin, ...args].map(quote).join(' '), '/dev/null'],
      env: { ...envFor(sandbox), COLUMNS: '160', LINES: '50' },
    });

    say(`${versions.get(major)}: warming the code caches...`);
    const warm = [
      mon(s60, '--version'),
      mon(s60, 'incidents', '--help'),
      mon(s60, 'incidents', '--help', '--no-color'),
      mon(s60, 'completion', 'bash'),
      mon(s60, 'incidents', 'list', '--status', 'all', '--limit', '20', '--json'),
      create(s100, byId),
      create(s100, byName),
    ];
    for (const { argv, env } of [...warm, ...warm]) run(argv, env);

    say(`${versions.get(major)}: start-up, ${rounds} rounds...`);
    const [bare, version, help, rendered, completion] = interleaved([
      { argv: [node, '-e', '0'], env: measuredEnv },
      mon(s60, '--version'),
      mon(s60, 'incidents', '--help'),
      mon(s60, 'incidents', '--help', '--no-color'),
      mon(s60, 'completion', 'bash'),
    ]);
    figures.set(`version:${major}`, version.ms / bare.ms);
    figures.set(`help:${major}`, help.ms / bare.ms);
    figures.set(`helpRendered:${major}`, rendered.ms / bare.ms);
    figures.set(`completion:${major}`, completion.ms / bare.ms);

    say(`${versions.get(major)}: one page of 20 of 60, ${rounds} rounds...`);
    const [floor, list] = interleaved([
      { argv: [node, floorScript, key, `${s60.info.baseUrl}/v1/status-pages/incidents?limit=20`], env: measuredEnv },
      {
        ...mon(s60, 'incidents', 'list', '--status', 'all', '--limit', '20', '--json'),
        check: (stdout) => {
          if (JSON.parse(stdout).entries.length !== 20) throw new Error('the list case did not print 20 incidents');
        },
      },
    ]);
    figures.set(`list:${major}`, list.ms / floor.ms);

    for (const later of LATER) {
      if (!hasCommand(node, bin, later.words, envFor(s60))) {
        say(`${versions.get(major)}: mon ${later.words.join(' ')} does not exist on this branch yet; skipped`);
        continue;
      }
      say(`${versions.get(major)}: ${later.words.join(' ')}, ${rounds} rounds...`);
      const args = [...later.words, ...later.args];
      for (let warm = 0; warm < 2; warm++) run(mon(s60, ...args).argv, envFor(s60));
      const [laterFloor, laterMon] = interleaved([
        {
          argv: [node, floorScript, key, ...later.floor.map((path) => `${s60.info.baseUrl}${path}`)],
          env: measuredEnv,
        },
        mon(s60, ...args),
      ]);
      figures.set(`${later.id}:${major}`, laterMon.ms / laterFloor.ms);
    }

    say(`${versions.get(major)}: mon mcp, ${MCP_CALLS} tool calls, each with a node:http GET...`);
    const mcp = await mcpFigures({
      node,
      bin,
      env: envFor(s60),
      key,
      tool: 'incidents_list',
      args: { status: 'all', limit: 20 },
      url: `${s60.info.baseUrl}/v1/status-pages/incidents?limit=20`,
      check: (result) => {
        if (result.structuredContent?.entries?.length !== 20)
          throw new Error('incidents_list did not answer 20 incidents');
      },
    });
    figures.set(`mcpCall:${major}`, mcp.callMs / mcp.getMs);
    figures.set(`mcpCallMs:${major}`, mcp.callMs);
    figures.set(`mcpGetMs:${major}`, mcp.getMs);
    figures.set(`mcpCpuMs:${major}`, mcp.cpuMs);
    figures.set(`mcpRss:${major}`, mcp.rssMb);

    say(`${versions.get(major)}: incidents create with 100 and 10,000 stored, ${rounds} rounds...`);
    const [id100, id10k, name100, name10k] = interleaved([
      create(s100, byId),
      create(s10k, byId),
      create(s100, byName),
      create(s10k, byName),
    ]);
    figures.set(`createId:${major}`, id10k.ms / id100.ms);
    figures.set(`createIdRss:${major}`, id10k.rssMb);
    figures.set(`createName:${major}`, name10k.ms / name100.ms);
    figures.set(`createNameRss:${major}`, name10k.rssMb);

    say(`${versions.get(major)}: 10,000 incidents as a table on a pty and as --json, ${heavyRounds} rounds...`);
    const [table, json] = interleaved(
      [
        {
          ...onPty(s10k, 'incidents', 'list', '--all', '--status', 'all'),
          check: (stdout) => {
            const rows = stdout.split('\n').filter((line) => line.includes('Bench incident')).length;
            if (rows < 10_000) throw new Error(`the table showed ${rows} incidents, not 10,000`);
          },
        },
        {
          ...mon(s10k, 'incidents', 'list', '--all', '--status', 'all', '--json'),
          check: (stdout) => {
            const count = JSON.parse(stdout).length;
            if (count < 10_000) throw new Error(`--all --json printed ${count} incidents, not 10,000`);
          },
        },
      ],
      heavyRounds,
    );
    figures.set(`table:${major}`, table.ms / 1000);
    figures.set(`tableRss:${major}`, table.rssMb);
    figures.set(`json:${major}`, json.ms / 1000);
    figures.set(`jsonRss:${major}`, json.rssMb);
  }
} finally {
  await Promise.all(sandboxes.map(({ child }) => stopSandbox(child)));
  rmSync(work, { recursive: true, force: true });
}

// One table: each goal, its target, and per Node line the figure and whether it holds.
const measured = majors.filter((major) => versions.has(major));
let missed = 0;
const table = [['goal', 'target', ...measured.map((major) => `Node ${versions.get(major)}`)]];
for (const goal of GOALS) {
  const limitOf = (major) => (typeof goal.limit === 'object' ? goal.limit[major] : goal.limit);
  const targets = [...new Set(measured.map(limitOf))].filter((limit) => limit !== undefined);
  const format = (value) => formatFigure(value, goal.unit);
  const target =
    targets.length === 0
      ? '(figure only)'
      : targets.length === 1
        ? `<= ${format(targets[0])}`
        : `<= ${measured.map((major) => `${format(limitOf(major))} (${major})`).join(', ')}`;
  const cells = measured.map((major) => {
    const value = figures.get(`${goal.id}:${major}`);
    if (value === undefined || Number.isNaN(value)) return 'n/a';
    if (limitOf(major) === undefined) return format(value);
    const { holds, text } = figureCell(value, limitOf(major), goal.unit);
    if (!holds) missed++;
    return text;
  });
  table.push([goal.name, target, ...cells]);
}
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
console.log(
  `${rounds} interleaved rounds (10,000-row cases: ${heavyRounds}); medians; without NODE_EXTRA_CA_CERTS; ${new Date().toISOString()}; load average ${loadAtStart} at the start, ${load()} at the end, ${availableParallelism()} cores`,
);
for (const row of table)
  console.log(
    row
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
process.exitCode = missed ? 1 : 0;
