/**
 * --jq, built in (output/jq.ts): what it prints, its errors, --all and `mon api --paginate`,
 * a terminal, jq's notes; with a PATH on which there is no jq binary (nor anything else), so
 * that nothing but mon's own engine can do the work. test/e2e/jq.test.ts: the engine failing
 * and loaded only for --jq, in the real binary.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server';
import { CliError } from '../../src/errors';
import { testIO } from '../../src/io';
import { parseJson } from '../../src/text/json';
import { useJq } from '../../src/output/jq';
import { jsonArrayWriter, printJson } from '../../src/output/render';
import { cli, memorySandbox, mon, testEnv } from '../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

/** stderr as what it must be with --jq: one JSON error object on one line. */
function errorOf(stderr: string): { exitCode: number; kind: string; message: string; hint: string | null } {
  expect(stderr.endsWith('\n') && stderr.indexOf('\n') === stderr.length - 1, stderr).toBe(true);
  return (JSON.parse(stderr) as { error: ReturnType<typeof errorOf> }).error;
}

/** An empty directory as the whole PATH. */
const EMPTY_PATH = mkdtempSync(join(tmpdir(), 'mon-no-jq-'));
const env = () => testEnv({ sandbox, env: { PATH: EMPTY_PATH } });
const run = (line: string | readonly string[]) => mon(line, { env: env() });

interface Runtime {
  name: string;
  stage: string;
}

describe('--jq without a jq binary', () => {
  it('runs where no jq can be found on PATH', () => {
    const found = spawnSync('/bin/sh', ['-c', 'command -v jq'], { env: env(), encoding: 'utf8' });
    expect(found.status).not.toBe(0);
    expect(found.stdout).toBe('');
  });

  it('prints strings raw, one per line', async () => {
    const json = await run('runtimes list --json');
    const names = (JSON.parse(json.stdout) as Runtime[]).map((runtime) => runtime.name);
    expect(names.length).toBeGreaterThan(2);

    const result = await run("runtimes list --jq '.[].name'");
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(`${names.join('\n')}\n`);
  });

  it('prints anything else as compact JSON, one result per line', async () => {
    const runtimes = JSON.parse((await run('runtimes list --json')).stdout) as Runtime[];
    const result = await run("runtimes list --jq '.[] | {name, stage}'");
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toEqual(runtimes.map(({ name, stage }) => JSON.stringify({ name, stage })));
    // Numbers, booleans and arrays too.
    const other = await run(`runtimes list --jq 'length, (.[0].name | test("^20")), [.[].stage][:2]'`);
    expect(other.stdout).toBe(
      `${runtimes.length}\ntrue\n${JSON.stringify(runtimes.slice(0, 2).map((r) => r.stage))}\n`,
    );
  });

  it('takes -q as the short form, on a command that prints one resource', async () => {
    const result = await run('runtimes get 2025.04 -q .name');
    expect(result).toMatchObject({ code: 0, stdout: '2025.04\n', stderr: '' });
  });

  it('refuses a bad expression with exit 2 and jq’s message, before sending anything', async () => {
    sandbox.requests.length = 0;
    const result = await run("runtimes list --jq '.[] | select(.name == )'");
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const error = errorOf(result.stderr);
    expect(error).toMatchObject({ exitCode: 2, kind: 'usage' });
    expect(error.message).toMatch(/^--jq: the expression is not valid jq:\njq: error: syntax error/);
    expect(error.message).toContain('jq: 1 compile error');
    expect(sandbox.requests).toEqual([]);

    const unknown = await run("runtimes list --jq 'nosuchfunction(1)'");
    expect(unknown.code).toBe(2);
    expect(errorOf(unknown.stderr).message).toContain('nosuchfunction/1 is not defined');
    expect(sandbox.requests).toEqual([]);
  });

  it('ends with exit 1 and jq’s message when the expression fails on the data', async () => {
    const result = await run("runtimes list --jq 'length | .[] | .x'");
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(errorOf(result.stderr)).toMatchObject({
      exitCode: 1,
      kind: 'failure',
      message: expect.stringMatching(/^--jq: Cannot iterate over number \(\d+\)$/),
    });
  });

  it('prints the results produced before a runtime error, then fails', async () => {
    const result = await run(`runtimes list --jq '.[0].name, error("stop here")'`);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('2026.04\n');
    expect(errorOf(result.stderr)).toMatchObject({ exitCode: 1, message: '--jq: stop here' });
  });

  it('applies the expression to the whole array of every page with --all', async () => {
    sandbox.requests.length = 0;
    const result = await run("status-pages list --all --limit 1 --jq 'length, .[-1].name'");
    expect(result).toMatchObject({ code: 0, stdout: '3\nAcme Payments\n' });
    // Three pages were read: the array was the whole list, not one page.
    expect(sandbox.requests.filter((request) => request.path.startsWith('/v1/status-pages'))).toHaveLength(3);
  });

  it('filters `mon api --paginate` output as one array', async () => {
    const result = await run("api /v1/status-pages --paginate -F limit=1 --jq 'map(.name)'");
    expect(result).toMatchObject({
      code: 0,
      stdout: `${JSON.stringify(['Acme Cloud', 'Acme Internal', 'Acme Payments'])}\n`,
    });
    const single = await run('api /v1/runtimes/2024.09 -q .name');
    expect(single).toMatchObject({ code: 0, stdout: '2024.09\n' });
  });

  it('filters a dry run’s plan, and still sends nothing', async () => {
    sandbox.requests.length = 0;
    const result = await run(
      "api -X POST /v1/anything -f 'name=Disk full' --dry-run -q '.request.body.name, .request.method'",
    );
    expect(result).toMatchObject({ code: 0, stdout: 'Disk full\nPOST\n' });
    expect(sandbox.requests).toEqual([]);
  });

  it('runs real jq: group_by, @tsv, @csv, interpolation, variables', async () => {
    const result = await run(
      `runtimes list --jq 'group_by(.stage) | map({(.[0].stage): length}) | add | to_entries[] | "\\(.key)=\\(.value)"'`,
    );
    expect(result.code, result.stderr).toBe(0);
    const runtimes = JSON.parse((await run('runtimes list --json')).stdout) as Runtime[];
    const counts = new Map<string, number>();
    for (const { stage } of runtimes) counts.set(stage, (counts.get(stage) ?? 0) + 1);
    expect(result.stdout).toBe(
      [...counts]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([stage, count]) => `${stage}=${count}\n`)
        .join(''),
    );

    const tsv = await run("runtimes list --jq '.[0] as $first | [$first.name, $first.stage] | @tsv, @csv'");
    expect(tsv.stdout).toBe(
      `${runtimes[0]!.name}\t${runtimes[0]!.stage}\n"${runtimes[0]!.name}","${runtimes[0]!.stage}"\n`,
    );
  });

  it('takes --jq=EXPR too', async () => {
    const result = await run('runtimes get 2025.04 --jq=.stage');
    expect(result).toMatchObject({ code: 0, stdout: 'CURRENT\n' });
  });
});

describe('--jq, in-process', () => {
  it('shows a string’s control characters escaped on a terminal, and exactly when piped', async () => {
    const args = ['api', '-X', 'POST', '/v1/x', '-f', 'name=a\u001b[31mb\tc', '--dry-run', '-q', '.request.body.name'];
    const piped = await cli(args, { sandbox });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe('a\u001b[31mb\tc\n');
    const terminal = await cli(args, { sandbox, tty: true });
    expect(terminal.stdout).toBe('a\\x1b[31mb\tc\n');
  });

  it('escapes DEL, C1 controls and bidirectional overrides inside compact JSON', async () => {
    const result = await mon(
      ['api', '-X', 'POST', '/v1/x', '-f', 'name=x\u009by\u202ez', '--dry-run', '-q', '.request.body'],
      {
        sandbox,
      },
    );
    expect(result.stdout).toBe('{"name":"x\\u009by\\u202ez"}\n');
    expect(JSON.parse(result.stdout)).toEqual({ name: 'x\u009by\u202ez' });
  });

  it('passes what jq says with debug to stderr, results to stdout', async () => {
    const result = await mon('runtimes get 2025.04 -q ".name | debug | ascii_downcase"', { sandbox });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('2025.04\n');
    expect(result.stderr).toBe('["DEBUG:","2025.04"]\n');
  });

  it('prints nothing for an expression with no result (`empty`), and exits 0', async () => {
    const result = await mon(`runtimes list --jq '.[] | select(.name == "none")'`, { sandbox });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('refuses an empty expression with exit 2, as jq does', async () => {
    const result = await mon("runtimes list --jq ''", { sandbox });
    expect(result.code).toBe(2);
    expect(errorOf(result.stderr).message).toContain('Top-level program not given');
  });

  it('does not touch output without --jq: --json prints as before', async () => {
    const result = await mon('runtimes get 2025.04 --json', { sandbox });
    expect(result.stdout).toMatch(/^\{\n {2}"name": "2025\.04",\n/);
  });
});

describe('--jq is bounded: what it is given and what it gives (JQ_BOUNDS)', () => {
  /** An IO whose --jq is `expression`, with bounds of a few bytes: each side of a bound is cheap to reach. */
  async function withJq(expression: string, bounds: { inputBytes: number; outputBytes: number }) {
    const io = testIO();
    const closers: (() => Promise<void>)[] = [];
    await useJq(io, expression, { onClose: (task) => void closers.push(task), bounds });
    return { io, close: () => Promise.all(closers.map((task) => task())) };
  }

  it('gives the results up to the output bound, and past it nothing: exit 1 saying so', async () => {
    // "1\n" + "22\n" + "333\n": 9 bytes of results.
    const fits = await withJq('1, 22, 333', { inputBytes: 100, outputBytes: 9 });
    await printJson(fits.io, null);
    expect(fits.io.stdout).toBe('1\n22\n333\n');
    await fits.close();
    const over = await withJq('1, 22, 333', { inputBytes: 100, outputBytes: 8 });
    const error = await printJson(over.io, null).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toBe(
      '--jq: its results are more than 8 bytes, the most mon takes of them; nothing was printed.',
    );
    expect(over.io.stdout).toBe('');
    await over.close();
  });

  it('takes an input up to the input bound, and past it refuses before running jq', async () => {
    // [1,22] is 6 bytes as JSON.
    const fits = await withJq('length', { inputBytes: 6, outputBytes: 100 });
    await printJson(fits.io, [1, 22]);
    expect(fits.io.stdout).toBe('2\n');
    await fits.close();
    const over = await withJq('length', { inputBytes: 5, outputBytes: 100 });
    const error = await printJson(over.io, [1, 22]).catch((caught: unknown) => caught);
    expect((error as CliError).message).toBe(
      '--jq: its input is 6 bytes of JSON so far, more than the 5 bytes mon gives jq; nothing was printed.',
    );
    expect(over.io.stdout).toBe('');
    await over.close();
  });

  it('counts the entries of --all as they come, and stops at the bound without printing anything', async () => {
    // [1,22,333]: 10 bytes (the brackets and a comma or bracket per entry).
    const fits = await withJq('length', { inputBytes: 10, outputBytes: 100 });
    const writer = jsonArrayWriter(fits.io);
    for (const entry of [1, 22, 333]) writer.write(entry);
    await writer.end();
    expect(fits.io.stdout).toBe('3\n');
    await fits.close();
    const over = await withJq('length', { inputBytes: 9, outputBytes: 100 });
    const bounded = jsonArrayWriter(over.io);
    bounded.write(1);
    bounded.write(22);
    expect(() => bounded.write(333)).toThrow(
      '--jq: its input is 10 bytes of JSON so far, more than the 9 bytes mon gives jq',
    );
    expect(over.io.stdout).toBe('');
    await over.close();
  });

  it('keeps what the expression means: numbers as written, strings raw, comments, definitions, errors after results', async () => {
    const { io, close } = await withJq('def twice: . * 2; (.a | twice), .b, "x\\ty", error("stop") # a comment', {
      inputBytes: 1000,
      outputBytes: 1000,
    });
    const error = await printJson(io, parseJson('{"a": 21, "b": 1.10}')).catch((caught: unknown) => caught);
    expect(io.stdout).toBe('42\n1.10\nx\ty\n');
    expect((error as CliError).message).toBe('--jq: stop');
    await close();
  });
});
