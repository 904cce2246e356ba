import { open } from 'node:fs/promises';
import { UsageError } from '../errors';
import { fileWords } from '../text/codes';
import { InputTooLarge, type IO } from '../io';
import { EXACT_RULE, inexactNumbers } from '../text/json';
import { formatPath } from '../text/path';
import { formatBytes } from '../text/bytes';

/**
 * How much mon reads of one input, by what the input is: past its bound a read stops at
 * once (stdin is closed, a file is read no further) and the command ends with exit 2 naming
 * the flag and the bound, so endless input (`yes | ...`, /dev/zero) costs neither time nor
 * memory. The README's Security section states these figures.
 */
export const INPUT_BOUNDS = {
  /** An API key or a ping token (--with-key, --token-file): a line of a few dozen characters. */
  secret: {
    bytes: 4 * 1024,
    what: 'a key or a ping token',
    hint: 'It must hold the key or token alone: check that it is the right file.',
  },
  /** A message (--message-file): the API states no limit for an update's text, which is a few paragraphs. */
  message: {
    bytes: 64 * 1024,
    what: 'a message',
    hint: 'An incident update is read by people on a status page: check that it is the message you meant.',
  },
  /** A request body or a file in one (--input, --file, -F key=@FILE, --dependency). */
  body: {
    bytes: 4 * 1024 * 1024,
    what: 'a request body or a file in one',
    hint: 'Check that it is the file you meant.',
  },
} as const;
export type InputKind = keyof typeof INPUT_BOUNDS;

function tooLarge(typed: string, kind: InputKind): UsageError {
  const { bytes, what, hint } = INPUT_BOUNDS[kind];
  return new UsageError(
    `${typed} is larger than ${formatBytes(bytes)}, the most mon reads of ${what}; nothing was sent.`,
    hint,
  );
}

/** stdin as text, at most the kind's bound; past it exit 2 naming `typed` (how the flag was given). */
export async function readStdinText(io: Pick<IO, 'readStdin'>, typed: string, kind: InputKind): Promise<string> {
  try {
    return await io.readStdin(INPUT_BOUNDS[kind].bytes);
  } catch (error) {
    if (error instanceof InputTooLarge) throw tooLarge(typed, kind);
    throw error;
  }
}

/** A file's text, reading at most `maxBytes` + 1 bytes of it (a device such as /dev/zero never ends). */
async function readFileText(path: string, maxBytes: number): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(64 * 1024, maxBytes + 1 - size));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      size += bytesRead;
      if (size > maxBytes) throw new InputTooLarge(maxBytes);
    }
    return Buffer.concat(chunks, size).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** A file's text, bounded by its kind (`--dependency`, whose problems are listed together). */
export async function readBoundedFile(path: string, kind: InputKind): Promise<string> {
  return readFileText(path, INPUT_BOUNDS[kind].bytes);
}

export interface InputFlag {
  /** The flag, as messages name it: "--file", "--message-file". */
  flag: string;
  /** What it reads, which sets its bound. */
  kind: InputKind;
  /** How the flag is typed with a source: "--file body.json"; `-F key=@FILE` has its own form. */
  typed?: (source: string) => string;
}

/**
 * Input that a flag names: a FILE, or "-" for stdin (`--file body.json`, `--file -`, and
 * `mon api --input`), at most its kind's bound. Every failure is a usage error naming the
 * flag (exit 2, nothing sent).
 */
export async function readInputText(
  io: Pick<IO, 'readStdin' | 'stdinIsTTY' | 'err'>,
  source: string,
  input: InputFlag,
): Promise<string> {
  const { flag, kind } = input;
  const typed = input.typed ?? ((from: string) => `${flag} ${from}`);
  if (source === '-') {
    if (io.stdinIsTTY) io.err(`Reading ${flag} from stdin; end it with Ctrl-D.\n`);
    const text = await readStdinText(io, typed('-'), kind);
    if (text.trim() === '')
      throw new UsageError(
        `${typed('-')} read nothing from stdin.`,
        `Pipe the input in (\`cat body.json | mon ... ${typed('-')}\`), or pass a file name.`,
      );
    return text;
  }
  try {
    return await readFileText(source, INPUT_BOUNDS[kind].bytes);
  } catch (error) {
    if (error instanceof InputTooLarge) throw tooLarge(typed(source), kind);
    throw new UsageError(
      `${typed(source)}: cannot read it (${fileWords(error)}).`,
      `Check the path, or pass ${typed('-')} to read from stdin.`,
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
  input: InputFlag,
): Promise<unknown> {
  const text = await readInputText(io, source, input);
  const where = source === '-' ? 'stdin' : source;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(
      `${input.flag} ${where} is not valid JSON: ${(error as Error).message}.`,
      'Fix the JSON (`jq . FILE` shows where it breaks).',
    );
  }
  const inexact = inexactNumbers(text, value);
  if (inexact.length) {
    const list = inexact.map((n) => `${formatPath(n.path)} = ${n.text}`).join(', ');
    throw new UsageError(
      `${input.flag} ${where} has ${inexact.length === 1 ? 'a number' : 'numbers'} that cannot be sent exactly: ${list}.`,
      `Write them within what mon can send exactly: ${EXACT_RULE}; the API would get another number.`,
    );
  }
  return value;
}

/** A JSON object (a request body) from FILE or stdin. */
export async function readJsonObjectInput(
  io: Pick<IO, 'readStdin' | 'stdinIsTTY' | 'err'>,
  source: string,
  input: InputFlag,
): Promise<Record<string, unknown>> {
  const value = await readJsonInput(io, source, input);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    const kind = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    throw new UsageError(
      `${input.flag} ${source === '-' ? 'stdin' : source} must hold a JSON object (the request body), not ${kind}.`,
      'Write the body as { "field": value, ... }.',
    );
  }
  return value as Record<string, unknown>;
}
