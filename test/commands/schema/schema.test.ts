import { Ajv2020 } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOP_LEVEL } from '../../../src/commands/index';
import { isVerb, type CommandNode } from '../../../src/core/flags/tree';
import type { SchemaCommand, SchemaDocument, SchemaFlag } from '../../../src/core/schema';
import { ENVIRONMENT } from '../../../src/env';
import { mon } from '../../helpers';
import { jsonError } from '../../json-error';

const schema = async (line = ''): Promise<SchemaDocument> => {
  const { code, stdout, stderr } = await mon(`schema ${line}`);
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(stdout) as SchemaDocument;
};

const whole = await schema();

/** Every verb of the tables, with its words, the hidden commands left out (help does not list them). */
function verbPaths(node: CommandNode, prefix: string[]): string[] {
  const path = [...prefix, node.spec.name];
  return [...(isVerb(node) ? [path.join(' ')] : []), ...node.children.flatMap((child) => verbPaths(child, path))];
}
const tableVerbs = (
  await Promise.all(TOP_LEVEL.filter((entry) => !entry.hidden).map(async (entry) => verbPaths(await entry.load(), [])))
).flat();

const byName = (name: string): SchemaCommand => whole.commands.find((command) => command.name === name)!;

/** The spellings a flag has: `--notify`, `--no-notify`, `-m`. */
const spellings = (flag: SchemaFlag): string[] => [
  flag.name,
  ...(flag.forms ?? []),
  ...(flag.short ? [flag.short] : []),
];

/** The flags a help lists in its option sections and its "Global options:" line. */
function flagsInHelp(help: string): string[] {
  const found = new Set<string>();
  for (const line of help.split('\n')) {
    const option = /^ {2}((?:-[A-Za-z], )?--[a-z][a-z0-9-]*)/.exec(line);
    if (option) for (const word of option[1]!.split(', ')) found.add(word);
  }
  const globals = /Global options: ([^(]*)\(see/s.exec(help);
  for (const word of globals?.[1]?.split(/[\s,]+/) ?? []) if (word) found.add(word);
  return [...found];
}

describe('mon schema', () => {
  it('is one JSON object: version, global flags, env, exit codes, modes and every command of the tables', () => {
    expect(whole.schemaVersion).toBe(1);
    expect(whole.mon).toMatch(/^\d+\.\d+\.\d+/);
    expect(whole.commands.map((command) => command.name).sort()).toEqual([...tableVerbs].sort());
    expect(whole.commands.length).toBeGreaterThan(40);
    expect(whole.commands.map((command) => command.name)).not.toContain('__complete');
    expect(byName('incidents update').path).toEqual(['incidents', 'update']);
    expect(whole.env.map((variable) => variable.name)).toEqual(ENVIRONMENT.map((variable) => variable.name));
    expect(whole.modes.map((mode) => mode.name).sort()).toEqual(['agent', 'ci', 'interactive']);
    expect(whole.modes.find((mode) => mode.name === 'agent')!.markers).toContainEqual({
      variable: 'CLAUDECODE',
      agent: 'Claude Code',
    });
  });

  it('exit codes: 9 confirmation-required and 10 conflict among them, the same table as docs/CLI.md', () => {
    expect(whole.exitCodes).toContainEqual(expect.objectContaining({ code: 9, kind: 'confirmation-required' }));
    expect(whole.exitCodes).toContainEqual(expect.objectContaining({ code: 10, kind: 'conflict' }));
    const docs = readFileSync('docs/CLI.md', 'utf8').split('\n## Exit codes\n')[1]!.split('\n## ')[0]!;
    const rows = [...docs.matchAll(/^\| (\d+) \|([^|]*)\|/gm)].flatMap(([, code, kinds]) => {
      const named = [...kinds!.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]!);
      return named.length ? named.map((kind) => `${code} ${kind}`) : [`${code}`];
    });
    const schemaRows = whole.exitCodes.map(({ code, kind }) =>
      kind === 'success' || kind === 'terminated' || kind === 'hangup' ? `${code}` : `${code} ${kind}`,
    );
    expect(schemaRows.sort()).toEqual(rows.sort());
  });

  it("carries each command's classification, its flags as typed and its examples", () => {
    expect(byName('incidents list').classification).toEqual({
      readOnly: true,
      destructive: false,
      idempotent: true,
      openWorld: true,
    });
    expect(byName('checks delete').classification).toEqual({
      readOnly: false,
      destructive: true,
      idempotent: true,
      openWorld: true,
    });
    expect(byName('incidents update').classification).toMatchObject({ readOnly: false, idempotent: false });
    // Only this machine: config, the local sandbox, schema itself.
    expect(byName('config set').classification.openWorld).toBe(false);
    expect(byName('config list').classification.openWorld).toBe(false);
    expect(byName('schema').classification).toMatchObject({ readOnly: true, openWorld: false });
    expect(byName('api').classification.byMethod!.GET!.readOnly).toBe(true);
    expect(byName('api').classification.byMethod!.DELETE!.destructive).toBe(true);
    expect(byName('api').classification.readOnly).toBe(false);

    const status = byName('incidents update').flags.find((flag) => flag.name === '--status')!;
    expect(status).toMatchObject({ short: '-s', key: 'status', type: 'string', kind: 'enum', required: false });
    expect(status.enum).toEqual(['INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED']);
    const notify = byName('incidents update').flags.find((flag) => flag.key === 'notify')!;
    expect(notify.forms).toEqual(['--notify', '--no-notify']);
    const service = byName('incidents create').flags.find((flag) => flag.key === 'service')!;
    expect(service.repeatable).toBe(true);
    const limit = byName('incidents list').flags.find((flag) => flag.key === 'limit')!;
    expect(limit).toMatchObject({ type: 'integer', short: '-L' });
    const interval = byName('incidents list').flags.find((flag) => flag.key === 'interval')!;
    expect(interval.default).toBe(10);
    expect(byName('incidents update').arguments).toEqual([
      expect.objectContaining({ name: 'INCIDENT_ID', key: 'incidentId', required: false }),
    ]);
    expect(byName('incidents update').examples.length).toBeGreaterThan(0);
    expect(byName('incidents update').planned).toBe(true);
    expect(byName('incidents list').planned).toBe(false);
  });

  it('names the environment variable of a global flag, one of src/env.ts and named in its help', () => {
    const withEnv = whole.globalFlags.filter((flag) => flag.env);
    expect(withEnv.map((flag) => flag.name)).toEqual(expect.arrayContaining(['--profile', '--base-url', '--no-input']));
    for (const flag of withEnv) {
      expect(ENVIRONMENT.map((variable) => variable.name)).toContain(flag.env);
      expect(flag.description).toContain(flag.env);
    }
    expect(whole.globalFlags.find((flag) => flag.name === '--profile')!.env).toBe('MON_PROFILE');
  });

  it.each(whole.commands.map((command) => [command.name]))(
    'mon %s --help: every flag it shows is named in the schema, and every flag of the schema is shown',
    async (name) => {
      const { code, stdout } = await mon(`${name} --help`);
      expect(code).toBe(0);
      const command = byName(name);
      const known = new Set([...command.flags, ...whole.globalFlags].flatMap(spellings));
      const shown = flagsInHelp(stdout);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.filter((flag) => !known.has(flag))).toEqual([]);
      for (const flag of command.flags) expect(shown).toContain(flag.name);
    },
  );

  it('mon --help: every global flag it shows is in globalFlags, and the other way round', async () => {
    const { stdout } = await mon('--help');
    const shown = flagsInHelp(stdout);
    const known = whole.globalFlags.flatMap(spellings);
    expect(shown.filter((flag) => !known.includes(flag))).toEqual([]);
    for (const flag of whole.globalFlags) expect(shown).toContain(flag.name);
  });

  describe('input: a JSON Schema (draft 2020-12) of each command', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });

    it.each(whole.commands.map((command) => [command.name, command]))('%s: compiles', (_name, command) => {
      expect(command.input.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(command.input.additionalProperties).toBe(false);
      expect(() => ajv.compile(command.input)).not.toThrow();
      // One property per argument and flag, keyed by the table key.
      expect(Object.keys(command.input.properties!).sort()).toEqual(
        [...command.arguments.map((arg) => arg.key), ...command.flags.map((flag) => flag.key)].sort(),
      );
    });

    it('accepts an input as the tables read it, and refuses what mon refuses', () => {
      const update = ajv.compile(byName('incidents update').input);
      expect(
        update({ incidentId: '3f0c2a', status: 'MONITORING', message: 'Watching', notify: true, service: ['API'] }),
      ).toBe(true);
      // An unknown key, a status that is none (the peer's "fixing"), a 5-character prefix, an empty message.
      expect(update({ bogus: 1 })).toBe(false);
      expect(update({ status: 'FIXING' })).toBe(false);
      expect(update({ incidentId: '3f0c2' })).toBe(false);
      expect(update({ incidentId: 'a/../b' })).toBe(false);
      expect(update({ message: '' })).toBe(false);
      expect(update({ service: 'API' })).toBe(false);

      const list = ajv.compile(byName('incidents list').input);
      // --limit: 1 to 100, both sides.
      expect(list({ limit: 1 })).toBe(true);
      expect(list({ limit: 100 })).toBe(true);
      expect(list({ limit: 0 })).toBe(false);
      expect(list({ limit: 101 })).toBe(false);
      expect(list({ limit: 2.5 })).toBe(false);

      const completion = ajv.compile(byName('completion').input);
      expect(completion({ shell: 'zsh' })).toBe(true);
      expect(completion({})).toBe(false);
    });
  });

  describe('COMMAND words', () => {
    it('mon schema incidents update: that command alone', async () => {
      const one = await schema('incidents update');
      expect(one.commands.map((command) => command.name)).toEqual(['incidents update']);
      expect(one.exitCodes).toEqual(whole.exitCodes);
    });

    it('mon schema incidents: every command under it, in help order', async () => {
      const some = await schema('incidents');
      const names = some.commands.map((command) => command.name);
      expect(names).toEqual(whole.commands.filter((command) => command.path[0] === 'incidents').map((c) => c.name));
      expect(names).toContain('incidents updates edit');
      expect(names).not.toContain('checks list');
    });

    it('mon schema sandbox: the verb and the commands under it', async () => {
      const names = (await schema('sandbox')).commands.map((command) => command.name);
      expect(names[0]).toBe('sandbox');
      expect(names).toContain('sandbox clock advance');
    });

    it('an unknown command: exit 2 naming it and the closest command, nothing on stdout', async () => {
      const typo = await mon('schema incidents updat');
      expect(typo.code).toBe(2);
      expect(typo.stdout).toBe('');
      expect(typo.stderr).toContain('no command "incidents updat"');
      expect(typo.stderr).toContain('Did you mean `mon schema incidents update`?');
      const noun = await mon('schema incident');
      expect(noun.code).toBe(2);
      expect(noun.stderr).toContain('Did you mean `mon schema incidents`?');
      // The __complete command is hidden: not one of the schema's either.
      expect((await mon('schema __complete')).code).toBe(2);
    });

    it('in agent mode the error is JSON on stderr, exit 2', async () => {
      const result = await mon('schema nope', { env: { MON_MODE: 'agent' } });
      expect(result.code).toBe(2);
      expect(jsonError(result)).toMatchObject({ kind: 'usage', message: 'mon schema: no command "nope".' });
    });
  });
});
