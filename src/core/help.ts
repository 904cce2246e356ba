import { Help, type Command } from 'commander';
import { UsageError } from '../errors';
import { closest } from '../text/similar';
import { fitText, wrapLine } from '../text/wrap';
import { walk } from './flags/walk';

/*
 * Help that fits: every line of every help within the terminal's width (80 when piped or
 * unknown). A command's own usage, options and subcommands come first; the global options
 * close it in a short block; examples are wrapped as shell lines.
 */

/** Descriptions start at most this far right; a longer option gets its description on the lines below. */
const TERM_COLUMN = 30;

/** Commander's help settings, for every command. */
export const HELP_SETTINGS: Partial<Help> = {
  sortOptions: false,
  showGlobalOptions: false,
  padWidth(this: Help, command: Command, helper: Help): number {
    return Math.min(TERM_COLUMN, Help.prototype.padWidth.call(this, command, helper));
  },
  formatItem(this: Help, term: string, termWidth: number, description: string, helper: Help): string {
    const indent = '  ';
    if (!description) return indent + term;
    const width = this.helpWidth ?? 80;
    const column = indent.length + termWidth + 2;
    const lines = fitText(description, Math.max(20, width - column)).split('\n');
    const under = lines.map((line) => ' '.repeat(column) + line);
    if (helper.displayWidth(term) > termWidth) return [indent + term, ...under].join('\n');
    return [indent + term.padEnd(termWidth) + '  ' + lines[0], ...under.slice(1)].join('\n');
  },
};

/** The text after the options: paragraphs fitted to the width, then the examples. */
export function helpAfter(about: string | undefined, examples: readonly string[], width: number): string {
  return `${about ? `\n${fitText(about.trimEnd(), width)}\n` : ''}${examplesText(examples, width)}`;
}

/** "Examples:", each a shell line: a long one continues with " \" on the lines below. */
export function examplesText(lines: readonly string[], width: number): string {
  if (!lines.length) return '';
  const shown = lines.flatMap((line) => {
    if (line.startsWith('#')) return wrapLine(`  ${line}`, width, 4);
    const parts = shellLines(line, width - 2);
    return parts.map((part, index) => (index < parts.length - 1 ? `${part} \\` : part));
  });
  return `\nExamples:\n${shown.join('\n')}\n`;
}

/** "  $ a b c" broken between shell words (never inside quotes), continuing on indented lines. */
function shellLines(line: string, width: number): string[] {
  const words = line.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? [];
  const lines: string[] = [];
  let current = '  $';
  for (const word of words) {
    if (current.length + 1 + word.length > width && current.trim() !== '$') {
      lines.push(current);
      current = `      ${word}`;
    } else current += ` ${word}`;
  }
  lines.push(current);
  return lines;
}

/** The short closing block of a subcommand's help. */
export function globalOptionsText(program: Command, width: number): string {
  const names = program.options.filter((option) => !option.hidden).map((option) => option.long ?? option.short);
  return `${wrapLine(`Global options: ${names.join(', ')} (see \`mon --help\`)`, width, 2).join('\n')}\n`;
}

const nouns = new WeakSet<Command>();

/** A command that only groups others: alone, it shows its help. */
export function markNoun(command: Command): Command {
  nouns.add(command);
  return command;
}

/**
 * Help is data: `mon` and `mon NOUN` print their help on stdout (exit 0), and `mon help A B`
 * is the help of `mon A B` (an unknown one is exit 2 with a suggestion). The command whose
 * help was asked for, or undefined when the command line asks for something else.
 */
export function helpAskedFor(program: Command, argv: readonly string[]): Command | undefined {
  const { chain, operands } = walk(program, argv);
  const last = chain.at(-1)!;
  if (chain.length === 1 && operands[0] === 'help') {
    let command = program;
    const words = operands.slice(1);
    // `mon help help`: the help command's own.
    const helpCommand = (program as unknown as { _getHelpCommand(): Command | null })._getHelpCommand();
    if (words[0] === 'help' && words.length === 1 && helpCommand) return helpCommand;
    for (const word of words) {
      const sub = command.commands.find((candidate) => candidate.name() === word || candidate.aliases().includes(word));
      if (!sub) throw unknownCommand(word, command);
      command = sub;
    }
    return command;
  }
  // `mon --version`, with other flags or not, is the version, not the help of `mon`.
  if (chain.length === 1 && argv.includes('--version')) return undefined;
  if (operands.length === 0 && (chain.length === 1 || nouns.has(last))) return last;
  return undefined;
}

function unknownCommand(word: string, parent: Command): UsageError {
  const names = parent.commands.map((command) => command.name());
  const near = closest(word, names);
  const path = parent.parent ? `mon ${parent.name()}` : 'mon';
  return new UsageError(
    `unknown command '${word}'${parent.parent ? ` for '${path}'` : ''}.`,
    `${near.length ? `Did you mean ${near.map((name) => `\`${path} ${name}\``).join(' or ')}? ` : ''}Run \`${path} --help\` for the commands.`,
  );
}
