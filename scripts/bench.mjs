// `npm run bench`: start-up and API-call cost of mon against their floors (bare Node, and
// the same GET with node:http), measured as medians of interleaved runs on this machine,
// plus the sandbox under load. Absolute times move with the machine; the ratios are the point.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'mon.js');
const floorScript = join(root, 'scripts', 'bench', 'floor.cjs');
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const work = mkdtempSync(join(tmpdir(), 'mon-bench-'));
const key = 'sk_bench_0123456789abcdef';
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

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

async function startSandbox() {
  const child = spawn(
    process.execPath,
    [bin, 'sandbox', '--port', '0', '--data', join(work, 'data.jsonl'), '--api-key', key, '--json'],
    {
      env: { ...process.env, MON_DATA_DIR: work },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const info = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]));
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  return { child, info };
}

// Kept-alive sockets left idle between phases are closed by the server (5 s): a fresh agent per phase.
let agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function freshAgent() {
  agent.destroy();
  agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
}
function call(baseUrl, method, path, body) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${baseUrl}${path}`,
      {
        method,
        agent,
        headers: { authorization: `Bearer ${key}`, ...(data ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: text ? JSON.parse(text) : undefined }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function createIncidents(baseUrl, services, count, concurrency = 16) {
  if (concurrency > 1) freshAgent();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const response = await call(baseUrl, 'POST', '/v1/status-pages/incidents', {
        name: `Bench incident ${n}`,
        severity: ['CRITICAL', 'MAJOR', 'MEDIUM', 'MINOR'][n % 4],
        services: [services[n % services.length]],
        incidentUpdates: [{ description: 'Investigating elevated error rates.', status: 'INVESTIGATING' }],
      });
      if (response.status !== 201)
        throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Median cost of one create, measured one at a time. */
async function createCost(baseUrl, services, samples = 100) {
  freshAgent();
  const times = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await createIncidents(baseUrl, services, 1, 1);
    times.push(performance.now() - started);
  }
  return median(times);
}

const rows = [];
const report = (name, value, floor, limit, unit = 'ms') => {
  const ratio = floor ? value / floor : undefined;
  const ok = ratio !== undefined ? ratio <= limit : value <= limit;
  rows.push({
    name,
    value: `${value.toFixed(unit === 'ms' ? 1 : 2)} ${unit}`,
    floor: floor ? `${floor.toFixed(1)} ms` : '',
    ratio: ratio ? `${ratio.toFixed(2)}x` : '',
    target: ratio !== undefined ? `<= ${limit}x` : `<= ${limit} ${unit}`,
    ok,
  });
};

/** Interleaves the commands round by round, so that machine noise hits all of them alike. */
function interleaved(commands, env) {
  const times = commands.map(() => []);
  for (let round = 0; round < rounds; round++) {
    commands.forEach((argv, index) => times[index].push(run(argv, env).ms));
  }
  return times.map(median);
}

const { child: sandbox, info } = await startSandbox();
try {
  const env = {
    ...process.env,
    MON_BASE_URL: info.baseUrl,
    MON_API_KEY: key,
    MON_ACCOUNT_ID: info.accountId,
    MON_CONFIG_DIR: join(work, 'config'),
    MON_CACHE_DIR: join(work, 'cache'),
  };
  const pages = (await call(info.baseUrl, 'GET', '/v1/status-pages?limit=100')).body.entries;
  const services = pages.flatMap((page) => page.cards.flatMap((card) => card.services));

  process.stderr.write('creating 1,000 incidents...\n');
  await createIncidents(info.baseUrl, services, 1000);
  const costAt1k = await createCost(info.baseUrl, services);

  // Warm the code caches once, then measure.
  run([process.execPath, bin, '--version'], env);
  run([process.execPath, bin, 'incidents', 'list', '--json', '--status', 'all'], env);
  process.stderr.write(`start-up: ${rounds} interleaved rounds...\n`);
  const [bare, version, help] = interleaved(
    [
      [process.execPath, '-e', '0'],
      [process.execPath, bin, '--version'],
      [process.execPath, bin, 'incidents', '--help'],
    ],
    env,
  );
  report('mon --version', version, bare, 1.25);
  report('mon incidents --help', help, bare, 1.25);

  process.stderr.write(`one page of 20: ${rounds} interleaved rounds...\n`);
  const [floor, list] = interleaved(
    [
      [process.execPath, floorScript, `${info.baseUrl}/v1/status-pages/incidents?limit=20`, key],
      [process.execPath, bin, 'incidents', 'list', '--json', '--status', 'all'],
    ],
    env,
  );
  report('mon incidents list --json --status all (20)', list, floor, 1.6);

  process.stderr.write('growing to 10,000 incidents...\n');
  await createIncidents(info.baseUrl, services, 10_000 - 1000 - 2 * 100); // each cost measurement creates 100
  const costAt10k = await createCost(info.baseUrl, services);
  report('sandbox create at 10,000 vs 1,000', costAt10k, costAt1k, 2);

  process.stderr.write('--all --json over 10,000 incidents...\n');
  const all = [1, 2, 3].map(() =>
    run([process.execPath, bin, 'incidents', 'list', '--all', '--json', '--status', 'all', '--limit', '100'], env),
  );
  const count = JSON.parse(all[0].stdout).length;
  if (count !== 10_000) throw new Error(`--all returned ${count} incidents, expected 10000`);
  report('mon incidents list --all --json (10,000) wall', median(all.map((r) => r.ms)) / 1000, undefined, 3, 's');
  if (gnuTime)
    report('mon incidents list --all --json (10,000) peak RSS', median(all.map((r) => r.rssMb)), undefined, 120, 'MB');

  process.stderr.write('500 concurrent GET /v1/status-pages/incidents?limit=100...\n');
  const wide = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const started = performance.now();
  const answers = await Promise.allSettled(
    Array.from(
      { length: 500 },
      () =>
        new Promise((resolve, reject) => {
          http
            .get(
              `${info.baseUrl}/v1/status-pages/incidents?limit=100`,
              { agent: wide, headers: { authorization: `Bearer ${key}` } },
              (res) => {
                res.resume();
                res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(String(res.statusCode)))));
              },
            )
            .on('error', reject);
        }),
    ),
  );
  const failed = answers.filter((answer) => answer.status === 'rejected').length;
  rows.push({
    name: `sandbox: 500 concurrent GETs (limit=100) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    value: `${failed} errors`,
    floor: '',
    ratio: '',
    target: '0 errors',
    ok: failed === 0,
  });
  wide.destroy();
} finally {
  agent.destroy();
  sandbox.kill();
  rmSync(work, { recursive: true, force: true });
}

const header = { name: 'case', value: 'median', floor: 'floor', ratio: 'ratio', target: 'target', ok: 'ok' };
const widths = Object.keys(header).map((key) =>
  Math.max(
    ...[header, ...rows].map((row) => String(row[key] === true ? 'yes' : row[key] === false ? 'NO' : row[key]).length),
  ),
);
const line = (row) =>
  Object.keys(header)
    .map((key, i) => String(row[key] === true ? 'yes' : row[key] === false ? 'NO' : row[key]).padEnd(widths[i]))
    .join('  ')
    .trimEnd();
console.log(`Node ${process.version}, ${rounds} rounds`);
console.log(line(header));
for (const row of rows) console.log(line(row));
process.exitCode = rows.every((row) => row.ok) ? 0 : 1;
