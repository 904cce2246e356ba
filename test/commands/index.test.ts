import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../src/core/context';
import { testIO } from '../../src/io';
import { buildProgram } from '../../src/program';

/** The files of src/commands/ that are not where the layout says: <noun>/spec.ts, index.ts, <verb>.ts, shared/, <nested noun>/. */
function misplaced(dir: string, command: Command, top: boolean): string[] {
  const verbs = new Set(command.commands.map((sub) => sub.name()));
  const entries = readdirSync(dir, { withFileTypes: true });
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'shared') return [];
      const nested = command.commands.find((sub) => sub.name() === entry.name && sub.commands.length);
      return nested ? misplaced(path, nested, false) : [`${path}/ (neither shared/ nor a noun of ${command.name()})`];
    }
    const name = entry.name.replace(/\.ts$/, '');
    // A top-level command that runs itself (`mon api`, `mon sandbox`) has a file named after it.
    const runsItself = Boolean((command as unknown as { _actionHandler?: unknown })._actionHandler);
    if ((top && ['spec', 'index'].includes(name)) || verbs.has(name) || (runsItself && name === command.name()))
      return [];
    return [`${path} (not a verb of ${command.name()})`];
  });
}

describe('src/commands/: where the code of a command is', () => {
  it('holds, for each noun, spec.ts, index.ts, one file per verb named after it, shared/, and its nested nouns', async () => {
    const program = await buildProgram(createContext({ io: testIO(), env: {} }));
    const problems = readdirSync('src/commands', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => {
        const noun = program.commands.find((command) => command.name() === entry.name);
        // completion/ holds two top-level commands: `mon completion` and the hidden `mon __complete`.
        const own = entry.name === 'completion' ? program : noun;
        return own
          ? misplaced(join('src/commands', entry.name), own, true)
          : [`src/commands/${entry.name}/ (no such command)`];
      });
    expect(problems).toEqual([]);
  });
});
