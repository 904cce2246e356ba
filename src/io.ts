import { Readable } from 'node:stream';
import type { ChalkInstance } from 'chalk';
import type { ChildProcess } from 'node:child_process';
import { pagerCommand } from './env';
import { BrokenPipeError, CancelledError, CliError } from './errors';
import { maskSecret } from './text/mask';
import { TerminalWrapper } from './text/wrap';
import { errorWords } from './text/codes';
import { cannotWrite, isSystemError, isTerminal, Output } from './descriptor';
import type { Cancellation } from './signals';

export { Output };

/**
 * The streams a command talks to, and what they are connected to. Commands never touch
 * process.stdout directly, so tests can run them with `testIO()` and read what a user saw.
 */
export interface IO {
  /**
   * Data: details, timelines, TSV rows. On a terminal every line is fitted to its width,
   * broken at spaces with a hanging indent (text/wrap.ts), so that a line written for a
   * person never wraps in the middle of a word; piped, the text is written as it is.
   */
  out(text: string): void;
  /** Everything else: progress, warnings, confirmations, errors. Fitted to the terminal like `out`. */
  err(text: string): void;
  /** Exactly as given, even on a terminal: JSON and scripts, whose lines are not for breaking, and tables (fitted already). */
  outRaw(text: string): void;
  /** --json printed on one line, not indented (`mon mcp`'s calls: read by a program, sent on one line). */
  compactJson?: boolean;
  errRaw(text: string): void;
  /** A line the person typed was echoed by the terminal: the cursor is at the start of a row. */
  lineTyped(): void;
  readonly stdin: NodeJS.ReadableStream;
  readonly stdinIsTTY: boolean;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  /** Width of the terminal stdout is on (80 when unknown). */
  columns(): number;
  /** Width of the terminal stderr is on (80 when unknown): what messages and the spinner fit into. */
  errColumns(): number;
  /** Height of the terminal stdout is on (24 when unknown). */
  rows(): number;
  /**
   * Long output on a terminal: from now on stdout goes to the pager (MON_PAGER, then PAGER,
   * then `less -FRX`), until `endPager()`, which waits for the person to quit it. false, and
   * nothing changes, when stdout is not a terminal, there is no pager to use (MON_PAGER set
   * empty or `cat`), or it could not be started.
   */
  startPager(): Promise<boolean>;
  endPager(): Promise<void>;
  /** A pager shows stdout now: Ctrl-C is the pager's, not mon's. */
  readonly paging: boolean;
  /**
   * A long loop's pause (results, rows or pages written one after the other): a signal that
   * came is handled now, and once Ctrl-C or SIGTERM came the loop ends (CancelledError). A
   * loop that only writes never lets a signal's handler run, not even a second Ctrl-C's.
   */
  breathe(): Promise<void>;
  /** Styles for stdout and stderr; both are no-ops when colour is off for that stream. */
  style: ChalkInstance;
  errStyle: ChalkInstance;
  /** Decide colour once the global flags are known (chalk is loaded then, when a stream gets colour). */
  setColor(options: { noColorFlag: boolean; env: NodeJS.ProcessEnv }): Promise<void>;
  /** Set by --no-input, MON_NO_INPUT or CI. */
  promptsDisabled: boolean;
  /** stdin and stdout are terminals and prompts are not disabled (gh's CanPrompt). */
  canPrompt(): boolean;
  /**
   * Read stdin to the end (for --with-key, --file -); Ctrl-C and SIGTERM end the wait. Past
   * `maxBytes` it stops reading (and closes stdin) and rejects with InputTooLarge.
   */
  readStdin(maxBytes: number): Promise<string>;
  /**
   * A secret (the API key, a ping token) that must never be printed: from now on every
   * write to stdout or stderr shows it masked (`sk_…cdef`), wherever it appears.
   */
  addSecret(secret: string): void;
}

/** Input longer than the reader allows (see core/input.ts for the bounds). */
export class InputTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
  }
}

/** Shorter values are not masked: replacing them everywhere would garble ordinary text. */
const MIN_SECRET_LENGTH = 8;

/**
 * Colour rules (docs/CLI.md): --no-color turns it off; FORCE_COLOR=0 turns it off and any other
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

/** Every style chalk has (ansi-styles' modifiers, colours and background colours); test/io.test.ts holds it to chalk's lists. */
const STYLE_NAMES = (
  'reset bold dim italic underline overline inverse hidden strikethrough ' +
  'black red green yellow blue magenta cyan white blackBright gray grey ' +
  'redBright greenBright yellowBright blueBright magentaBright cyanBright whiteBright ' +
  'bgBlack bgRed bgGreen bgYellow bgBlue bgMagenta bgCyan bgWhite bgBlackBright bgGray bgGrey ' +
  'bgRedBright bgGreenBright bgYellowBright bgBlueBright bgMagentaBright bgCyanBright bgWhiteBright'
).split(' ');

/**
 * chalk's `new Chalk({ level: 0 })` without loading chalk (its set-up, ansi-styles' tables and
 * a getter per style, is most of what a piped command would run of it). At level 0 chalk only
 * joins: the instance called joins its values with a space; any chain of styles called with one
 * value gives `'' + value`, with several joins them; a chain through `visible` gives ''. So two
 * functions are all the chains there are: `plain` and `empty`, each a style of the other or
 * itself. `level` is 0 and cannot be set (chalk's could, and would colour a shared instance).
 */
function levelZero(): ChalkInstance {
  const instance = (...values: unknown[]) => values.join(' ');
  // '' + value, as chalk does: String(value) differs for a symbol and an object's toPrimitive.
  const plain = (...values: unknown[]) => (values.length === 1 ? '' + values[0] : values.join(' '));
  const empty = () => '';
  const chains = (next: () => string, visible: () => string): object => {
    const links = Object.create(Function.prototype) as Record<string, unknown>;
    for (const name of STYLE_NAMES) links[name] = next;
    links.visible = visible;
    // rgb(), hex(), ansi256() and their bg forms pick a colour, which level 0 does not show.
    for (const model of ['rgb', 'hex', 'ansi256', 'bgRgb', 'bgHex', 'bgAnsi256']) links[model] = () => next;
    Object.defineProperty(links, 'level', { value: 0, enumerable: true });
    return Object.freeze(links);
  };
  const toPlain = chains(plain, empty);
  for (const [fn, links] of [
    [instance, toPlain],
    [plain, toPlain],
    [empty, chains(empty, empty)],
  ] as const) {
    Object.setPrototypeOf(fn, links);
    Object.freeze(fn);
  }
  return instance as unknown as ChalkInstance;
}

/** No colour: what a stream not on a terminal gets, and text written for a script or a document. */
export const NO_COLOR = levelZero();
/** Colour (16 colours, what mon uses): chalk, loaded the first time a stream gets colour. */
let color: Promise<ChalkInstance> | undefined;
const colorStyle = () => (color ??= import('chalk').then(({ Chalk }) => new Chalk({ level: 1 })));

abstract class BaseIO implements IO {
  style: ChalkInstance = NO_COLOR;
  errStyle: ChalkInstance = NO_COLOR;
  promptsDisabled = false;
  abstract readonly stdin: NodeJS.ReadableStream;
  abstract readonly stdinIsTTY: boolean;
  abstract readonly stdoutIsTTY: boolean;
  abstract readonly stderrIsTTY: boolean;
  protected abstract writeOut(text: string): void;
  protected abstract writeErr(text: string): void;
  abstract columns(): number;
  abstract errColumns(): number;
  private readonly outWrapper = new TerminalWrapper(() => this.columns());
  private readonly errWrapper = new TerminalWrapper(() => this.errColumns());
  private readonly secrets = new Map<string, string>();
  protected cancel: Cancellation | undefined;
  /** The environment the global flags were decided with (the pager is chosen from it). */
  protected env: NodeJS.ProcessEnv | undefined;
  paging = false;

  rows(): number {
    return 24;
  }

  async breathe(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.cancel?.aborted) throw new CancelledError();
  }

  async startPager(): Promise<boolean> {
    return false;
  }

  async endPager(): Promise<void> {}

  out(text: string): void {
    const masked = this.mask(text);
    this.writeOut(this.stdoutIsTTY ? this.outWrapper.write(masked) : masked);
  }

  err(text: string): void {
    const masked = this.mask(text);
    this.writeErr(this.stderrIsTTY ? this.errWrapper.write(masked) : masked);
  }

  lineTyped(): void {
    this.outWrapper.lineEnded();
    this.errWrapper.lineEnded();
  }

  outRaw(text: string): void {
    this.writeOut(this.mask(text));
  }

  errRaw(text: string): void {
    this.writeErr(this.mask(text));
  }

  addSecret(secret: string): void {
    if (secret.length < MIN_SECRET_LENGTH) return;
    const masked = maskSecret(secret);
    this.secrets.set(secret, masked);
    this.secrets.set(encodeURIComponent(secret), masked);
  }

  /** Every registered secret replaced by its masked form, longest first. */
  private mask(text: string): string {
    if (this.secrets.size === 0) return text;
    let out = text;
    for (const [secret, masked] of [...this.secrets].sort((a, b) => b[0].length - a[0].length)) {
      if (out.includes(secret)) out = out.replaceAll(secret, masked);
    }
    return out;
  }

  async setColor({ noColorFlag, env }: { noColorFlag: boolean; env: NodeJS.ProcessEnv }): Promise<void> {
    this.env = env;
    const out = decideColor(this.stdoutIsTTY, noColorFlag, env);
    const err = decideColor(this.stderrIsTTY, noColorFlag, env);
    const style = out || err ? await colorStyle() : NO_COLOR;
    this.style = out ? style : NO_COLOR;
    this.errStyle = err ? style : NO_COLOR;
  }

  canPrompt(): boolean {
    return this.stdinIsTTY && this.stdoutIsTTY && !this.promptsDisabled;
  }

  async readStdin(maxBytes: number): Promise<string> {
    const cancel = this.cancel;
    if (cancel?.aborted) throw new CancelledError();
    const stdin = this.stdin;
    const chunks: Buffer[] = [];
    let size = 0;
    const reading = (async () => {
      for await (const chunk of stdin) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
        size += bytes.length;
        if (size > maxBytes) {
          // Endless input (`yes | mon ...`) is not read to its end: nothing more is kept.
          (stdin as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
          throw new InputTooLarge(maxBytes);
        }
        chunks.push(bytes);
      }
      return Buffer.concat(chunks, size).toString('utf8');
    })();
    if (!cancel) return reading;
    let dispose: (() => void) | undefined;
    const aborted = new Promise<never>((_resolve, reject) => {
      dispose = cancel.onAbort(() => {
        // Stop reading, so that nothing keeps the process waiting for input that never comes.
        (stdin as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
        reject(new CancelledError());
      });
    });
    reading.catch(() => {});
    try {
      return await Promise.race([reading, aborted]);
    } finally {
      dispose!();
    }
  }
}

class ProcessIO extends BaseIO {
  // process.stdin builds a stream on first access: only do that when input is read.
  get stdin(): NodeJS.ReadableStream {
    return process.stdin;
  }
  private stdinTTY: boolean | undefined;
  // A piped run (the common case in scripts and the bench) never loads node:tty.
  get stdinIsTTY(): boolean {
    this.stdinTTY ??=
      isTerminal(0, process.getBuiltinModule('node:fs')) ?? process.getBuiltinModule('node:tty').isatty(0);
    return this.stdinTTY;
  }
  private stdoutClosed = false;
  /** stdout failed (a full disk, /dev/full): every later write says so. */
  private stdoutFailure: CliError | undefined;
  private readonly stdout = new Output(1, () =>
    // A reader that goes away (`| head -1`) shows up as EPIPE; stop writing instead of crashing.
    // Any other failure of the stream is told at the next write.
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') this.stdoutClosed = true;
      else if (isSystemError(error)) this.stdoutFailure ??= cannotWriteStdout(error);
      else throw error;
    }),
  );
  private readonly stderr = new Output(2, () => process.stderr.on('error', () => {}));
  get stdoutIsTTY(): boolean {
    return this.stdout.isTTY;
  }
  get stderrIsTTY(): boolean {
    return this.stderr.isTTY;
  }

  constructor(
    cancel?: Cancellation,
    private readonly tap?: OutputTap,
  ) {
    super();
    this.cancel = cancel;
  }

  protected writeOut(text: string): void {
    if (this.pager) {
      // The person quit the pager before the end: the rest is not wanted.
      if (!this.pagerGone) this.pager.stdin!.write(text);
      return;
    }
    if (this.stdoutClosed) throw new BrokenPipeError();
    if (this.stdoutFailure) throw this.stdoutFailure;
    this.tap?.out(text);
    try {
      this.stdout.write(text);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // The system refused the write (ENOSPC, EIO...): said in one line; anything else is a bug of mon's.
      if (code !== 'EPIPE') throw isSystemError(error) ? (this.stdoutFailure = cannotWriteStdout(error)) : error;
      this.stdoutClosed = true;
      throw new BrokenPipeError();
    }
  }

  private pager: ChildProcess | undefined;
  private pagerGone = false;
  private pagerClosed: Promise<void> | undefined;

  override async startPager(): Promise<boolean> {
    const words = this.stdoutIsTTY && !this.pager ? pagerCommand(this.env ?? process.env) : undefined;
    if (!words) return false;
    const { spawn } = process.getBuiltinModule('node:child_process');
    const env = this.env ?? process.env;
    // As git does: less keeps colours and quits on a short output even when named bare.
    const child = spawn(words[0]!, words.slice(1), {
      stdio: ['pipe', 'inherit', 'inherit'],
      env: env.LESS === undefined ? { ...env, LESS: 'FRX' } : env,
    });
    const started = await new Promise<Error | undefined>((resolve) => {
      child.once('spawn', () => resolve(undefined));
      child.once('error', resolve);
    });
    if (started) {
      // A missing less is no news; a pager the user named that does not start is.
      const named = env.MON_PAGER !== undefined || env.PAGER !== undefined;
      if (named)
        this.err(
          `mon: the pager "${words.join(' ')}" could not be started (${errorWords(started)}); printing without it. Set MON_PAGER to another pager, or to "" for none.\n`,
        );
      return false;
    }
    child.stdin!.on('error', () => {
      this.pagerGone = true;
    });
    this.pagerClosed = new Promise((resolve) => child.once('close', () => resolve()));
    this.pager = child;
    this.paging = true;
    return true;
  }

  override async endPager(): Promise<void> {
    if (!this.pager) return;
    this.pager.stdin!.end();
    await this.pagerClosed;
    this.pager = undefined;
    this.paging = false;
  }

  protected writeErr(text: string): void {
    this.tap?.err(text);
    try {
      this.stderr.write(text);
    } catch {
      // Nobody reads stderr any more: there is no one left to tell.
    }
  }

  // A file or a pipe has no size: 80 by 24, as before a stream was built for it.
  columns(): number {
    return (this.stdout.isTTY && this.stdout.stream.columns) || 80;
  }

  errColumns(): number {
    return (this.stderr.isTTY && this.stderr.stream.columns) || 80;
  }

  override rows(): number {
    return (this.stdout.isTTY && this.stdout.stream.rows) || 24;
  }
}

/** stdout that the system refuses: one line (descriptor.ts's), exit 1. */
function cannotWriteStdout(error: unknown): CliError {
  return new CliError('failure', cannotWrite('stdout', error));
}

/** Sees every text written to stdout and stderr, as written. */
export interface OutputTap {
  out(text: string): void;
  err(text: string): void;
}

/** `cancel`: Ctrl-C or SIGTERM, which ends a wait for stdin. */
export function processIO(options: { cancel?: Cancellation; tap?: OutputTap } = {}): IO {
  return new ProcessIO(options.cancel, options.tap);
}

/** IO whose output is kept in memory: a command run in-process by another (`mon mcp`), and tests. */
export interface CapturedIO extends IO {
  stdout: string;
  stderr: string;
}
export type TestIO = CapturedIO;

/**
 * In-memory IO: what the command printed is in `stdout` and `stderr`; nothing is a terminal
 * unless `tty` pretends so (tests), and stdin holds `stdin` (nothing by default).
 */
export function capturedIO(options: CapturedOptions = {}): CapturedIO {
  return new Captured(options);
}

interface CapturedOptions {
  tty?: boolean;
  stdinTTY?: boolean;
  stdin?: string;
  columns?: number;
  rows?: number;
}

// One class for every captured IO: a class made per call would give each its own shapes.
class Captured extends BaseIO implements CapturedIO {
  stdout = '';
  stderr = '';
  readonly stdinIsTTY: boolean;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  readonly stdin: NodeJS.ReadableStream;

  constructor(private readonly options: CapturedOptions) {
    super();
    const tty = options.tty ?? false;
    this.stdinIsTTY = options.stdinTTY ?? tty;
    this.stdoutIsTTY = tty;
    this.stderrIsTTY = tty;
    this.stdin = Readable.from([Buffer.from(options.stdin ?? '')]);
  }

  protected writeOut(text: string): void {
    this.stdout += text;
  }
  protected writeErr(text: string): void {
    this.stderr += text;
  }
  columns(): number {
    return this.options.columns ?? 100;
  }
  errColumns(): number {
    return this.options.columns ?? 100;
  }
  override rows(): number {
    return this.options.rows ?? 40;
  }
}

/** In-memory IO for tests: pretend-terminals and captured output. */
export const testIO: (options?: Parameters<typeof capturedIO>[0]) => TestIO = capturedIO;
