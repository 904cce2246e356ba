/**
 * `mon mcp`'s tools as derived from `mon schema` (src/commands/mcp/shared/tools.ts), and a
 * call's arguments turned into the command line the CLI reads: run in-process against the
 * memory sandbox in agent mode, its plan shows what would be sent. (test/e2e/mcp.test.ts runs
 * the server itself with the SDK's client.)
 */
import { describe, expect, it } from 'vitest';
import {
  agentText,
  argvFor,
  NOT_INPUT,
  NOT_TOOLS,
  ToolInputError,
  toolsOf,
  type Tool,
} from '../../../src/commands/mcp/shared/tools';
import type { SchemaDocument } from '../../../src/core/schema';
import { memorySandbox, mon } from '../../helpers';

const { stdout } = await mon('schema');
const schema = JSON.parse(stdout) as SchemaDocument;
const all = toolsOf(schema.commands, true);
const tool = (name: string): Tool => all.find((one) => one.definition.name === name)!;

describe('the tools', () => {
  it('are the commands that call the API, less the ones named with why; the writes only when allowed', () => {
    const names = all.map((one) => one.definition.name);
    expect(new Set(names).size).toBe(names.length);
    for (const command of schema.commands) {
      const served = names.includes(command.path.join('_').replaceAll('-', '_'));
      expect(served, command.name).toBe(command.classification.openWorld && !(command.name in NOT_TOOLS));
    }
    // Every exception names a command that exists (none goes stale), and every left-out flag one some command has.
    for (const name of Object.keys(NOT_TOOLS).filter((name) => name !== 'maintenance run'))
      expect(schema.commands.map((command) => command.name)).toContain(name);
    for (const key of Object.keys(NOT_INPUT))
      expect(
        schema.commands.some((command) => command.flags.some((flag) => flag.key === key)),
        key,
      ).toBe(true);
    const readOnly = toolsOf(schema.commands, false);
    expect(readOnly.every((one) => one.definition.annotations.readOnlyHint)).toBe(true);
    expect(readOnly.length).toBeLessThan(all.length);
    expect(readOnly.length).toBe(all.filter((one) => !one.write).length);
  });

  it('take the command input less what a call cannot use; a planned write takes planToken', () => {
    for (const { definition, command } of all) {
      const keys = Object.keys(definition.inputSchema.properties ?? {});
      expect(definition.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(definition.inputSchema).not.toHaveProperty('$schema');
      for (const key of Object.keys(NOT_INPUT)) expect(keys, definition.name).not.toContain(key);
      expect(keys.includes('planToken'), definition.name).toBe(command.planned);
      expect(definition.description.startsWith(`${agentText(command.summary) || command.summary}.\n`)).toBe(true);
    }
    expect(tool('incidents_update').definition.annotations).toEqual({
      title: 'mon incidents update',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
  });
});

describe('the descriptions', () => {
  it('are the help less what only a terminal can use: no prompt, screen, key, --json or planning flag', () => {
    const terminalWords =
      /\b(?:terminal|prompts?|asked|picker|piped|tab-separated|redraws?|printed)\b|Ctrl-|\$EDITOR|\$VISUAL|<TAB>|--(?:json|jq|watch|interval|yes|no-input|plan|dry-run|web)\b|plans:|token included/i;
    for (const { definition, command } of all) {
      expect(definition.description, definition.name).not.toMatch(terminalWords);
      expect(command.summary.startsWith(definition.description.split('.\n')[0]!), definition.name).toBe(true);
    }
    // The summary as help says it, less what a call cannot see: its answer masks the ping URL.
    expect(tool('heartbeats_create').definition.description).toMatch(
      /^Create a heartbeat monitor for a cron job\.\nEffect: write/,
    );
    expect(tool('checks_status').definition.description).toContain('The answer is the statuses as received.');
    // What a call needs stays: what is required, what it answers, the values a list names.
    expect(tool('incidents_create').definition.description).toContain(
      '--name, --severity, --service and --message are required. The answer is the created incident.',
    );
    expect(tool('incidents_ensure').definition.description).toContain(
      '--name, --severity and --service are required; --severity is used only when it creates.',
    );
    expect(tool('incidents_list').definition.description).toContain(
      'the answer is a page of the matches, {length, entries, nextId}',
    );
    const dns = tool('checks_create_dns').definition.description;
    expect(dns).toContain('\n--name and --query are required, the record type defaults to A');
    expect(dns).toContain('--file FILE gives any part of the body as JSON.');
    expect(dns).toContain('Locations (--location):\n  us-east-1, ');
    expect(tool('incidents_update').definition.description).toMatch(
      /^Post an update .*\nEffect: write, not idempotent\n\n/,
    );
  });

  it('leave out a sentence, a clause or an aside for the terminal, and keep the rest as written', () => {
    expect(
      agentText(
        'On a terminal it asks. The list is\nread (by pages; piped, all of it); then\nfiltered (by name). --json prints {a, b} instead.\n\n' +
          '--watch redraws it. Ctrl-C stops.\n\nValues:\n  x, y',
      ),
    ).toBe('The list is read; then filtered (by name). The answer is {a, b}.\n\nValues:\n  x, y');
    expect(agentText('It asks for nothing here (it never prompts); --name is required.')).toBe('--name is required.');
    expect(agentText('Ctrl-G edits it.')).toBe('');
  });
});

describe('a call as a command line', () => {
  it('switches in both forms, a switch with only its negative form, lists, and values that start with "-"', async () => {
    const sandbox = await memorySandbox();
    const args = {
      name: '-Edge DNS',
      query: 'example.com',
      recordType: 'A',
      activated: false,
      muted: true,
      autoAssignAlerts: false,
      tag: ['edge', '--yes'],
    };
    const { code, stdout: plan } = await mon(argvFor(tool('checks_create_dns'), args), {
      sandbox,
      env: { MON_MODE: 'agent' },
    });
    expect(code).toBe(9);
    const { request } = JSON.parse(plan);
    expect(request.body).toMatchObject({ name: '-Edge DNS', activated: false, muted: true, tags: ['edge', '--yes'] });
    expect(request.path).toBe('/v1/checks/dns?autoAssignAlerts=false');
    expect(sandbox.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    await sandbox.close();
    // true for a switch whose only form is negative is what leaving it out means.
    expect(argvFor(tool('checks_create_dns'), { autoAssignAlerts: true })).toEqual(['checks', 'create-dns']);
  });

  it('arguments after --, in order; one left out before another, a wrong type or an unknown name is refused', () => {
    const get = tool('incidents_updates_get');
    expect(argvFor(get, { incidentId: 'abcdef', updateId: '-12345' })).toEqual([
      'incidents',
      'updates',
      'get',
      '--',
      'abcdef',
      '-12345',
    ]);
    const refused = (input: unknown) => {
      try {
        argvFor(get, input);
      } catch (error) {
        expect(error).toBeInstanceOf(ToolInputError);
        return (error as ToolInputError).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ updateId: 'abcdef' })).toBe('"updateId" (UPDATE_ID) needs "incidentId" too.');
    expect(refused({ incidentId: 7 })).toBe('"incidentId" (INCIDENT_ID) must be a string.');
    expect(refused({ incident: 'abcdef' })).toBe('incidents_updates_get has no argument "incident".');
    expect(refused([])).toBe('The arguments of incidents_updates_get must be an object.');
    expect(() => argvFor(tool('incidents_list'), { limit: [1, 2] })).toThrow(
      '"limit" (--limit) takes one value, not a list.',
    );
    expect(() => argvFor(tool('incidents_create'), { messageFile: '-' })).toThrow('"-" (stdin) is the protocol\'s');
  });
});
