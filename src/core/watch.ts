import type { Ctx } from './context';
import type { GlobalOptions } from './flags/globals';
import { CancelledError, UsageError } from '../errors';
import { stripEscapes, truncate } from '../text/width';

/* --watch of `mon status` and `mon incidents list`: a screen read again and redrawn in place. */

/** After an error, the wait doubles (from the interval) up to this. */
const MAX_BACKOFF_SECONDS = 300;

/**
 * A line of a frame. `row`: what identifies it as a row (not a heading): a row whose `row`
 * was not on the previous frame is marked "+" in its first column, which is left blank for it.
 */
export interface WatchLine {
  text: string;
  row?: string;
}

export interface WatchSource {
  /** The frame's lines, read again and fitted to `width`. */
  read(width: number): Promise<WatchLine[]>;
  /** The server's clock (ms), as its last answer gave it: "Fetched 14:05:09 UTC". */
  now(): number;
}

/**
 * --watch needs a terminal and prints no JSON: exit 2 naming --watch (and --json or --jq)
 * before anything is sent. `schedule`: what to run on a schedule instead ("`mon status`
 * (with --json)"); `conflicts`: the command's own flags given that --watch cannot go with ("--all").
 */
export function refuseWatch(
  io: Pick<Ctx['io'], 'stdoutIsTTY'>,
  globals: Pick<GlobalOptions, 'json' | 'jq'>,
  schedule: string,
  conflicts: string[] = [],
): void {
  const json = globals.jq !== undefined ? '--jq' : globals.json ? '--json' : undefined;
  if (!io.stdoutIsTTY || json) {
    throw new UsageError(
      `--watch redraws a terminal screen: it needs one (and no ${json ?? '--json'}).`,
      `Without a terminal, run ${schedule} on a schedule instead.`,
    );
  }
  if (conflicts.length) {
    throw new UsageError(
      `--watch cannot be used with ${conflicts.join(' or ')}: it redraws one screen of the list.`,
      `Leave out ${conflicts.join(' and ')}, or --watch.`,
    );
  }
}

/**
 * The frame read again every `interval` seconds and redrawn in place: the cursor goes back to
 * the top of the last frame and only the lines that differ are rewritten. A row that was not
 * on the previous frame is marked with "+" in its first column. The last line says when it
 * was fetched and when the next refresh is. An error is shown in that line and the wait backs
 * off (doubling, up to 5 minutes) without exiting; Ctrl-C stops.
 */
export async function watch(ctx: Pick<Ctx, 'io' | 'signal'>, interval: number, source: WatchSource): Promise<never> {
  const { io } = ctx;
  let shown: string[] = [];
  let rows: Set<string> | undefined;
  let body: string[] = [];
  let wait = interval;
  for (;;) {
    const width = io.columns();
    let footer: string;
    try {
      const fresh = await source.read(width);
      body = fresh.map(({ text, row }) => (rows && row !== undefined && !rows.has(row) ? marked(io, text) : text));
      rows = new Set(fresh.flatMap(({ row }) => (row === undefined ? [] : [row])));
      wait = interval;
      footer = `Fetched ${clock(source.now())} · next refresh in ${wait}s · Ctrl-C to stop`;
    } catch (error) {
      if (ctx.signal.aborted) break;
      wait = Math.min(wait * 2, MAX_BACKOFF_SECONDS);
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      footer = io.style.red(`Refresh failed (${message}); trying again in ${wait}s · Ctrl-C to stop`);
    }
    const fits = stripEscapes(footer).length <= width;
    shown = redraw(io, shown, [
      ...fitHeight(body, io.rows()),
      '',
      fits ? footer : truncate(stripEscapes(footer), width),
    ]);
    if (!(await sleep(wait * 1000, ctx.signal))) break;
  }
  throw new CancelledError('Stopped watching.');
}

/**
 * The body cut to what a terminal of `rows` lines shows below it the blank line, the footer and
 * the cursor's line: a frame taller than the screen would scroll, and could not be redrawn in place.
 */
export function fitHeight(body: string[], rows: number): string[] {
  const room = Math.max(rows - 3, 1);
  if (body.length <= room) return body;
  const kept = body.slice(0, room - 1);
  return [...kept, `  … ${body.length - kept.length} more lines (a taller terminal shows them)`];
}

/** "+" in place of the row's first column (a space). */
const marked = (io: Pick<Ctx['io'], 'style'>, text: string) => `${io.style.yellow('+')}${text.slice(1)}`;

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
