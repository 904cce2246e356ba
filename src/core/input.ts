import { readFile } from 'node:fs/promises';
import { UsageError } from '../errors';
import type { IO } from '../io';
import { EXACT_RULE, inexactNumbers } from '../text/json';
import { formatPath } from '../text/path';

/**
 * Input that a flag names: a FILE, or "-" for stdin (`--file body.json`, `--file -`, and
 * `mon api --input`). Every failure is a usage error naming the flag (exit 2, nothing sent).
 */
export async function readInputText(
  io: Pick<IO, 'readStdin' | 'stdinIsTTY' | 'err'>,
  source: string,
  flag: string,
): Promise<string> {
  if (source === '-') {
    if (io.stdinIsTTY) io.err(`Reading ${flag} from stdin; end it with Ctrl-D.\n`);
    const text = await io.readStdin();
    if (text.trim() === '')
      throw new UsageError(
        `${flag} - read nothing from stdin.`,
        `Pipe the input in (\`cat body.json | mon ... ${flag} -\`), or pass a file name.`,
      );
    return text;
  }
  try {
    return await readFile(source, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'there is no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (error as Error).message;
    throw new UsageError(
      `${flag} ${source}: cannot read it (${why}).`,
      `Check the path, or pass ${flag} - to read from stdin.`,
    );
  }
}

/**
 * A JSON document from FILE or stdin, to be sent: a number that would not go out as written
 * (an integer beyond 2^53, 17 or more significant digits) is refused, naming where it is.
 */
export async function readJsonInput(
  io: Pick<IO, 'readStdin' | 'stdinIsTTY' | 'err'>,
  source: string,
  flag: string,
): Promise<unknown> {
  const text = await readInputText(io, source, flag);
  const where = source === '-' ? 'stdin' : source;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(
      `${flag} ${where} is not valid JSON: ${(error as Error).message}.`,
      'Fix the JSON (`jq . FILE` shows where it breaks).',
    );
  }
  const inexact = inexactNumbers(text, value);
  if (inexact.length) {
    const list = inexact.map((n) => `${formatPath(n.path)} = ${n.text}`).join(', ');
    throw new UsageError(
      `${flag} ${where} has ${inexact.length === 1 ? 'a number' : 'numbers'} that cannot be sent exactly: ${list}.`,
      `Write them within what mon can send exactly: ${EXACT_RULE}; the API would get another number.`,
    );
  }
  return value;
}

/** A JSON object (a request body) from FILE or stdin. */
export async function readJsonObjectInput(
  io: Pick<IO, 'readStdin' | 'stdinIsTTY' | 'err'>,
  source: string,
  flag: string,
): Promise<Record<string, unknown>> {
  const value = await readJsonInput(io, source, flag);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    const kind = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    throw new UsageError(
      `${flag} ${source === '-' ? 'stdin' : source} must hold a JSON object (the request body), not ${kind}.`,
      'Write the body as { "field": value, ... }.',
    );
  }
  return value as Record<string, unknown>;
}
