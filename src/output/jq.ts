import { CliError, UsageError } from '../errors';
import type { IO } from '../io';
import { sanitize } from '../text/escape';
import { stringifyJson } from '../text/json';

/**
 * `--jq EXPR`: a jq expression applied to the JSON that --json prints, by jq itself (jq 1.8
 * compiled to WebAssembly: the jq-wasm package, bundled as dist/vendor/jq.cjs beside its
 * dist/vendor/jq.wasm). The engine is loaded only when --jq is given: `import('jq-wasm')`
 * below is the one place that reaches it.
 */

/** One result of the expression, as jq printed it with -c (one value per line). */
export type JqOutput = { kind: 'string'; text: string } | { kind: 'json'; text: string };

export interface JqFilter {
  readonly expression: string;
  /**
   * The expression applied to one JSON value (fed to jq as JSON text, numbers as received:
   * jq 1.7+ keeps a number's literal until it computes with it): its results in order, and what jq said on
   * stderr (`debug`, `stderr`). A runtime error (`.[]` on a number, `error("...")`) comes
   * as `error` (exit 1, jq's message) after the results produced before it, as jq prints them.
   */
  apply(value: unknown): { outputs: JqOutput[]; notes: string; error?: CliError };
}

const MANUAL_HINT = 'mon runs jq 1.8 built in; its manual: https://jqlang.org/manual/ (try --json to see the input).';

/**
 * Loads the engine and compiles the expression, before any request is sent: a bad expression
 * is exit 2 with jq's message. jq compiles its program before reading input, so running it on
 * no input at all checks it without evaluating anything.
 */
export async function compileJq(expression: string): Promise<JqFilter> {
  const { loadJq } = await import('jq-wasm');
  const jq = await loadJq();
  const checked = jq.raw('', expression, ['-c']);
  if (checked.exitCode !== 0) {
    throw new UsageError(
      `--jq: the expression is not valid jq:\n${sanitize(jqMessage(checked.stderr), { newlines: true })}`,
      MANUAL_HINT,
    );
  }
  return {
    expression,
    apply(value) {
      const result = run(() => jq.raw(stringifyJson(value ?? null), expression, ['-c']));
      const outputs: JqOutput[] = result.stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) =>
          line.startsWith('"') ? { kind: 'string', text: JSON.parse(line) as string } : { kind: 'json', text: line },
        );
      if (result.exitCode === 0) return { outputs, notes: result.stderr };
      // "jq: error: Cannot iterate over number (1)" → "--jq: Cannot iterate over number (1)".
      const said = jqMessage(result.stderr).replace(/^jq: error: /, '') || `jq stopped with status ${result.exitCode}`;
      return {
        outputs,
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

/** The engine itself failing (out of its memory: jq runs in at most 256 MB) is said as such, not as a bug of mon. */
function run<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw new CliError(
      'failure',
      `--jq: the jq engine failed (${error instanceof Error ? error.message : String(error)}).`,
      'The input may be too large for it: pipe --json to a jq program instead.',
    );
  }
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

export async function useJq(io: IO, expression: string): Promise<void> {
  filters.set(io, await compileJq(expression));
}

export function jqFilterOf(io: IO): JqFilter | undefined {
  return filters.get(io);
}
