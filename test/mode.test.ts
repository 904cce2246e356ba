/**
 * The mode (src/mode.ts): who mon takes the caller for, from one table, and what agent mode
 * changes for the user: JSON out (unless --format says otherwise), no colour, no prompt, errors as JSON;
 * `auth status` says it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_MARKERS, detectMode, GENERIC_AGENT_VARIABLES } from '../src/mode';
import type { Sandbox } from '../src/sandbox/server';
import { memorySandbox, mon, testEnv } from './helpers';

describe('detectMode', () => {
  it('MON_MODE wins, in any case, over every marker and CI', () => {
    const everything = { CLAUDECODE: '1', AI_AGENT: 'x', CI: 'true' };
    expect(detectMode({ ...everything, MON_MODE: 'interactive' }, false)).toEqual({
      mode: 'interactive',
      reason: 'MON_MODE=interactive',
    });
    expect(detectMode({ ...everything, MON_MODE: 'CI' }, true)).toEqual({ mode: 'ci', reason: 'MON_MODE=ci' });
    expect(detectMode({ MON_MODE: 'agent' }, true)).toEqual({ mode: 'agent', reason: 'MON_MODE=agent' });
  });

  it('any other MON_MODE is a usage error naming it and the values', () => {
    expect(() => detectMode({ MON_MODE: 'robot' }, true)).toThrow(
      'MON_MODE must be interactive, ci or agent (got "robot").',
    );
  });

  it('AI_AGENT and AGENT: agent when set, not when empty, 0 or false', () => {
    for (const variable of GENERIC_AGENT_VARIABLES) {
      expect(detectMode({ [variable]: 'claude-code' }, true)).toEqual({
        mode: 'agent',
        reason: `${variable} is set`,
      });
      for (const off of ['', '0', 'false', 'FALSE'])
        expect(detectMode({ [variable]: off }, true).mode, `${variable}=${off}`).toBe('interactive');
    }
  });

  it("each agent's own marker, named with its agent", () => {
    for (const { variable, agent } of AGENT_MARKERS) {
      expect(detectMode({ [variable]: '1', CI: '1' }, true)).toEqual({
        mode: 'agent',
        reason: `${variable} is set (${agent})`,
      });
      expect(detectMode({ [variable]: '0' }, true).mode).toBe('interactive');
    }
  });

  it('ci when CI is set or stdin is not a terminal; interactive at a terminal', () => {
    expect(detectMode({ CI: 'true' }, true)).toEqual({ mode: 'ci', reason: 'CI is set' });
    expect(detectMode({ CI: '0' }, true)).toEqual({ mode: 'interactive', reason: 'a terminal' });
    expect(detectMode({}, false)).toEqual({ mode: 'ci', reason: 'stdin is not a terminal' });
  });
});

describe('the table of agent markers', () => {
  const rows = AGENT_MARKERS.map(({ variable, agent }) => `| \`${variable}\` | ${agent} |`).join('\n');
  it.each(['README.md', 'docs/CLI.md'])('is %s’s, row for row (the table headed "| variable | agent |")', (file) => {
    const doc = readFileSync(file, 'utf8');
    const start = doc.indexOf('| variable | agent |\n|---|---|\n');
    expect(start, `${file} has no table of agent markers`).toBeGreaterThan(0);
    const table = doc.slice(start).split('\n\n')[0]!.split('\n').slice(2).join('\n');
    expect(table, `${file} should list:\n${rows}`).toBe(rows);
  });
});

describe('agent mode', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await memorySandbox();
  });
  afterAll(() => sandbox.close());
  const agent = (env: NodeJS.ProcessEnv = { MON_MODE: 'agent' }) => testEnv({ sandbox, env });

  it('prints JSON without --json, and no colour on a terminal', async () => {
    const result = await mon('runtimes list', { sandbox, env: agent(), tty: true });
    expect(result.code, result.stderr).toBe(0);
    expect(Array.isArray(JSON.parse(result.stdout))).toBe(true);
    expect(result.stdout).not.toContain('\u001b[');
    const person = await mon('runtimes list', { sandbox, tty: true });
    expect(() => JSON.parse(person.stdout)).toThrow();
  });

  it('a --format given wins over its JSON: a document or TSV, as asked; --format json and --json agree', async () => {
    const md = await mon('runtimes list --format md', { sandbox, env: agent(), tty: true });
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout.split('\n')[0]).toMatch(/^\| [A-Z]/);
    const tsv = await mon('runtimes list --format tsv', { sandbox, env: agent() });
    expect(tsv.code, tsv.stderr).toBe(0);
    expect(() => JSON.parse(tsv.stdout)).toThrow();
    expect(tsv.stdout.split('\n')[0]).toContain('\t');
    const json = await mon('runtimes list', { sandbox, env: agent() });
    for (const line of ['runtimes list --format json', 'runtimes list --json'])
      expect((await mon(line, { sandbox, env: agent() })).stdout, line).toBe(json.stdout);
    // An error is JSON on stderr whatever the format.
    const bad = await mon('runtimes list --format md --bogus', { sandbox, env: agent() });
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr).error).toMatchObject({ exitCode: 2, kind: 'usage' });
  });

  it('asks nothing, even at a terminal: a missing value is exit 2, as JSON on stderr', async () => {
    const result = await mon('incidents update', { sandbox, env: agent({ CLAUDECODE: '1' }), tty: true });
    expect(result.code).toBe(2);
    expect(result.prompter.asked).toEqual([]);
    const { error } = JSON.parse(result.stderr);
    expect(error).toMatchObject({ exitCode: 2, kind: 'usage' });
    expect(error.message).toContain('INCIDENT_ID is required');
  });

  it('reports a usage error of the command line (before the command runs) as JSON, exit 2', async () => {
    for (const env of [agent(), agent({ CLAUDECODE: '1' })]) {
      const unknown = await mon('incidents list --frobnicate', { sandbox, env });
      expect(unknown.code).toBe(2);
      expect(JSON.parse(unknown.stderr).error).toMatchObject({ exitCode: 2, kind: 'usage' });
      const badValue = await mon('incidents list --status sideways', { sandbox, env });
      expect(badValue.code).toBe(2);
      expect(JSON.parse(badValue.stderr).error.message).toContain('--status');
    }
  });

  it('an unknown MON_MODE is exit 2 naming it, nothing sent', async () => {
    sandbox.requests.length = 0;
    const result = await mon('runtimes list', { sandbox, env: agent({ MON_MODE: 'bot' }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('MON_MODE must be interactive, ci or agent (got "bot").');
    expect(sandbox.requests).toEqual([]);
  });

  it('auth status says the mode and why: a row of its own, mode and modeReason in JSON', async () => {
    const claude = await mon('auth status', { sandbox, env: agent({ CLAUDECODE: '1' }) });
    expect(claude.code, claude.stderr).toBe(0);
    expect(JSON.parse(claude.stdout)).toMatchObject({ mode: 'agent', modeReason: 'CLAUDECODE is set (Claude Code)' });
    const piped = await mon('auth status', { sandbox });
    expect(piped.stdout.split('\n')[0]).toBe('mode\tci\tstdin is not a terminal');
    const person = await mon('--no-color auth status', { sandbox, tty: true });
    expect(person.stdout).toMatch(/^SETTING +VALUE +SOURCE\nmode +interactive +a terminal\n/);
  });
});
