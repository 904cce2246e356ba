import { Readable } from 'node:stream';
import { Chalk, type ChalkInstance } from 'chalk';
import { BrokenPipeError } from './errors';

/**
 * The streams a command talks to, and what they are connected to. Commands never touch
 * process.stdout directly, so tests can run them with `testIO()` and read what a user saw.
 */
export interface IO {
  /** Data: tables, TSV rows, JSON. */
  out(text: string): void;
  /** Everything else: progress, warnings, confirmations, errors, prompts. */
  err(text: string): void;
  readonly stdin: NodeJS.ReadableStream;
  readonly stdinIsTTY: boolean;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  /** Width of the terminal stdout is on (80 when unknown). */
  columns(): number;
  /** Styles for stdout and stderr; both are no-ops when colour is off for that stream. */
  style: ChalkInstance;
  errStyle: ChalkInstance;
  /** Decide colour once the global flags are known. */
  setColor(options: { noColorFlag: boolean; env: NodeJS.ProcessEnv }): void;
  /** Set by --no-input, MON_NO_INPUT or CI. */
  promptsDisabled: boolean;
  /** stdin and stdout are terminals and prompts are not disabled (gh's CanPrompt). */
  canPrompt(): boolean;
  /** Read stdin to the end (for --with-key, --file -). */
  readStdin(): Promise<string>;
}

/**
 * Colour rules (CLI.md): --no-color turns it off; FORCE_COLOR=0 turns it off and any other
 * FORCE_COLOR value turns it on even when piped (Node's own precedence: FORCE_COLOR beats
 * NO_COLOR); a non-empty NO_COLOR turns it off; otherwise colour follows "is a terminal"
 * and TERM is not "dumb".
 */
export function decideColor(isTTY: boolean, noColorFlag: boolean, env: NodeJS.ProcessEnv): boolean {
  if (noColorFlag) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !(force === '0' || force.toLowerCase() === 'false');
  if (env.NO_COLOR) return false;
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

const NO_COLOR = new Chalk({ level: 0 });
const COLOR = new Chalk({ level: 1 });

abstract class BaseIO implements IO {
  style: ChalkInstance = NO_COLOR;
  errStyle: ChalkInstance = NO_COLOR;
  promptsDisabled = false;
  abstract readonly stdin: NodeJS.ReadableStream;
  abstract readonly stdinIsTTY: boolean;
  abstract readonly stdoutIsTTY: boolean;
  abstract readonly stderrIsTTY: boolean;
  abstract out(text: string): void;
  abstract err(text: string): void;
  abstract columns(): number;

  setColor({ noColorFlag, env }: { noColorFlag: boolean; env: NodeJS.ProcessEnv }): void {
    this.style = decideColor(this.stdoutIsTTY, noColorFlag, env) ? COLOR : NO_COLOR;
    this.errStyle = decideColor(this.stderrIsTTY, noColorFlag, env) ? COLOR : NO_COLOR;
  }

  canPrompt(): boolean {
    return this.stdinIsTTY && this.stdoutIsTTY && !this.promptsDisabled;
  }

  async readStdin(): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return Buffer.concat(chunks).toString('utf8');
  }
}

class ProcessIO extends BaseIO {
  // process.stdin builds a stream on first access: only do that when input is read.
  get stdin(): NodeJS.ReadableStream {
    return process.stdin;
  }
  private stdinTTY: boolean | undefined;
  // node:tty costs ~3 ms to load; a piped run (the common case in scripts) never needs it.
  get stdinIsTTY(): boolean {
    this.stdinTTY ??= process.getBuiltinModule('node:tty').isatty(0);
    return this.stdinTTY;
  }
  readonly stdoutIsTTY = Boolean(process.stdout.isTTY);
  readonly stderrIsTTY = Boolean(process.stderr.isTTY);
  private stdoutClosed = false;

  constructor() {
    super();
    // A reader that goes away (`| head -1`) shows up as EPIPE; stop writing instead of crashing.
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') this.stdoutClosed = true;
      else throw error;
    });
    process.stderr.on('error', () => {});
  }

  out(text: string): void {
    if (this.stdoutClosed) throw new BrokenPipeError();
    process.stdout.write(text);
  }

  err(text: string): void {
    process.stderr.write(text);
  }

  columns(): number {
    return process.stdout.columns || 80;
  }
}

export function processIO(): IO {
  return new ProcessIO();
}

export interface TestIO extends IO {
  stdout: string;
  stderr: string;
}

/** In-memory IO for tests: pretend-terminals and captured output. */
export function testIO(options: { tty?: boolean; stdinTTY?: boolean; stdin?: string; columns?: number } = {}): TestIO {
  const tty = options.tty ?? false;
  class Captured extends BaseIO implements TestIO {
    stdout = '';
    stderr = '';
    readonly stdin = Readable.from([Buffer.from(options.stdin ?? '')]);
    readonly stdinIsTTY = options.stdinTTY ?? tty;
    readonly stdoutIsTTY = tty;
    readonly stderrIsTTY = tty;
    out(text: string): void {
      this.stdout += text;
    }
    err(text: string): void {
      this.stderr += text;
    }
    columns(): number {
      return options.columns ?? 100;
    }
  }
  return new Captured();
}
