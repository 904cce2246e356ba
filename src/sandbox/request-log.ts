import { REQUEST_LOG_LIMITS } from './limits';

/** A request as the sandbox's log keeps it (GET /__sandbox/requests); the Authorization header is never kept. */
export interface LoggedRequest {
  method: string;
  /** As received, query included. */
  path: string;
  /** The status answered; null while unanswered, or when the connection was closed instead (--faults). */
  status: number | null;
  /** When it arrived, by the sandbox clock (ISO 8601). */
  time: string;
  body: unknown;
  headers: Record<string, string>;
  /** What was answered (status and JSON body); absent while unanswered or when the connection was closed instead. */
  answer?: { status: number; body: unknown };
}

/**
 * The request log: oldest first, bounded by count and bytes (REQUEST_LOG_LIMITS), so a
 * flood of requests, authorized or not, cannot grow the sandbox's memory without end.
 */
export class RequestLog {
  readonly entries: LoggedRequest[] = [];
  private readonly sizes: number[] = [];
  private bytes = 0;

  constructor(private readonly limits: { count: number; bytes: number } = REQUEST_LOG_LIMITS) {}

  add(entry: LoggedRequest, size: number): void {
    this.entries.push(entry);
    this.sizes.push(size);
    this.bytes += size;
    this.trim();
    // One request larger than the whole budget is kept without its body.
    if (this.bytes > this.limits.bytes) {
      const only = this.entries[0]!;
      only.body = { omitted: `the body (${size} bytes) is larger than the request log keeps` };
      this.bytes = this.sizes[0] = 0;
    }
  }

  /** What an entry was answered, counted in the same budget (an answer larger than all of it is not kept). */
  answer(entry: LoggedRequest, answer: { status: number; body: unknown }, size: number): void {
    const index = this.entries.lastIndexOf(entry);
    if (index < 0 || size > this.limits.bytes) return;
    entry.answer = answer;
    this.sizes[index]! += size;
    this.bytes += size;
    this.trim();
  }

  /** The oldest entries go first, until the count and the bytes fit (one entry always stays). */
  private trim(): void {
    while (this.entries.length > this.limits.count || (this.bytes > this.limits.bytes && this.entries.length > 1)) {
      this.entries.shift();
      this.bytes -= this.sizes.shift()!;
    }
  }

  clear(): void {
    this.entries.length = 0;
    this.sizes.length = 0;
    this.bytes = 0;
  }
}
