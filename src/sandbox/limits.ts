/* The sandbox's bounds, as plain data: the server enforces them and `mon sandbox`'s help and checks quote them. */

/**
 * What the request log keeps: the last 10,000 requests, and no more than 16 MiB of them
 * (bodies, paths and headers as received), whichever is less; older ones are dropped first.
 */
export const REQUEST_LOG_LIMITS = { count: 10_000, bytes: 16 * 1024 * 1024 } as const;

/**
 * What one request may cost the sandbox: a JSON body of at most 1 MiB (413 past it), nested at
 * most 64 levels deep (400 past it), read only once the request's key is checked (a request
 * without it is answered 401 and its body never read). At most 128 connections are open at
 * once: a connection past them is answered 503 (the API's error body, Retry-After: 1) and
 * closed.
 */
export const REQUEST_LIMITS = { bodyBytes: 1024 * 1024, depth: 64, connections: 128 } as const;

/** The longest --faults delay: Node.js's longest timer (2^31 − 1 ms, 24.8 days); a longer one would fire at once. */
export const MAX_FAULT_DELAY_MS = 2 ** 31 - 1;

/** One clock advance: at most 100 years (in seconds). */
export const MAX_CLOCK_ADVANCE_SECONDS = 100 * 365.25 * 86_400;

/** `mon sandbox` serves here unless --host/--port say otherwise. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4010;

/**
 * How long a check runs in a check session, by the sandbox clock: a session triggered now is
 * done 2 seconds later, or at once after `mon sandbox clock advance`.
 */
export const CHECK_RUN_SECONDS = 2;

/** How often a request that waits for a check session (its /completion) looks at the sandbox clock again, in ms. */
export const COMPLETION_POLL_MS = 50;

/**
 * The most mon reads of a data file (256 MiB): it is read whole, as one string (V8 holds at
 * most ~512 MiB in one). A busy day of a sandbox writes a few MiB.
 */
export const DATA_FILE_MAX_BYTES = 256 * 1024 * 1024;

/** The most the sandbox reads of a --seed file (4 MiB): a list of monitors takes a few KiB. */
export const SEED_FILE_MAX_BYTES = 4 * 1024 * 1024;
