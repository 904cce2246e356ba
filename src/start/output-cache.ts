import { existsSync, fstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isTerminal } from '../descriptor';
import { envFlag } from '../env';
import { BUILD_KEY, buildKey } from './build';
import { readRegular, removeFile, removeSealed, unseal, writeSealed } from './sealed';

/*
 * Output that depends only on the command line and the terminal's width (help, completion
 * scripts: the bundle says which, src/cli.ts) is kept in the cache directory after it was first
 * printed, and printed from there without loading the bundle: `mon incidents --help` then
 * costs what `mon --version` does. Its file is named after the bundle's build (a new build
 * never prints an old one's help), the width and the command line itself. Only a command line
 * of words and -h/--help qualifies: a flag could change what is printed. It is looked for by
 * those words alone, before the line is read (outputName), by start.ts, which prints it
 * without loading even the launch. Each file carries its checksum (sealed.ts): a damaged one
 * is removed and printed afresh.
 */

/** The most outputs kept of one build. */
export const OUTPUTS_KEPT = 500;

/** A kept output's file: `out-<build>-<width>-<command line>.txt` (the line URI-encoded, its words joined by NUL). */
const OUTPUT_NAME = new RegExp(`^out-(${BUILD_KEY})-(?:80|tty\\d+)-[A-Za-z0-9_.!~*'()%-]+\\.txt$`);

/** Is `file` the name of an output mon keeps? */
export function isOutputName(file: string): boolean {
  return OUTPUT_NAME.test(file);
}

/** An output that may be kept: its build and its file's name. */
export interface Reusable {
  build: string;
  name: string;
}

/** What the bundle wraps its text to (io.ts): the terminal's columns, 80 when stdout is not a terminal (asked as io.ts asks). */
function width(): string {
  const tty = isTerminal(1, { fstatSync }) ?? Boolean(process.stdout.isTTY);
  return tty ? `tty${process.stdout.columns || 80}` : '80';
}

/**
 * The name the output of `argv` (of the bundle `bundle` of `dist`) is kept under, when such a
 * line may have one: at most four arguments, each a word or -h/--help, and not a debug run
 * (--debug is a flag; MON_DEBUG, read as read.ts reads it); and a help (-h, --help, `help X`),
 * a completion script or a line of one word at most. Told from the words alone, as the reading
 * (read.ts) would tell them on such a line: a line that runs a command (`incidents list`) is
 * not looked for. undefined otherwise.
 */
export function outputName(
  argv: readonly string[],
  dist: string,
  bundle: string,
  env: NodeJS.ProcessEnv,
): Reusable | undefined {
  if (argv.length > 4 || envFlag(env.MON_DEBUG)) return undefined;
  if (!argv.every((arg) => !arg.startsWith('-') || arg === '-h' || arg === '--help')) return undefined;
  const help = argv.some((arg) => arg.startsWith('-')) || argv[0] === 'help';
  if (!(help || argv[0] === 'completion' || argv.length <= 1)) return undefined;
  try {
    const build = buildKey(dist, bundle);
    const line = encodeURIComponent(argv.join('\u0000'));
    if (build === undefined || line.length > 200) return undefined;
    return { build, name: `out-${build}-${width()}-${line}.txt` };
  } catch {
    // No bundle (bin/mon.js says so), or no stdout.
    return undefined;
  }
}

/** What was kept as `name` in `dir`, or undefined; a damaged file is removed (the bundle prints it, and it is kept again). */
export function keptOutput(dir: string, name: string): Buffer | undefined {
  const file = join(dir, name);
  // Most one-word command lines (`mon status`) are not kept: asking first costs less than the error.
  if (!existsSync(file)) return undefined;
  const data = readRegular(file);
  if (data === undefined) return undefined;
  const text = unseal('output', data);
  if (text === undefined) removeFile(file);
  return text;
}

/**
 * Keeps what the command printed as `reusable.name` in `dir`, and removes the outputs of other
 * builds (of no use any more): only files mon wrote (named so, starting with its marker),
 * never another file of the directory. Throws when it cannot write.
 */
export function keepOutput(dir: string, reusable: Reusable, text: string): void {
  let count = 0;
  for (const file of readdirSync(dir)) {
    const build = OUTPUT_NAME.exec(file)?.[1];
    if (build === undefined) continue;
    if (build === reusable.build) count++;
    else removeSealed('output', dir, file);
  }
  if (count < OUTPUTS_KEPT) writeSealed('output', dir, reusable.name, Buffer.from(text));
}
