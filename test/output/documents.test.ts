import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server';
import { memorySandbox, mon, testEnv } from '../helpers';

/*
 * The verbs that print one document (VerbSpec's `document`): `mon schema` and `mon api` print
 * JSON (--jq picks from it), `mon skill` Markdown and `mon completion` a shell script. An output
 * flag that cannot apply is exit 2 naming it, before anything is sent, where it used to be
 * ignored (`mon schema --format md` printed JSON).
 */

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.requests.length = 0;
});

const run = (line: string) => mon(line, { sandbox, env: testEnv({ sandbox, env: { MON_MODE: 'ci' } }) });

describe('a verb that prints one document refuses the output flags that cannot apply', () => {
  it.each([
    ['schema incidents list --format md', 'mon schema prints one JSON document: --format md does not apply to it.'],
    ['schema --format table', 'mon schema prints one JSON document: --format table does not apply to it.'],
    ['api /v1/status-pages --format tsv', 'mon api prints one JSON document: --format tsv does not apply to it.'],
    ['skill --format md', 'mon skill prints Markdown (a SKILL.md), not JSON: --format md does not apply to it.'],
    ['skill --jq .name', 'mon skill prints Markdown (a SKILL.md), not JSON: --jq does not apply to it.'],
    [
      'completion bash --format json',
      'mon completion prints a shell script, not JSON: --format json does not apply to it.',
    ],
    ['completion zsh --jq .', 'mon completion prints a shell script, not JSON: --jq does not apply to it.'],
  ])('%s: exit 2, the flag named, nothing printed or sent', async (line, said) => {
    const result = await run(line);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(said);
    expect(sandbox.requests).toEqual([]);
  });

  it('the formats that do apply still print: JSON for schema and api (with --jq), the document itself otherwise', async () => {
    const schema = await run('schema incidents list --format json --jq .commands[0].name');
    expect([schema.code, schema.stdout]).toEqual([0, 'incidents list\n']);

    const api = await run('api /v1/status-pages --format json --jq .length');
    expect(api.code).toBe(0);
    expect(Number(api.stdout)).toBeGreaterThan(0);

    const skill = await run('skill');
    expect(skill.code).toBe(0);
    expect(skill.stdout).toMatch(/^---\nname: mon\n/);

    const completion = await run('completion bash');
    expect(completion.code).toBe(0);
    expect(completion.stdout).toMatch(/^# bash completion for mon/);
  });

  it('a verb that prints no document of its own takes --format and --jq', async () => {
    const markdown = await run('runtimes list --format md');
    expect(markdown.code, markdown.stderr).toBe(0);
    expect(markdown.stdout).toMatch(/^\| NAME \| STAGE \|/);
    const picked = await run('runtimes list --jq length');
    expect(picked.code, picked.stderr).toBe(0);
    expect(Number(picked.stdout)).toBeGreaterThan(0);
  });

  it('agent mode (JSON everywhere) still gets the skill and the completion script as they are', async () => {
    const env = testEnv({ sandbox, env: { MON_MODE: 'agent' } });
    const skill = await mon('skill', { sandbox, env });
    expect(skill.code).toBe(0);
    expect(skill.stdout).toMatch(/^---\nname: mon\n/);
    const completion = await mon('completion fish', { sandbox, env });
    expect(completion.code).toBe(0);
    expect(completion.stdout).toContain('complete -c mon');
  });
});
