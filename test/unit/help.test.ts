import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../src/core/context';
import { testIO } from '../../src/io';
import { main } from '../../src/main';
import { buildProgram } from '../../src/program';

function paths(command: Command, prefix: string[] = []): string[][] {
  return command.commands.flatMap((sub) => {
    const path = [...prefix, sub.name()];
    return [path, ...paths(sub, path)];
  });
}

const all = paths(buildProgram(createContext({ io: testIO(), env: {} })));

async function help(argv: string[]) {
  const io = testIO();
  const code = await main([...argv, '--help'], createContext({ io, env: {} }));
  return { code, out: io.stdout };
}

describe('help', () => {
  it('covers every command', () => {
    expect(all.length).toBeGreaterThan(25);
  });

  it.each(all.map((path) => [path.join(' ')]))(
    'mon %s --help has a usage line and at least one example',
    async (joined) => {
      const { code, out } = await help(joined.split(' '));
      expect(code).toBe(0);
      expect(out).toMatch(/^Usage: mon /);
      const examples = out.split('\nExamples:\n')[1] ?? '';
      expect(examples).toMatch(/^ {2}\$ .*\bmon /m);
    },
  );

  it('groups the top-level commands', async () => {
    const { out } = await help([]);
    for (const group of [
      'Status pages and incidents:',
      'Checks and runtimes:',
      'Setup:',
      'Tools:',
      'Global options:',
      'Examples:',
    ]) {
      expect(out).toContain(`\n${group}\n`);
    }
  });
});
