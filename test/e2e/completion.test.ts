/**
 * Completions of incident IDs, in the real shells: each script asks `mon __complete
 * open-incidents` (the real bin/mon.js, found on PATH as `mon`) for the open incidents of
 * the profile on the command line, against a sandbox over HTTP. (What `__complete` prints:
 * test/commands/completion/__complete.test.ts.)
 */
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import { requireTool } from '../tools';
import { BIN, runMon, startSandbox, tempDir, type SandboxProcess } from './harness';

const script = (name: string) => fileURLToPath(new URL(`../../completions/${name}`, import.meta.url));
/** A directory holding `mon` (the real bin/mon.js), put first on PATH. */
const binDir = tempDir('mon-path-');
symlinkSync(BIN, join(binDir, 'mon'));

let sandbox: SandboxProcess;
const open: { id: string; name: string }[] = [];
let resolvedId = '';

beforeAll(async () => {
  sandbox = await startSandbox();
  // Made on the sandbox directly: what the shells offer is the subject here.
  const create = async (name: string) => {
    const created = await sandbox.call('POST', '/v1/status-pages/incidents', {
      name,
      severity: 'MAJOR',
      services: [{ id: SEED_SERVICES.api, name: 'Public API', accountId: sandbox.info.accountId }],
      incidentUpdates: [{ description: 'Looking into it', status: 'INVESTIGATING', notifySubscribers: false }],
    });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  };
  // An apostrophe, brackets and a colon: names the scripts must carry as descriptions.
  for (const name of ["Checkout errors: card's declined", 'API latency [eu]'])
    open.push({ id: await create(name), name });
  resolvedId = await create('Old outage');
  const resolved = await sandbox.call('POST', `/v1/status-pages/incidents/${resolvedId}/incident-updates`, {
    description: 'Over',
    status: 'RESOLVED',
  });
  expect(resolved.status).toBe(200);
});
afterAll(() => sandbox?.stop());

/** The sandbox's credentials in the environment, and `mon` on PATH. */
const shellEnv = (extra: Record<string, string | undefined> = {}) => {
  const env = sandbox.env(extra);
  return { ...env, PATH: `${binDir}${delimiter}${env.PATH}` };
};

function bash(line: string[], env: NodeJS.ProcessEnv): string {
  const words = line.map((word) => `'${word}'`).join(' ');
  const program = `source '${script('mon.bash')}'; COMP_WORDS=(${words}); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _mon; printf '%s\\n' "\${COMPREPLY[@]}"`;
  return execFileSync('bash', ['-c', program], { env, encoding: 'utf8' });
}

describe('incident IDs in the shells', () => {
  const ids = () => open.map(({ id }) => id).sort();

  it('bash: offers the open incidents for INCIDENT_ID, and nothing once it is typed', () => {
    const env = shellEnv();
    expect(bash(['mon', 'incidents', 'update', ''], env).trim().split('\n').sort()).toEqual(ids());
    expect(bash(['mon', 'incidents', 'updates', 'create', ''], env).trim().split('\n').sort()).toEqual(ids());
    expect(bash(['mon', 'incidents', 'resolve', open[0]!.id.slice(0, 4)], env).trim()).toBe(open[0]!.id);
    expect(bash(['mon', 'incidents', 'update', open[0]!.id, ''], env).trim()).toBe('');
  });

  it('bash: asks the profile named on the command line', async () => {
    // No credentials in the environment: only the stored profile "ops" has them.
    const env = shellEnv({ MON_API_KEY: undefined, MON_BASE_URL: undefined, MON_ACCOUNT_ID: undefined });
    const login = await runMon(
      [
        '--profile',
        'ops',
        'auth',
        'login',
        '--with-key',
        '--base-url',
        sandbox.url,
        '--account',
        sandbox.info.accountId,
      ],
      { env, input: sandbox.info.apiKey },
    );
    expect(login.code).toBe(0);
    expect(bash(['mon', 'incidents', 'get', ''], env).trim()).toBe('');
    expect(bash(['mon', '--profile', 'ops', 'incidents', 'get', ''], env).trim().split('\n').sort()).toEqual(ids());
    expect(bash(['mon', '--profile=ops', 'incidents', 'get', ''], env).trim().split('\n').sort()).toEqual(ids());
  });

  it('zsh: the names are the descriptions, apostrophes and colons kept', (context) => {
    requireTool(context, 'zsh');
    const program = `
      compdef() { print -r -- "compdef $*" }
      _describe() { print -rl -- "-- $3" "\${(@P)4}" }
      compadd() { shift; print -rl -- "\${(@P)1}" }
      source '${script('_mon')}'
      t() { words=("$@"); CURRENT=$#words; PREFIX=\${words[-1]}; _mon }
      t mon incidents update ''
      t mon incidents updates create --status ''
      t mon incidents updates create --`;
    const out = execFileSync('zsh', ['-f', '-c', program], { env: shellEnv(), encoding: 'utf8' });
    const lines = out.split('\n');
    expect(lines[0]).toBe('compdef _mon mon');
    for (const { id, name } of open) expect(lines).toContain(`${id}:${name}`);
    expect(out).not.toContain(resolvedId);
    expect(out).toMatch(/^investigating\nidentified\nmonitoring\nresolved$/m);
    expect(out).toContain("--status:the update's status");
  });

  it('zsh: autoloaded from $fpath, the first Tab completes (no second press needed)', (context) => {
    requireTool(context, 'zsh');
    const fpath = tempDir('mon-fpath-');
    symlinkSync(script('_mon'), join(fpath, '_mon'));
    const program = `
      fpath=('${fpath}' $fpath); autoload -Uz _mon
      compdef() { print -r -- "compdef $*" }
      _describe() { print -rl -- "\${(@P)4}" }
      words=(mon incidents resolve ''); CURRENT=4; PREFIX=''
      _mon`;
    const out = execFileSync('zsh', ['-f', '-c', program], { env: shellEnv(), encoding: 'utf8' });
    expect(out).not.toContain('compdef');
    for (const { id, name } of open) expect(out).toContain(`${id}:${name}`);
  });

  it('fish: offers the open incidents with their names', (context) => {
    requireTool(context, 'fish');
    const program = `source '${script('mon.fish')}'; complete -C 'mon incidents update '; echo ---; complete -C 'mon incidents update ${open[0]!.id} '`;
    const [first, after] = execFileSync('fish', ['-N', '-c', program], { env: shellEnv(), encoding: 'utf8' }).split(
      '---\n',
    );
    expect(first!.trim().split('\n').sort()).toEqual(open.map(({ id, name }) => `${id}\t${name}`).sort());
    expect(after!.trim()).toBe('');
  });

  it('fish: completing a flag where an incident ID could go asks the API nothing', async (context) => {
    requireTool(context, 'fish');
    await sandbox.clearRequests();
    const program = `source '${script('mon.fish')}'; complete -C 'mon incidents update --js'`;
    const offered = execFileSync('fish', ['-N', '-c', program], { env: shellEnv(), encoding: 'utf8' });
    expect(offered).toContain('--json\t');
    expect(await sandbox.requests()).toEqual([]);
  });
});
