/**
 * `mon checks run` in-process, against a sandbox whose clock the test moves: the sessions it
 * triggers (by CHECK or by --tag), a line per check as each finishes (piped: tab-separated;
 * --json: the finished sessions as received), exit 3 when a rehearsed failing check fails,
 * 124 when --timeout runs out first (the clock moved past it, never waited for), --no-wait,
 * agent mode's plan and its token (the verb runs again), and bad input with nothing sent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, refusesBadInput, sandboxCall, testEnv, type CliResult } from '../../helpers';
import { createDns } from './fixture';

const T0 = Date.parse('2026-03-02T12:00:00.000Z');
let now = T0;
let sandbox: Sandbox;
const ids: Record<string, string> = {};

beforeAll(async () => {
  sandbox = await memorySandbox({ now: () => now });
  ids.web = await createDns(sandbox, 'Web DNS', ['web']);
  ids.api = await createDns(sandbox, 'API DNS', ['api']);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await sandboxCall(sandbox, 'POST', `/__sandbox/checks/${ids.web}/status`, { status: 'passing' });
  await sandboxCall(sandbox, 'POST', `/__sandbox/checks/${ids.api}/status`, { status: 'passing' });
  sandbox.requests.length = 0;
});

/** Resolves once the sandbox has received a request `method path` (polled: an event, not a delay). */
async function received(method: string, path: RegExp, count = 1): Promise<void> {
  while (sandbox.requests.filter((request) => request.method === method && path.test(request.path)).length < count)
    await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Runs mon while the sandbox's checks run: the clock moves on 2 s (a run's length) once they are triggered. */
async function running(line: string, env?: NodeJS.ProcessEnv, moveBy = 2000): Promise<CliResult> {
  sandbox.requests.length = 0;
  const result = mon(line, { sandbox, now: () => now, env: env && testEnv({ sandbox, env }) });
  await received('POST', /^\/v1\/check-sessions\/trigger$/);
  now += moveBy;
  return result;
}

const sent = () => sandbox.requests.map((request) => `${request.method} ${request.path}`);

describe('checks run', () => {
  it('runs the named check, awaits its session and prints a line for it (piped: tab-separated)', async () => {
    const result = await running('checks run "Web DNS"');
    expect(result.code, result.stderr).toBe(0);
    const [line] = result.stdout.trimEnd().split('\n');
    expect(line!.split('\t').slice(0, 3)).toEqual(['PASSED', 'Web DNS', ids.web]);
    const trigger = sandbox.requests.find((request) => request.path === '/v1/check-sessions/trigger')!;
    expect(trigger.body).toEqual({ target: { checkId: [ids.web] } });
    expect(sent().filter((request) => request.includes('/completion?'))).toHaveLength(1);
  });

  it('--format md: a table of the finished runs (its header once), --format table piped: a line for a person', async () => {
    const md = await running('checks run --tag web --tag api --format md');
    expect(md.code, md.stderr).toBe(0);
    const [header, rule, ...rows] = md.stdout.trimEnd().split('\n');
    expect(header).toBe('| STATUS | CHECK | CHECK ID | SESSION | LOCATION | RESPONSE (MS) |');
    expect(rule).toBe('| --- | --- | --- | --- | --- | --- |');
    expect(rows.map((row) => row.split(' | ').slice(0, 3)).sort()).toEqual([
      ['| PASSED', 'API DNS', ids.api],
      ['| PASSED', 'Web DNS', ids.web],
    ]);
    const table = await running('checks run "Web DNS" --format table');
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`^✓ Web DNS \\(${ids.web!.slice(0, 8)}\\) passed  \\S+, \\d+ ms\n$`));
  });

  it('--format md says in the document that no run finished before --timeout', async () => {
    const md = await running('checks run "Web DNS" --timeout 1s --format md', undefined, 1000);
    expect(md.code).toBe(124);
    expect(md.stdout).toBe('No check finished.\n');
  });

  it('exits 3 when a rehearsed failing check fails, naming it', async () => {
    await sandboxCall(sandbox, 'POST', `/__sandbox/checks/${ids.api}/status`, { status: 'failing' });
    const result = await running('checks run --tag web --tag api');
    expect(result.code).toBe(3);
    const lines = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t').slice(0, 2));
    expect(lines.sort()).toEqual([
      ['FAILED', 'API DNS'],
      ['PASSED', 'Web DNS'],
    ]);
    expect(result.stderr).toContain('1 of 2 checks failed: "API DNS".');
    const trigger = sandbox.requests.find((request) => request.path === '/v1/check-sessions/trigger')!;
    expect(trigger.body).toEqual({ target: { matchTags: [['web'], ['api']] } });
  });

  it('--json prints the finished sessions as received', async () => {
    const result = await running('checks run "API DNS" --json');
    expect(result.code, result.stderr).toBe(0);
    const sessions = JSON.parse(result.stdout) as { checkId: string; status: string; results: unknown[] }[];
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ checkId: ids.api, status: 'PASSED' });
    expect(sessions[0]!.results).toHaveLength(1);
  });

  it('--timeout: exit 124 naming the session still running once the clock passed it (and not before)', async () => {
    // The clock moves 1 s: the run (2 s) is not over; --timeout 1s has run out.
    const out = await running('checks run "Web DNS" --timeout 1s', undefined, 1000);
    expect(out.code).toBe(124);
    expect(out.stderr).toMatch(/--timeout 1s ran out with 1 check still running: "Web DNS" \(session [0-9a-f-]{36}\)/);
    // The bound: 24h is taken, one second more is refused.
    expect((await running('checks run "Web DNS" --timeout 24h')).code).toBe(0);
    const over = await mon('checks run "Web DNS" --timeout 86401s', { sandbox });
    expect(over.code).toBe(2);
    expect(over.stderr).toContain('--timeout must be at most 24h');
  });

  it('--no-wait prints the session IDs and awaits nothing', async () => {
    const result = await mon('checks run --tag web --tag api --no-wait', { sandbox, now: () => now });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent().some((request) => request.includes('/completion?'))).toBe(false);
  });

  it('--no-wait --format md: a table of the session IDs; on a terminal, each with its check under a note', async () => {
    const md = await mon('checks run --tag web --no-wait --format md', { sandbox, now: () => now });
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toMatch(/^\| SESSION \|\n\| --- \|\n\| [0-9a-f-]{36} \|\n$/);
    const tty = await mon('checks run --tag web --no-wait --yes --no-color', { sandbox, now: () => now, tty: true });
    expect(tty.code, tty.stderr).toBe(0);
    expect(tty.stderr).toContain('note: Started 1 check session:');
    expect(tty.stdout).toMatch(/^[0-9a-f-]{36} {2}Web DNS\n$/);
  });

  it('in agent mode plans (exit 9, nothing run); its token runs the checks once the plan is the same', async () => {
    const env = { MON_MODE: 'agent' };
    const planned = await mon('checks run "Web DNS"', { sandbox, env: testEnv({ sandbox, env }) });
    expect(planned.code).toBe(9);
    const plan = JSON.parse(planned.stdout) as { status: string; changes: string[]; confirmCommand: string };
    expect(plan.status).toBe('confirmation_required');
    expect(plan.changes).toEqual([`Check "Web DNS" (${ids.web}) runs now (a check session; alerting applies)`]);
    expect(sent().filter((request) => request.startsWith('POST'))).toEqual([]);
    expect(plan.confirmCommand).toMatch(/^mon checks run "Web DNS" --plan-token \S+$/);
  });

  it('a plan token runs the verb again (the checks are awaited), once; a second use is exit 10', async () => {
    const env = testEnv({ sandbox, env: { MON_MODE: 'agent' } });
    const planned = await mon('checks run "Web DNS"', { sandbox, env });
    const token = (JSON.parse(planned.stdout) as { planToken: string }).planToken;
    sandbox.requests.length = 0;
    const first = mon(['checks', 'run', 'Web DNS', '--plan-token', token], { sandbox, env, now: () => now });
    await received('POST', /^\/v1\/check-sessions\/trigger$/);
    now += 2000;
    const done = await first;
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)[0]).toMatchObject({ checkId: ids.web, status: 'PASSED' });
    const again = await mon(['checks', 'run', 'Web DNS', '--plan-token', token], { sandbox, env, now: () => now });
    expect(again.code).toBe(10);
    expect(sent().filter((request) => request.includes('trigger'))).toHaveLength(1);
  });

  it('--dry-run prints the trigger request and sends nothing', async () => {
    const result = await mon('checks run --tag web --dry-run --json', { sandbox });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      status: 'dry_run',
      request: { method: 'POST', path: '/v1/check-sessions/trigger', body: { target: { matchTags: [['web']] } } },
    });
    expect(sent().filter((request) => request.startsWith('POST'))).toEqual([]);
  });
});

refusesBadInput([
  { what: 'neither CHECK nor --tag', line: 'checks run', says: 'CHECK or --tag is required' },
  { what: 'both CHECK and --tag', line: 'checks run "Web DNS" --tag web', says: 'Give CHECK... or --tag, not both' },
  { what: 'a timeout without a unit', line: 'checks run --tag web --timeout 30', says: '--timeout' },
  { what: 'a timeout past 24h', line: 'checks run --tag web --timeout 25h', says: '--timeout must be at most 24h' },
  { what: '--timeout with --no-wait', line: 'checks run --tag web --no-wait --timeout 1m', says: '--no-wait' },
]);
