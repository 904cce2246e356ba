/**
 * A plan in every format (output/present.ts's showPlan, one writer per format): JSON in a pipe
 * without a --format (a script reads it, as before), a terminal's prose with --format table,
 * Markdown to show a person in chat, TSV's key/value lines. Server text is hostile in each:
 * an incident named to end a Markdown cell or close a code fence stays literal text.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server';
import { memorySandbox, mon, testEnv } from '../helpers';
import { openIncident } from '../commands/incidents/fixture';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.requests.length = 0;
});

const writes = () => sandbox.requests.filter((request) => request.method !== 'GET');
const HOSTILE = 'Checkout | ![x](http://evil) ```';

async function planned(format: string | undefined, extra = '') {
  const incident = await openIncident(sandbox, HOSTILE);
  const env = testEnv({ sandbox, env: { MON_MODE: 'ci' } });
  const line = `incidents update ${incident.id} --status monitoring -m "Fix out; \`\`\`\` watching." --no-notify --plan${format ? ` --format ${format}` : ''}${extra}`;
  sandbox.requests.length = 0;
  const result = await mon(line, { sandbox, env });
  return { ...result, id: incident.id };
}

const path = (id: string) => `/v1/status-pages/incidents/${id}/incident-updates`;

describe('a plan in each format (exit 9, nothing sent)', () => {
  it('in a pipe without --format: the plan object as JSON, as a script reads it', async () => {
    const result = await planned(undefined);
    expect(result.code).toBe(9);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'confirmation_required', command: 'incidents update' });
    expect(writes()).toEqual([]);
  });

  it('--format md: a heading, the change escaped, the request and the command in fences no server text can close', async () => {
    const { code, stdout, id } = await planned('md');
    expect(code).toBe(9);
    expect(writes()).toEqual([]);
    const [heading, change, request, confirmLead, confirm] = stdout.trimEnd().split('\n\n');
    expect(heading).toBe('## Plan: mon incidents update (write, not idempotent)');
    expect(change).toBe(
      `- Incident "Checkout \\| \\!\\[x\\](http://evil) \\\`\\\`\\\`" (${id}): a new update, status INVESTIGATING → MONITORING, ` +
        'subscribers not notified: "Fix out; \\`\\`\\`\\` watching."',
    );
    // The body holds a run of four backticks: the fence is five long, so the block ends where mon ends it.
    expect(request).toBe(
      [
        '`````http',
        `POST ${sandbox.url}${path(id)}`,
        '{',
        '  "description": "Fix out; ```` watching.",',
        '  "status": "MONITORING",',
        '  "notifySubscribers": false',
        '}',
        '`````',
      ].join('\n'),
    );
    expect(confirmLead).toBe('To send exactly this (once, within 10 minutes, and only if it has not changed by then):');
    expect(confirm).toMatch(/^`````sh\nmon incidents update .* --format md --plan-token \S+\n`````$/);
  });

  it('--format tsv: key/value lines, the body as compact JSON, the token and its command', async () => {
    const { code, stdout, id } = await planned('tsv');
    expect(code).toBe(9);
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(lines.map(([key]) => key)).toEqual([
      'status',
      'command',
      'effect',
      'change',
      'request',
      'body',
      'planToken',
      'expiresAt',
      'confirmCommand',
    ]);
    const value = Object.fromEntries(lines) as Record<string, string>;
    expect(value.status).toBe('confirmation_required');
    expect(value.effect).toBe('write, not idempotent');
    expect(value.request).toBe(`POST ${sandbox.url}${path(id)}`);
    expect(JSON.parse(value.body!)).toEqual({
      description: 'Fix out; ```` watching.',
      status: 'MONITORING',
      notifySubscribers: false,
    });
    expect(value.confirmCommand).toBe(
      `${value.confirmCommand!.split(' --plan-token ')[0]} --plan-token ${value.planToken}`,
    );
    expect(writes()).toEqual([]);
  });

  it('--format table in a pipe: the prose a terminal shows, without colour', async () => {
    const { code, stdout, id } = await planned('table');
    expect(code).toBe(9);
    expect(stdout).toContain('Plan: mon incidents update (write, not idempotent)\n');
    expect(stdout).toContain(`\nPOST ${sandbox.url}${path(id)}\n{\n  "description": "Fix out; \`\`\`\` watching.",`);
    expect(stdout).toMatch(
      /\nTo send exactly this \(once, within 10 minutes, and only if it has not changed by then\):\n {2}mon incidents update /,
    );
    expect(writes()).toEqual([]);
  });

  it('a dry run in Markdown has no token and no command to confirm (exit 0)', async () => {
    const incident = await openIncident(sandbox, 'Dry in md');
    const env = testEnv({ sandbox, env: { MON_MODE: 'ci' } });
    sandbox.requests.length = 0;
    const result = await mon(`incidents resolve ${incident.id} --dry-run --format md`, { sandbox, env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^## Dry run: mon incidents resolve \(write, /);
    expect(result.stdout).not.toContain('plan-token');
    expect(result.stdout).not.toContain('To send exactly this');
    expect(writes()).toEqual([]);
  });
});
