import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../src/core/context';
import { GLOBAL_FLAGS } from '../../src/core/flags/globals';
import { flagName } from '../../src/core/flags/spec';
import { testIO } from '../../src/io';
import { buildProgram } from '../../src/program';

const doc = readFileSync('docs/CLI.md', 'utf8');

/** "mon incidents updates create": every command that runs something, hidden ones and `help` left out. */
function commandPaths(command: Command, path: string[] = []): string[] {
  const own = (command as unknown as { _hidden?: boolean })._hidden || command.name() === 'help' ? [] : [command];
  return own.flatMap((sub) => {
    const here = path.length ? [...path, sub.name()] : ['mon'];
    const children = sub.commands.flatMap((child) => commandPaths(child, here));
    const runs = sub.commands.length === 0 || (sub as unknown as { _actionHandler?: unknown })._actionHandler;
    return [...(runs && path.length ? [here.join(' ')] : []), ...children];
  });
}

describe('docs/CLI.md', () => {
  it('lists every command mon has', async () => {
    const paths = commandPaths(await buildProgram(createContext({ io: testIO(), env: {} })));
    expect(paths).toContain('mon incidents updates create');
    expect(paths).toContain('mon sandbox');
    expect(paths.filter((path) => !new RegExp(`^${path}\\b`, 'm').test(doc))).toEqual([]);
  });

  it('lists every global flag', () => {
    const flags = Object.entries(GLOBAL_FLAGS).map(([key, flag]) => flagName(key, flag));
    expect(flags.filter((flag) => !doc.includes(`\`${flag}`) && !doc.includes(`, ${flag}`))).toEqual([]);
  });
});
