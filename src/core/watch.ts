import type { Ctx } from './context';
import type { GlobalOptions } from './flags/globals';
import { CancelledError, UsageError } from '../errors';
import { relativeTime } from '../text/time';
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
  /** The frame's lines, read again: each fitted to `width` columns, all of them to `height` rows when they can be. */
  read(size: { width: number; height: number }): Promise<WatchLine[]>;
  /** The server's clock (ms), as its last answer gave it: "Fetched 14:05:09 UTC". */
  now(): number;
}

/**
 * --watch needs a terminal and draws its table: exit 2 naming --watch (and --json, --jq or
 * --format) before anything is sent. `schedule`: what to run on a schedule instead ("`mon status`
 * (with --json)"); `conflicts`: the command's own flags given that --watch cannot go with ("--all").
 */
export function refuseWatch(
  io: Pick<Ctx['io'], 'stdoutIsTTY'>,
  globals: Pick<GlobalOptions, 'json' | 'jq' | 'format'>,
  schedule: string,
  conflicts: string[] = [],
): void {
  const json =
    globals.jq !== undefined
      ? '--jq'
      : globals.format !== undefined && globals.format !== 'table'
        ? `--format ${globals.format}`
        : globals.json
          ? '--json'
          : undefined;
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
 * on the previous frame is marked with "+" in its first column (a row is known by what it is
 * about, so a time in it that ticked does not make it new). The last line says when it was
 * fetched and when the next refresh is. When a refresh fails, the last frame stays with every
 * row marked "?" (dimmed in colour), and the last line says how old it is and why, while the
 * wait backs off (doubling, up to 5 minutes) without exiting; Ctrl-C stops. With TERM=dumb,
 * which moves no cursor, each refresh is written below the last instead: the frame when it
 * changed, and the last line every time.
 */
export async function watch(
  ctx: Pick<Ctx, 'io' | 'cancel' | 'env' | 'now'>,
  interval: number,
  source: WatchSource,
): Promise<never> {
  const { io } = ctx;
  const inPlace = ctx.env.TERM !== 'dumb';
  let shown: string[] = [];
  let rows: Set<string> | undefined;
  /** The last frame read, and when: by the server's clock, and by ours (for its age when a refresh fails). */
  let last: { frame: WatchLine[]; at: number; local: number } | undefined;
  let printed: string[] | undefined;
  let wait = interval;
  for (;;) {
    const width = io.columns();
    let body: string[];
    let footer: string[];
    try {
      const frame = await source.read({ width, height: inPlace ? room(io.rows()) : Number.POSITIVE_INFINITY });
      body = frame.map(({ text, row }) => (rows && row !== undefined && !rows.has(row) ? marked(io, '+', text) : text));
      rows = new Set(frame.flatMap(({ row }) => (row === undefined ? [] : [row])));
      last = { frame, at: source.now(), local: ctx.now() };
      wait = interval;
      footer = [fitted(width, [`Fetched ${clock(last.at)}`, `next refresh in ${wait}s`, 'Ctrl-C to stop'])];
    } catch (error) {
      if (ctx.cancel.aborted) break;
      wait = Math.min(wait * 2, MAX_BACKOFF_SECONDS);
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      // What is shown is stale: every row says so, and the footer since when (by the server's clock, then ours).
      body = (last?.frame ?? []).map(({ text, row }) => (row === undefined ? text : marked(io, '?', text)));
      const failed = fitted(width, [`Refresh failed: ${message}`, `next try in ${wait}s`, 'Ctrl-C to stop'], 0);
      footer = [io.style.red(failed)];
      if (last) {
        const age = relativeTime(new Date(last.at).toISOString(), last.at + ctx.now() - last.local);
        footer.unshift(
          io.style.yellow(
            truncate(`Stale: as fetched at ${clock(last.at)}, ${age}; rows marked ? may have changed.`, width),
          ),
        );
      }
    }
    if (inPlace) {
      shown = redraw(io, shown, [...fitHeight(body, io.rows()), '', ...footer]);
    } else {
      // Below the last: the frame when it changed, the footer every time.
      const changed = printed === undefined || printed.join('\n') !== body.join('\n');
      const frame = changed ? `${printed === undefined ? '' : '\n'}${body.map((line) => `${line}\n`).join('')}` : '';
      io.outRaw(`${frame}${footer.join('\n')}\n`);
      if (changed) printed = body;
    }
    if (!(await sleep(wait * 1000, ctx.cancel.signal))) break;
  }
  throw new CancelledError('Stopped watching.');
}

/**
 * The footer's parts joined with " · ", fitted to `width`: the part at `elastic` (when given)
 * is cut first, so that the others (how old the frame is, when the next try is) stay whole.
 */
function fitted(width: number, parts: string[], elastic?: number): string {
  const line = parts.join(' · ');
  if (line.length <= width || elastic === undefined) return truncate(line, width);
  const room = width - (line.length - parts[elastic]!.length);
  const cut = parts.map((part, index) => (index === elastic ? truncate(part, Math.max(room, 1)) : part));
  return truncate(cut.join(' · '), width);
}

/**
 * The rows a frame's body may take on a terminal of `rows` lines: below it, a blank line, the
 * footer (two lines when a refresh failed) and the cursor's line.
 */
const room = (rows: number) => Math.max(rows - 4, 1);

/**
 * The body cut to what a terminal of `rows` lines shows above the blank line, the footer and
 * the cursor's line: a frame taller than the screen would scroll, and could not be redrawn in place.
 */
export function fitHeight(body: string[], rows: number): string[] {
  if (body.length <= room(rows)) return body;
  const kept = body.slice(0, room(rows) - 1);
  return [...kept, `  … ${body.length - kept.length} more lines (a taller terminal shows them)`];
}

/** `mark` in place of the row's first column (a space): "+" new, in yellow; "?" stale, the row dimmed. */
const marked = (io: Pick<Ctx['io'], 'style'>, mark: '+' | '?', text: string) =>
  mark === '+' ? `${io.style.yellow('+')}${text.slice(1)}` : io.style.dim(`?${stripEscapes(text).slice(1)}`);

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
export function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
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
