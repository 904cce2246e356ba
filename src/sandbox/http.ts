import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { statusText } from '../api/errors';
import { formatPath } from '../text/path';

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

const MAX_BODY_BYTES = 1024 * 1024;

/** The request's JSON body (undefined when empty) and its size; 413 past 1 MB, 400 when it is not JSON. */
export async function readJsonBody(req: IncomingMessage): Promise<{ body: unknown; size: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'The body is larger than 1 MB');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return { body: undefined, size };
  try {
    return { body: JSON.parse(text), size };
  } catch {
    throw new HttpError(400, 'The body is not valid JSON');
  }
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
