/**
 * The command lines the docs show, as a list of examples ({source, line, command, expect}),
 * and a runner that runs them in order through a shell, as a reader would type them, and
 * says which did not exit as stated. The README is read by test/e2e/readme-commands.test.ts;
 * the same list can be made from `--help` examples, docs/*.md or a generated skill file.
 *
 * What a command line is, in Markdown (markdownExamples):
 * - Only fenced blocks tagged `sh` or `console` hold commands; an untagged block is a sample
 *   of a screen, a crontab or a config, never run.
 * - In a block where a line starts with `$ `, those lines are the commands (without the `$ `)
 *   and the other lines are their output.
 * - In any other `sh` block, every line that is not blank and not a comment is a command; a
 *   line ending in ` \` goes on with the next (one command, shown at its first line).
 * - The exit code a command is expected to end with is 0, unless its trailing comment says
 *   `exit N`, or (a `$ ` command) its output is an error as JSON with `"exitCode":N`.
 * - The commands of one block run in one shell, one after the other (a variable one sets,
 *   such as `id=$(mon ...)`, is seen by the next); each block has a shell of its own.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Example {
  /** Where it is written: a file of the repository, or `mon X --help`. */
  source: string;
  /** Its first line in the source (1-based). */
  line: number;
  /** The fenced block it is in (its commands share a shell), numbered in the source. */
  block: number;
  /** As written, continuation lines included (a trailing comment too: the shell drops it). */
  command: string;
  /** The exit code it states, or 0. */
  expect: number;
}

const FENCE = /^(\s*)```(\S*)\s*$/;
const RUNNABLE = new Set(['sh', 'console']);

/** The command lines of a Markdown text (the rules above). */
export function markdownExamples(source: string, text: string): Example[] {
  const lines = text.split('\n');
  const examples: Example[] = [];
  let block = 0;
  for (let at = 0; at < lines.length; at++) {
    const open = FENCE.exec(lines[at]!);
    if (!open) continue;
    const body: { line: number; text: string }[] = [];
    let end = at + 1;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end]!)) body.push({ line: end + 1, text: lines[end++]! });
    block++;
    if (RUNNABLE.has(open[2]!)) examples.push(...blockExamples(source, block, body));
    at = end;
  }
  return examples;
}

function blockExamples(source: string, block: number, body: { line: number; text: string }[]): Example[] {
  const prompted = body.some((entry) => entry.text.startsWith('$ '));
  const examples: Example[] = [];
  for (let at = 0; at < body.length; at++) {
    const { line, text } = body[at]!;
    if (prompted) {
      if (!text.startsWith('$ ')) continue;
      const output: string[] = [];
      for (let next = at + 1; next < body.length && !body[next]!.text.startsWith('$ '); next++)
        output.push(body[next]!.text);
      const stated = /"exitCode":(\d+)/.exec(output.join('\n'))?.[1];
      const command = text.slice(2);
      examples.push({ source, line, block, command, expect: stated ? Number(stated) : statedExit(command) });
      continue;
    }
    if (text.trim() === '' || text.trimStart().startsWith('#')) continue;
    let command = text;
    while (/ \\$/.test(command) && at + 1 < body.length) command += `\n${body[++at]!.text}`;
    // A here-document (`cat > f <<'JSON'`) goes on to the line that ends it.
    const heredoc = /<<-?\s*(['"]?)(\w+)\1/.exec(command)?.[2];
    if (heredoc) while (at + 1 < body.length && body[at]!.text.trim() !== heredoc) command += `\n${body[++at]!.text}`;
    examples.push({ source, line, block, command, expect: statedExit(command) });
  }
  return examples;
}

/**
 * The examples of a help text (`mon X --help`): the lines under "Examples:" that start with
 * `$ `, with the lines a long one goes on to (after a trailing ` \`) joined into the one line
 * the table writes; `# ...` lines are notes.
 * One help's examples are one block: they run in one shell, in order.
 */
export function helpExamples(source: string, help: string, block: number): Example[] {
  const lines = help.split('\n');
  const start = lines.indexOf('Examples:');
  if (start < 0) return [];
  const examples: Example[] = [];
  for (let at = start + 1; at < lines.length && lines[at]!.trim() !== ''; at++) {
    const text = lines[at]!;
    if (!text.startsWith('  $ ')) continue;
    let command = text.slice(4);
    const line = at + 1;
    // Help breaks a long one with " \\" to fit its width: as the table writes it, it is one line.
    while (/ \\$/.test(command) && at + 1 < lines.length) command = `${command.slice(0, -2)} ${lines[++at]!.trim()}`;
    examples.push({ source, line, block, command, expect: statedExit(command) });
  }
  return examples;
}

/** `... # ... exit 2 ...`: the exit code its comment states, else 0. */
function statedExit(command: string): number {
  const comment = / #\s(.*)$/m.exec(command)?.[1] ?? '';
  const stated = /\bexit (\d+)\b/.exec(comment)?.[1];
  return stated ? Number(stated) : 0;
}

/** A command not run, and why (matched by its whole text as written). */
export interface Skipped {
  command: string;
  why: string;
}

/** A word of the docs that stands for a value of the reader's (an ID, a URL), and what replaces it when run. */
export interface Placeholder {
  /** What is written (a RegExp for a word that may be part of another, e.g. `ACCOUNT_ID` but not `MON_ACCOUNT_ID`). */
  written: string | RegExp;
  /** What the shell runs instead (may be `$VAR` or `$(mon ...)`, evaluated where the command runs). */
  run: string;
  why: string;
}

export interface Ran extends Example {
  /** What the shell ran (the placeholders replaced). */
  ran: string;
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** The environment of every shell (PATH holding a `mon`). */
  env: NodeJS.ProcessEnv;
  /** Where they run (the files the docs assume are there). */
  cwd: string;
  skipped?: readonly Skipped[];
  placeholders?: readonly Placeholder[];
  /** The most a block may take before its shell is killed. */
  blockTimeoutMs?: number;
}

/** What the shell runs for `command`. */
export function withPlaceholders(command: string, placeholders: readonly Placeholder[]): string {
  return placeholders.reduce(
    (text, { written, run }) =>
      typeof written === 'string'
        ? text.split(written).join(run)
        : text.replace(new RegExp(written.source, `${written.flags.replace('g', '')}g`), () => run),
    command,
  );
}

/**
 * Runs the examples in order, the commands of a block in one bash (`pipefail`: every part of
 * a pipeline must succeed), each with stdin from /dev/null, its output and exit code kept.
 * What a block leaves running in the background is stopped when the block ends.
 */
export async function runExamples(examples: readonly Example[], options: RunOptions): Promise<Ran[]> {
  const skipped = new Set((options.skipped ?? []).map((skip) => skip.command));
  const placeholders = options.placeholders ?? [];
  const ran: Ran[] = [];
  const blocks = new Map<string, Example[]>();
  for (const example of examples) {
    if (skipped.has(example.command)) continue;
    const key = `${example.source}#${example.block}`;
    blocks.set(key, [...(blocks.get(key) ?? []), example]);
  }
  let count = 0;
  for (const block of blocks.values()) {
    const dir = join(options.cwd, '.examples', String(count++));
    mkdirSync(dir, { recursive: true });
    const commands = block.map((example) => withPlaceholders(example.command, placeholders));
    const script = [
      'set -o pipefail',
      ...commands.map(
        (command, index) =>
          `{ ${command}\n} <"/dev/null" >"${dir}/${index}.out" 2>"${dir}/${index}.err"\necho "${index} $?" >>"${dir}/codes"`,
      ),
      'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null; exit 0',
    ].join('\n');
    writeFileSync(join(dir, 'script.sh'), `${script}\n`);
    await runScript(join(dir, 'script.sh'), options);
    const codes = new Map(readLines(join(dir, 'codes')).map((line) => line.split(' ').map(Number) as [number, number]));
    block.forEach((example, index) =>
      ran.push({
        ...example,
        ran: commands[index]!,
        code: codes.get(index) ?? null,
        stdout: readText(join(dir, `${index}.out`)),
        stderr: readText(join(dir, `${index}.err`)),
      }),
    );
  }
  return ran;
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

const readLines = (file: string) => readText(file).split('\n').filter(Boolean);

/** One block's bash, in a process group of its own (killed whole when it takes too long). */
function runScript(script: string, options: RunOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [script], { cwd: options.cwd, env: options.env, stdio: 'ignore', detached: true });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }, options.blockTimeoutMs ?? 120_000);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
