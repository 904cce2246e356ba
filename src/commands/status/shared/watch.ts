import type { Ctx } from '../../../core/context';
import { CancelledError } from '../../../errors';
import { stripEscapes, truncate } from '../../../text/width';
import { summaryLines } from './screen';
import { readSummary } from './summary';

/** After an error, the wait doubles (from the interval) up to this. */
const MAX_BACKOFF_SECONDS = 300;

/**
 * `mon status --watch`: the screen read again every `interval` seconds and redrawn in place:
 * the cursor goes back to the top of the last frame and only the lines that differ are
 * rewritten. A row that was not on the previous frame is marked with "+" in its first column.
 * The last line says when it was fetched and when the next refresh is. An error is shown in
 * that line and the wait backs off (doubling, up to 5 minutes) without exiting; Ctrl-C stops.
 */
export async function watchStatus(ctx: Pick<Ctx, 'io' | 'api' | 'signal'>, interval: number): Promise<never> {
  const { io } = ctx;
  const client = await ctx.api();
  let shown: string[] = [];
  let rows: string[] | undefined;
  let body: string[] = [];
  let wait = interval;
  for (;;) {
    const width = io.columns();
    let footer: string;
    try {
      const summary = await readSummary(client);
      const fresh = summaryLines(summary, io.style, width);
      const plain = fresh.map((line) => stripEscapes(line));
      body = fresh.map((line, index) =>
        rows && line.startsWith('  ') && /^ {2}\S/.test(plain[index]!) && !rows.includes(plain[index]!)
          ? `${io.style.yellow('+')}${line.slice(1)}`
          : line,
      );
      rows = plain;
      wait = interval;
      footer = `Fetched ${clock(client.now())} · next refresh in ${wait}s · Ctrl-C to stop`;
    } catch (error) {
      if (ctx.signal.aborted) break;
      wait = Math.min(wait * 2, MAX_BACKOFF_SECONDS);
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      footer = io.style.red(`Refresh failed (${message}); trying again in ${wait}s · Ctrl-C to stop`);
    }
    const fits = stripEscapes(footer).length <= width;
    shown = redraw(io, shown, [...body, '', fits ? footer : truncate(stripEscapes(footer), width)]);
    if (!(await sleep(wait * 1000, ctx.signal))) break;
  }
  throw new CancelledError('Stopped watching.');
}

/** "14:05:09 UTC" */
const clock = (ms: number) => `${new Date(ms).toISOString().slice(11, 19)} UTC`;

/** Writes `next` over `previous` (the lines on the screen, the cursor below them): only changed lines. */
function redraw(io: Pick<Ctx['io'], 'outRaw'>, previous: string[], next: string[]): string[] {
  let out = previous.length ? `\x1b[${previous.length}F` : '';
  next.forEach((line, index) => {
    if (index < previous.length && previous[index] === line) out += '\x1b[1E';
    else out += `\r\x1b[2K${line}${index < previous.length ? '\x1b[1E' : '\n'}`;
  });
  if (previous.length > next.length) out += '\x1b[J';
  io.outRaw(out);
  return next;
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve(true);
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
