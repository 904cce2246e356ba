import { Help, type Command } from 'commander';
import { UsageError } from '../errors';
import { closest } from '../text/similar';
import { fitText, wrapLine } from '../text/wrap';
import { named, runs, type Reading } from './flags/read';

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

/**
 * "  $ a b c" broken between shell words (never inside quotes), continuing on indented lines.
 * A trailing "# comment" is never broken: a comment's words on a line of their own would be
 * run as a command. It goes whole on the last line, or on a continuation line of its own.
 */
function shellLines(line: string, width: number): string[] {
  const words: string[] = line.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? [];
  const at = words.findIndex((word) => word.startsWith('#'));
  const comment = at < 0 ? undefined : words.splice(at).join(' ');
  if (comment !== undefined) words.push(comment);
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

/**
 * Help is data: `mon` and `mon NOUN` print their help on stdout (exit 0), as do -h and --help
 * anywhere (the help of the command the line names), and `mon help A B` is the help of `mon A B`
 * (an unknown one is exit 2 with a suggestion). The command whose help the command line
 * (read.ts) asks for, or undefined when it asks for something else. `help`: the command of
 * `mon help`, whose own help `mon help help` is.
 */
export function helpAskedFor(program: Command, reading: Reading, help: Command): Command | undefined {
  // `mon --version`, with other flags or not, is the version, not a help.
  if (reading.version) return undefined;
  const find = (parent: Command, word: string) => parent.commands.find((command) => command.name() === word);
  if (reading.helpTopic) {
    const words = reading.helpTopic;
    if (words[0] === help.name() && words.length === 1) return help;
    let command = program;
    for (const word of words) {
      const sub = find(command, word);
      if (!sub) throw unknownCommand(word, command);
      command = sub;
    }
    return command;
  }
  const node = named(reading);
  if (!reading.help && (runs(node) || reading.operands.length > 0 || reading.afterEnd)) return undefined;
  let command = program;
  for (const word of reading.path) command = find(command, word) ?? command;
  return command;
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
