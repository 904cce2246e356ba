/**
 * Issue 45, item 15: `mon heartbeats exec` as process 1, the way a container runs it
 * (`docker run IMAGE mon heartbeats exec ...`), in a PID namespace of its own (unshare, as
 * root). The orphans the job leaves are re-parented to mon; Node reaps only its own children,
 * so they stayed zombies (30 of 30 here). The launcher (shared/launch.ts) reaps them as tini
 * does; without Perl, mon says they are not reaped, and how to have them reaped.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inContainer, requireContainers } from './container';
import { BIN, cleanEnv, collect, tempDir } from './harness';
import { hostileServer, type Hostile } from './hostile';

const TOKEN = 'hb_exec_init_token_0123456789';

let pings: Hostile;
beforeAll(async () => {
  pings = await hostileServer((_req, res) => res.writeHead(200).end());
});
afterAll(() => pings.close());

/**
 * A job that leaves 30 orphans that end at once, then waits until each is reaped (its /proc
 * entry gone) and says so; one still there after 10 s is counted (a zombie, never reaped).
 */
const ORPHANS = `
dir=$(mktemp -d)
i=0; while [ $i -lt 30 ]; do (sh -c 'echo $$ >> '"$dir"'/pids' &); i=$((i+1)); done
while [ "$(wc -l < $dir/pids)" -lt 30 ]; do sleep 0.01; done
tries=0
while :; do
  left=0; for pid in $(cat $dir/pids); do [ -e /proc/$pid ] && left=$((left+1)); done
  [ $left -eq 0 ] && break
  tries=$((tries+1)); [ $tries -ge 1000 ] && break
  sleep 0.01
done
echo "orphans not reaped: $left"
`;

/** `mon heartbeats exec -- sh -c SCRIPT` as process 1 of a container, with `env`. */
function asInit(script: string, env: NodeJS.ProcessEnv, prefix: string[] = []) {
  const { child } = inContainer(
    'box',
    [...prefix, process.execPath, BIN, 'heartbeats', 'exec', '--', 'sh', '-c', script],
    env,
  );
  return collect(child);
}

describe('heartbeats exec as process 1', () => {
  it('reaps the orphans the job leaves while it runs (none is left a zombie), and pings', async (context) => {
    requireContainers(context);
    const result = await asInit(ORPHANS, cleanEnv({ MON_PING_URL: pings.url, MON_PING_TOKEN: TOKEN }));
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('orphans not reaped: 0\n');
    expect(result.code).toBe(0);
    expect(pings.received.map((ping) => ping.url)).toEqual([`/${TOKEN}`]);
  });

  it('without Perl, says that the orphans are not reaped and how to have them reaped; the job runs as ever', async (context) => {
    requireContainers(context);
    const bin = join(tempDir('mon-bin-'), 'bin');
    mkdirSync(bin);
    for (const tool of ['sh', 'echo']) {
      const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
      if (found.startsWith('/')) symlinkSync(found, join(bin, tool));
    }
    const env = cleanEnv({ MON_PING_URL: pings.url, MON_PING_TOKEN: TOKEN, PATH: bin });
    // env gives mon (process 1 all the same: it execs) a PATH without Perl.
    const result = await asInit('echo ran', env, ['env', `PATH=${bin}`]);
    expect(result.stdout).toBe('ran\n');
    expect(result.stderr.replace(/\s+/g, ' ')).toBe(
      "mon: Running as process 1 (a container's first process), mon cannot reap the orphans the job leaves: that takes Perl, not found here; they stay zombies until mon exits. Run the container with an init (docker run --init) to have them reaped. ",
    );
    expect(result.code).toBe(0);
  });
});
