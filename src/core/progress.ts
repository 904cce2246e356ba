import type { IO } from '../io';
import { fitPathLine } from '../text/width';

/*
 * Progress for a person at a terminal: a wait over ~300 ms shows one spinner line on stderr
 * naming what it waits for, cleared when the wait ends (or is cancelled); `--all` shows
 * "Fetched N pages (M entries)…". Never when piped, with --json, or under CI. The line is one
 * row at any width (a long path is cut in the middle), so that "\r" and an erase take it all
 * away again. In accessible mode (`still`), no animation: the line is written once, and its
 * end said once on a line of its own, nothing redrawn.
 */

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
export const SHOW_AFTER_MS = 300;
const FRAME_MS = 80;

/** The timers it runs on (tests pass their own). */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const REAL_TIMERS: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  setInterval: (callback, ms) => setInterval(callback, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export class Progress {
  private label: string | undefined;
  private shown = false;
  private frame = 0;
  private delay: unknown;
  private ticker: unknown;
  private pages = 0;
  private entries = 0;

  constructor(
    private readonly io: Pick<IO, 'err' | 'errColumns'>,
    readonly enabled: boolean,
    private readonly timers: Timers = REAL_TIMERS,
    private readonly still = false,
  ) {}

  /** A wait begins; the returned function ends it (and clears the line if it was shown). */
  start(label: string): () => void {
    if (!this.enabled) return () => {};
    this.label = this.pages ? this.pagesLabel() : label;
    this.timers.clearTimeout(this.delay);
    this.delay = this.timers.setTimeout(() => this.show(), SHOW_AFTER_MS);
    return () => this.stop();
  }

  /** `--all`: one more page read, with this many entries; shown while the next one is fetched. */
  page(entries: number): void {
    this.pages++;
    this.entries += entries;
    if (this.shown) this.label = this.pagesLabel();
  }

  /** The line, off the screen for good. */
  finish(): void {
    this.stop();
    this.pages = 0;
    this.entries = 0;
  }

  private pagesLabel(): string {
    return `Fetched ${this.pages} page${this.pages === 1 ? '' : 's'} (${this.entries} ${this.entries === 1 ? 'entry' : 'entries'})…`;
  }

  private show(): void {
    this.shown = true;
    if (this.still) return this.io.err(`${this.label ?? ''}\n`);
    this.draw();
    this.ticker = this.timers.setInterval(() => this.draw(), FRAME_MS);
  }

  private draw(): void {
    this.frame = (this.frame + 1) % FRAMES.length;
    // The last column stays empty: a row written to its end leaves the cursor waiting to wrap.
    const label = fitPathLine(this.label ?? '', Math.max(0, this.io.errColumns() - 3));
    this.io.err(`\r${FRAMES[this.frame]} ${label}\x1b[K`);
  }

  private stop(): void {
    this.timers.clearTimeout(this.delay);
    this.timers.clearInterval(this.ticker);
    this.delay = undefined;
    this.ticker = undefined;
    if (this.shown) this.io.err(this.still ? 'Done.\n' : '\r\x1b[K');
    this.shown = false;
  }
}
