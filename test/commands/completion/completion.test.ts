import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { completionScript } from '../../../src/commands/completion/shared/generate';
import { buildProgram } from '../../../src/program';
import { createContext } from '../../../src/core/context';
import { testIO } from '../../../src/io';
import { requireTool } from '../../tools';
import { refusesBadInput } from '../../helpers';

const files = { bash: 'mon.bash', zsh: '_mon', fish: 'mon.fish' } as const;
const path = (name: string) => fileURLToPath(new URL(`../../../completions/${name}`, import.meta.url));
const program = await buildProgram(createContext({ io: testIO(), env: {} }));
const generate = (shell: string) => completionScript(program, shell);

describe('shell completions', () => {
  it.each(Object.entries(files))(
    'the checked-in %s script matches the command tree (run `npm run completions` after changing commands)',
    (shell, file) => {
      expect(readFileSync(path(file), 'utf8')).toBe(generate(shell));
    },
  );

  it('bash: loads, registers `mon`, and completes commands, flags and enum values', () => {
    const script = `
      source '${path(files.bash)}'
      complete -p mon
      t() { COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); COMPREPLY=(); _mon; echo "\${COMPREPLY[*]}"; }
      t mon run
      t mon --profile staging runtimes ""
      t mon runtimes get 2025
      t mon status-pages list --ne
      t mon completion ""
      t mon checks create-dns --location eu-w
      t mon incidents create --severity ""
      t mon incidents list --status ""`;
    const lines = execFileSync('bash', ['-c', script], { encoding: 'utf8' }).trim().split('\n');
    expect(lines).toEqual([
      'complete -F _mon mon',
      'runtimes',
      'list get',
      '2025.04',
      '--next-id',
      'bash zsh fish',
      'eu-west-1 eu-west-2 eu-west-3',
      'critical major medium minor',
      'open resolved all',
    ]);
  });

  it('zsh: the script parses (zsh -n)', (context) => {
    requireTool(context, 'zsh');
    expect(spawnSync('zsh', ['-n', path(files.zsh)]).status).toBe(0);
  });

  it('fish: the script parses and completes subcommands and values', (context) => {
    requireTool(context, 'fish');
    expect(spawnSync('fish', ['-n', path(files.fish)]).status).toBe(0);
    const out = execFileSync(
      'fish',
      ['-c', `source '${path(files.fish)}'; complete -C 'mon runtimes '; complete -C 'mon runtimes get 2026'`],
      {
        encoding: 'utf8',
      },
    );
    expect(out).toContain('get\tShow one runtime');
    expect(out).toContain('2026.04');
  });
});

refusesBadInput([
  {
    what: 'an unknown shell',
    line: 'completion powershell',
    says: 'shell must be one of bash, zsh or fish (got "powershell")',
  },
]);
