import type { Worker } from 'node:worker_threads';
import { CancelledError, CliError, UsageError } from '../errors';
import type { IO } from '../io';
import { sanitize } from '../text/escape';
import { formatBytes } from '../text/bytes';

/**
 * `--jq EXPR`: a jq expression applied to the JSON that --json prints, by jq itself (jq 1.8
 * compiled to WebAssembly: the jq-wasm package, bundled as dist/vendor/jq.cjs beside its
 * dist/vendor/jq.wasm). The engine runs in a worker thread, loaded only when --jq is given
 * (`import('jq-wasm')` below is the one place that reaches it): a program that never ends
 * (`def f: f; f`) is stopped by Ctrl-C or SIGTERM like any other wait, and what the engine
 * writes on its own (emscripten's "Aborted()") never reaches the terminal. Only text
 * crosses to the worker: the program and the input as JSON text, the results as jq wrote them.
 */

/** One result of the expression, as jq printed it with -c (one value per line). */
export type JqOutput = { kind: 'string'; text: string } | { kind: 'json'; text: string };

/**
 * What --jq may hold and produce. Its input, the JSON it is given (one answer, or with --all
 * and `api --paginate` every entry read): at most 16 MiB, about what the engine can parse in
 * its memory (a 32 MiB list made it abort). Its results: at most 64 MiB of them, counted by
 * the engine as it makes them, so that `range(1e9)` stops there instead of filling memory.
 */
export const JQ_BOUNDS: JqBounds = { inputBytes: 16 * 1024 * 1024, outputBytes: 64 * 1024 * 1024 };
export interface JqBounds {
  inputBytes: number;
  outputBytes: number;
}

/** What the engine says when the results pass JQ_BOUNDS.outputBytes (an error of the wrapper below, not of the program). */
const OUTPUT_BOUND = 'mon: --jq output bound';

/**
 * The program run for `expression`: its results, each as compact JSON (`tojson` is what -c
 * prints, number literals kept), counted in bytes as they are made; past the bound the
 * engine stops with OUTPUT_BOUND. The expression stands on lines of its own, so that a
 * comment in it ends before the wrapper goes on; its definitions stay its own.
 */
export function boundedProgram(expression: string, outputBytes: number): string {
  return (
    `foreach ((\n${expression}\n) | tojson) as $mon_result (0; . + ($mon_result | utf8bytelength) + 1; ` +
    `if . > ${outputBytes} then error(${JSON.stringify(OUTPUT_BOUND)}) else $mon_result end)`
  );
}

export interface JqResults {
  /** The results, one per line, each as compact JSON (read them with `jqOutputs`). */
  lines: string;
  /** What jq said on stderr (`debug`, `stderr`). */
  notes: string;
  /**
   * A runtime error (`.[]` on a number, `error("...")`): exit 1 with jq's message, after the
   * results produced before it, as jq prints them.
   */
  error?: CliError;
}

export interface JqFilter {
  readonly expression: string;
  /** What it may take and give (JQ_BOUNDS unless a test says otherwise). */
  readonly bounds: JqBounds;
  /**
   * The expression applied to one JSON document, given as its text (numbers as received: jq
   * 1.7+ keeps a number's literal until it computes with it).
   */
  apply(input: string): Promise<JqResults>;
  /** Ends the engine's thread (at the end of the command). */
  close(): Promise<void>;
}

const MANUAL_HINT = 'mon runs jq 1.8 built in; its manual: https://jqlang.org/manual/ (try --json to see the input).';

/** What jq-wasm's `raw` returns. */
interface RawResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/**
 * The worker: its first message is the engine's .wasm (or nothing: the package finds its
 * own); it loads the engine (the module whose path it is given, else the jq-wasm package),
 * then answers each `{ input, program }` with jq's raw result, or `{ failed }` when the engine
 * itself fails (its memory exhausted, its stack overflowed: emscripten aborts).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const failed = (error) => parentPort.postMessage({ failed: String((error && error.message) || error) });
parentPort.once('message', ({ wasm }) => {
  require(workerData.engine || 'jq-wasm').loadJq(wasm).then((jq) => {
    parentPort.on('message', ({ input, program, flags }) => {
      try {
        parentPort.postMessage(jq.raw(input, program, flags));
      } catch (error) {
        failed(error);
      }
    });
    parentPort.postMessage({ ready: true });
  }, failed);
});
`;

/** The engine in its thread: one request at a time, each ended early by `signal`. */
class Engine {
  private readonly worker: Worker;
  private readonly ready: Promise<void>;
  private queue: Promise<unknown> = Promise.resolve();
  private said = '';
  private exited = false;

  constructor(
    WorkerClass: typeof Worker,
    engine: { file?: string; wasm?: string },
    private readonly signal: AbortSignal | undefined,
  ) {
    // stdout and stderr of the thread are its own (not the terminal's): read, never shown.
    const worker = new WorkerClass(WORKER_SOURCE, {
      eval: true,
      workerData: { engine: engine.file },
      stdout: true,
      stderr: true,
    });
    this.worker = worker;
    worker.stdout.resume();
    worker.stderr.setEncoding('utf8').on('data', (text: string) => (this.said += text));
    worker.once('exit', () => (this.exited = true));
    const loaded = this.next();
    loaded.catch(() => undefined); // Awaited below; a failed read of the .wasm leaves it to close().
    // Read while the thread starts.
    this.ready = (async () => {
      const wasm =
        engine.wasm === undefined
          ? undefined
          : await process.getBuiltinModule('node:fs/promises').readFile(engine.wasm);
      worker.postMessage({ wasm });
      await loaded;
    })();
  }

  /** The thread's next message; rejects when it fails, exits, or the signal ends the wait. */
  private next(): Promise<RawResult & { ready?: true }> {
    return new Promise((resolve, reject) => {
      const { worker, signal } = this;
      const done = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        signal?.removeEventListener('abort', onAbort);
        worker.unref();
      };
      const onMessage = (message: RawResult & { ready?: true; failed?: string }) => {
        done();
        if (message.failed !== undefined) reject(engineFailure(message.failed));
        else resolve(message);
      };
      const onError = (error: Error) => {
        done();
        reject(engineFailure(error.message));
      };
      const onExit = () => {
        done();
        reject(engineFailure(this.said.trim() || 'its thread ended'));
      };
      const onAbort = () => {
        done();
        void worker.terminate();
        reject(new CancelledError());
      };
      if (signal?.aborted) return onAbort();
      if (this.exited) return onExit();
      worker.ref();
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** jq's raw result for `program` on `input` (text), after the requests before it. */
  run(input: string, program: string, flags: string[] = ['-c']): Promise<RawResult> {
    const result = this.queue.then(async () => {
      await this.ready;
      const answer = this.next();
      this.worker.postMessage({ input, program, flags });
      return answer;
    });
    this.queue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/**
 * Starts the engine and compiles the expression, before any request is sent: a bad expression
 * is exit 2 with jq's message. jq compiles its program before reading input, so running it on
 * no input at all checks it without evaluating anything. `signal` (Ctrl-C, SIGTERM) ends any
 * wait for the engine.
 */
export async function compileJq(
  expression: string,
  signal?: AbortSignal,
  bounds: JqBounds = JQ_BOUNDS,
): Promise<JqFilter> {
  const { Worker } = process.getBuiltinModule('node:worker_threads');
  const engine = await import('jq-wasm');
  // The bundle's dist/vendor/jq.cjs names itself and its .wasm; run from the sources, the
  // package is found by name.
  const runner = new Engine(Worker, engine as { file?: string; wasm?: string }, signal);
  try {
    const checked = await runner.run('', expression);
    if (checked.exitCode !== 0) {
      throw new UsageError(
        `--jq: the expression is not valid jq:\n${sanitize(jqMessage(checked.stderr), { newlines: true })}`,
        MANUAL_HINT,
      );
    }
  } catch (error) {
    await runner.close();
    throw error;
  }
  return {
    expression,
    bounds,
    close: () => runner.close(),
    async apply(input) {
      const bytes = Buffer.byteLength(input);
      if (bytes > bounds.inputBytes) throw boundError(bounds, 'input', bytes);
      // Raw: each line is the text of a result's `tojson`, as -c would print it.
      const result = await runner.run(input, boundedProgram(expression, bounds.outputBytes), ['-r']);
      const lines = result.stdout;
      if (result.exitCode === 0) return { lines, notes: result.stderr };
      if (jqMessage(result.stderr).endsWith(OUTPUT_BOUND)) throw boundError(bounds, 'output');
      // "jq: error: Cannot iterate over number (1)" → "--jq: Cannot iterate over number (1)".
      const said = jqMessage(result.stderr).replace(/^jq: error: /, '') || `jq stopped with status ${result.exitCode}`;
      return {
        lines,
        notes: '',
        error: new CliError(
          'failure',
          `--jq: ${sanitize(said, { newlines: true })}`,
          'The expression is valid jq, but failed on this input: compare it with what --json prints.',
        ),
      };
    },
  };
}

/** The results of `apply`, one at a time: a string result as its text, any other as its JSON. */
export function* jqOutputs(lines: string): Generator<JqOutput> {
  for (let at = 0; at < lines.length;) {
    const end = lines.indexOf('\n', at) < 0 ? lines.length : lines.indexOf('\n', at);
    const line = lines.slice(at, end);
    at = end + 1;
    if (line === '') continue;
    yield line.startsWith('"') ? { kind: 'string', text: JSON.parse(line) as string } : { kind: 'json', text: line };
  }
}

/** Past a bound: exit 1, nothing printed, saying which bound and how to ask for less. */
export function boundError(bounds: JqBounds, which: 'input' | 'output', bytes?: number): CliError {
  const bound = formatBytes(bounds[which === 'input' ? 'inputBytes' : 'outputBytes']);
  const what =
    which === 'input'
      ? `its input is ${formatBytes(bytes!)} of JSON so far, more than the ${bound} mon gives jq`
      : `its results are more than ${bound}, the most mon takes of them`;
  return new CliError(
    'failure',
    `--jq: ${what}; nothing was printed.`,
    which === 'input'
      ? 'Read less (a filter such as --status, --service or --since; --limit without --all), or pipe --json to the jq program: --json alone is streamed, without this bound.'
      : 'Ask for fewer results (select(...), first, limit(N; ...)) or narrow the input (a filter, --limit).',
  );
}

/**
 * The engine itself failing (out of its memory: jq runs in at most 256 MB; its stack
 * overflowed by deep recursion) is said as such, not as a bug of mon: emscripten's own
 * wording ("Aborted(). Build with -sASSERTIONS for more info.") is left out.
 */
function engineFailure(reason: string): CliError {
  const why = reason
    .replace(/\s*Build with -s\w+ for more info\.?/g, '')
    .replace(/^Aborted\((.*)\)\.?$/s, (_all, inner: string) => (inner ? `it aborted: ${inner}` : 'it aborted'))
    .trim();
  return new CliError(
    'failure',
    `--jq: the jq engine failed (${sanitize(why, { newlines: true })}): the expression needs more memory or deeper recursion than it has.`,
    'The input may be too large for it, or the expression recurses without end: pipe --json to a jq program instead.',
  );
}

/** jq's stderr without its trailing newline; "(at /dev/stdin:0)" is where jq-wasm's input comes from, which says nothing here. */
function jqMessage(stderr: string): string {
  return stderr.replace(/ \(at \/dev\/stdin:\d+\)/g, '').trimEnd();
}

/**
 * The filter in force for a command's output. Keyed by the command's IO (one per run), set
 * once the global flags are parsed (program.ts), read where JSON is printed (render.ts).
 */
const filters = new WeakMap<IO, JqFilter>();

/** Compiles the expression for this command's output; its engine ends with the command (`onClose`). */
export async function useJq(
  io: IO,
  expression: string,
  options: { signal?: AbortSignal; onClose(task: () => Promise<void>): void; bounds?: JqBounds },
): Promise<void> {
  const filter = await compileJq(expression, options.signal, options.bounds);
  options.onClose(() => filter.close());
  filters.set(io, filter);
}

export function jqFilterOf(io: IO): JqFilter | undefined {
  return filters.get(io);
}
