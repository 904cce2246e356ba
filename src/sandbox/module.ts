import type { Router } from './router';
import type { JournalOptions } from './journal';
import type { Store } from './store';

/*
 * What a sandbox module (one part of the API) is given and must provide. The server takes
 * the modules; the modules take only these types, never the server.
 */

export interface SandboxOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** The journal file; in memory when undefined. */
  dataFile?: string;
  /** The key it accepts; when undefined, the data file's own (defaults.ts: API_KEY_META), made on first use. */
  apiKey?: string;
  accountId: string;
  /** The deprecated combined check creation answers 402 past this many checks. */
  maxChecks?: number;
  /** See faults.ts. */
  faults?: string;
  /** A JSON file of heartbeat monitors to add (see the heartbeats module). */
  seedFile?: string;
  /** The time source; tests pass a fixed or movable one. */
  now?: () => number;
  /** One line per request, for the access log. */
  log?: (line: string) => void;
  /** Tests only: how the journal writes and flushes (a failing write instead of a full disk). */
  journal?: JournalOptions;
}

/** The sandbox's time: the real clock (or the injected one) plus what /__sandbox/clock added. */
export class SandboxClock {
  constructor(
    private readonly base: () => number = Date.now,
    /** How far ahead of the real clock, in ms (kept in the journal's meta across restarts). */
    public offsetMs = 0,
  ) {}
  now(): number {
    return this.base() + this.offsetMs;
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/** The journal meta key of the clock's offset. */
export const CLOCK_OFFSET_META = 'clock.offsetMs';

/** What each module gets: the store, the clock, the options, and IDs. */
export interface ModuleContext {
  store: Store;
  clock: SandboxClock;
  options: SandboxOptions;
  /** Where it answers (http://127.0.0.1:PORT); '' before it listens. */
  baseUrl: () => string;
  /** The base URL of heartbeat pings. */
  pingUrl: () => string;
}

/** A part of the API: its routes, its seed data, and what it adds to the start-up banner. */
export interface SandboxModule {
  name: string;
  /** Adds the module's starting data to a store that has none of it yet (runs once per data file). */
  seed?(ctx: ModuleContext): void;
  /** Runs at every start, after seeding (e.g. validate or import --seed FILE). */
  start?(ctx: ModuleContext): void;
  routes(router: Router, ctx: ModuleContext): void;
  banner?(ctx: ModuleContext): { lines: string[]; json: Record<string, unknown> };
}
