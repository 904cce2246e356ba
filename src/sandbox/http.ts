import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { statusText } from '../api/errors';
import { formatPath } from '../text/path';
import { REQUEST_LIMITS } from './limits';

/** What a route handler sees. */
export interface SandboxRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: IncomingHttpHeaders;
  remoteAddress: string;
  /** Aborted when the connection closes before the answer is sent (the client left, the sandbox stops): a handler that waits stops waiting. */
  signal: AbortSignal;
}

export interface SandboxResponse {
  status: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is instead (a status page's HTML), with the content type in `headers`. */
  text?: string;
  headers?: Record<string, string>;
}

/** The reason phrase of an answer's status (api/errors.ts has the table). */
export function reason(status: number): string {
  return statusText(status) ?? 'Error';
}

/** Thrown by handlers; becomes the API's error body `{statusCode, error, message}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function errorBody(status: number, message: string) {
  return { statusCode: status, error: reason(status), message };
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** Validate with the shared schema: 400 naming every problem, as the real API would. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const path = formatPath(issue.path);
    return `${where}${path ? `.${path}` : ''}: ${issue.message}`;
  });
  throw new HttpError(400, problems.join('; '));
}

/** The query as an object of its first values, for schema validation. */
export function queryObject(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of query) if (!(key in out)) out[key] = value;
  return out;
}

/* Reading a request and writing an answer, as node:http gives them. */

const { bodyBytes: MAX_BODY_BYTES, depth: MAX_DEPTH } = REQUEST_LIMITS;

/**
 * The request's JSON body (undefined when empty) and its size; 413 past REQUEST_LIMITS'
 * bytes (read no further), 400 when it is not JSON or nested deeper than its depth (checked
 * before it is parsed: nothing later walks a deeper value).
 */
export function readJsonBody(req: IncomingMessage): Promise<{ body: unknown; size: number }> {
  return new Promise<{ body: unknown; size: number }>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      finish();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      // Read no further: the answer closes the connection (what is still coming is not read).
      if (size > MAX_BODY_BYTES) {
        settle(() => reject(new HttpError(413, `The body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`)));
      } else {
        chunks.push(chunk);
      }
    };
    req.on('data', onData);
    req.once('end', () =>
      settle(() => {
        try {
          resolve(parseBody(Buffer.concat(chunks, size).toString('utf8'), size));
        } catch (error) {
          reject(error);
        }
      }),
    );
    req.once('error', (error) => settle(() => reject(error)));
    req.once('close', () => settle(() => reject(new HttpError(400, 'The connection closed before the body ended'))));
  });
}

/** The body's text as JSON (undefined when empty), checked for depth before it is parsed. */
function parseBody(text: string, size: number): { body: unknown; size: number } {
  if (text.trim() === '') return { body: undefined, size };
  if (nestedDeeperThan(text, MAX_DEPTH)) {
    throw new HttpError(400, `The body is nested deeper than ${MAX_DEPTH} levels (objects and arrays)`);
  }
  try {
    return { body: JSON.parse(text), size };
  } catch {
    throw new HttpError(400, 'The body is not valid JSON');
  }
}

/** Whether JSON text opens more than `max` objects and arrays inside each other (strings skipped), in one pass. */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (inString) {
      if (char === 0x5c)
        at++; // a backslash: the next character is escaped
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      if (++depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Whether a request comes with a body (which a refused request leaves unread). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** What each response carried, for the request log. */
const answers = new WeakMap<ServerResponse, { status: number; body: unknown; size: number }>();

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  answers.set(res, { status, body, size: text.length });
  res.writeHead(status, {
    ...headers,
    ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** A text answer (HTML) as it is, with its headers (which name its content type). */
export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string>): void {
  answers.set(res, { status, body: undefined, size: Buffer.byteLength(text) });
  res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** What `send` answered on `res`, for the request log. */
export function answerOf(res: ServerResponse): { status: number; body: unknown; size: number } | undefined {
  return answers.get(res);
}
