import { isSecretHeader, type ApiRequest, type HttpMethod } from '../../api/request';
import { ApiError, statusLabel } from '../../api/errors';
import { PageGuard } from '../../api/paginate';
import { PAGE_LIMIT } from '../../api/schemas/enums';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import type { API } from './spec';
import { UsageError } from '../../errors';
import { jsonArrayWriter, printJson } from '../../output/render';
import { sanitize } from '../../text/escape';
import { keepNumberText, keptNumberText, stringifyJson } from '../../text/json';
import { runWrite, type WriteCtx } from '../../core/write';
import { METHOD_EFFECTS } from '../../core/flags/spec';
import { readInputText, type InputFlag } from '../../core/input';

/** `/v1/x?y=1` or `v1/x`: a path on the configured API, never another host. */
function checkApiPath(path: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path) || path.startsWith('//')) {
    throw new UsageError(
      `PATH must be a path on the API (like /v1/runtimes), not a URL: ${JSON.stringify(path)}.`,
      (next) => `The key is only ever sent to the configured base URL (${next('auth status')} shows it).`,
    );
  }
  if (/[\u0000-\u001f\u007f]/.test(path)) throw new UsageError('PATH must not contain control characters.');
  const normalized = path.startsWith('/') ? path : `/${path}`;
  const pathname = normalized.split('?')[0]!;
  if (dotSegments(pathname)) {
    throw new UsageError(
      `PATH must not contain "." or ".." segments, plain or percent-encoded: ${JSON.stringify(path)}.`,
      'They would leave the path of the base URL; write the path as the API documents it, e.g. /v1/runtimes.',
    );
  }
  return normalized;
}

/**
 * Does the path hold a "." or ".." segment once decoded as a server might: percent-encoded
 * dots (%2e, in any case, encoded again as %252e), and encoded slashes or backslashes
 * (%2f, %5c) that would make segments of their own. URL parsing turns `%2e%2e` into `..`.
 */
function dotSegments(pathname: string): boolean {
  let text = pathname;
  for (let round = 0; round < 4; round++) {
    const segments = text.split(/\/|\\|%2f|%5c/i).map((segment) => segment.replace(/%2e/gi, '.'));
    if (segments.some((segment) => segment === '.' || segment === '..')) return true;
    // One more layer of encoding (%252e is %2e once the server decodes it).
    const decoded = text.replace(/%25/gi, '%');
    if (decoded === text) return false;
    text = decoded;
  }
  return true;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** `-F` values: numbers, true/false/null, @file / @- ; everything else stays a string. */
async function typedValue(text: string, readFile: (path: string) => Promise<string>): Promise<Json> {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return Number(text);
  if (text.startsWith('@')) return readFile(text.slice(1));
  return text;
}

/** Keys that would reach a prototype instead of making a field. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * Builds the body/query object from `key=value` fields: `a.b=1` nests, `a[]=1` appends to
 * an array. Later fields win over earlier ones for the same key.
 */
async function buildFields(
  fields: { text: string; typed: boolean; flag: string }[],
  readFile: (path: string, input: InputFlag) => Promise<string>,
): Promise<Record<string, Json>> {
  // No prototype: no key can reach Object.prototype, whatever it is called.
  const root: Record<string, Json> = Object.create(null) as Record<string, Json>;
  for (const { text, typed, flag } of fields) {
    const eq = text.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} takes key=value, got ${JSON.stringify(text)}.`);
    const key = text.slice(0, eq);
    const raw = text.slice(eq + 1);
    const input: InputFlag = { flag, kind: 'body', typed: (source) => `${flag} ${key}=@${source}` };
    const value = typed ? await typedValue(raw, (path) => readFile(path, input)) : raw;
    const parts = key.split('.');
    let target: Record<string, Json> = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const isArray = part.endsWith('[]');
      const name = isArray ? part.slice(0, -2) : part;
      if (!name || /[[\]]/.test(name)) throw new UsageError(`${flag} has an invalid key ${JSON.stringify(key)}.`);
      if (FORBIDDEN_KEYS.has(name)) {
        throw new UsageError(
          `${flag} ${JSON.stringify(key)}: "${name}" cannot be a key (it names a JavaScript object's prototype).`,
          'Rename the field; the API has no field of that name.',
        );
      }
      if (last) {
        let holder: object = target;
        let at: string | number = name;
        if (isArray) {
          const existing = target[name];
          // Appended in place: a thousand -F k[]=v stay linear.
          const list = Array.isArray(existing) ? existing : (target[name] = []);
          list.push(value);
          [holder, at] = [list, list.length - 1];
        } else {
          target[name] = value;
        }
        // -F n=9007199254740993 is sent as typed, not as the nearest double (…992).
        if (typeof value === 'number' && String(value) !== raw) keepNumberText(holder, at, raw);
        return;
      }
      if (isArray) throw new UsageError(`${flag}: "[]" may only end a key (${JSON.stringify(key)}).`);
      const next = target[name];
      if (typeof next !== 'object' || next === null || Array.isArray(next))
        target[name] = Object.create(null) as Record<string, Json>;
      target = target[name] as Record<string, Json>;
    });
  }
  return root;
}

/**
 * `-H "Name: value"`, checked here: a header that cannot be sent is exit 2, not a network error.
 * The value of a header named like a credential (X-Auth-Key, Cookie, ...) is a secret: masked
 * in every line mon writes, --debug included, and wherever the server quotes it.
 */
function parseHeaders(io: Pick<Ctx['io'], 'addSecret'>, headers: string[]): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const header of headers) {
    const colon = header.indexOf(':');
    const name = header.slice(0, colon).trim();
    if (colon <= 0 || !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) {
      throw new UsageError(
        `-H takes "Name: value" with a name of letters, digits and !#$%&'*+.^_\`|~-, got ${sanitize(JSON.stringify(header))}.`,
      );
    }
    const value = header.slice(colon + 1).trim();
    // A tab may be part of a value (RFC 9110); no other control character may.
    if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) {
      throw new UsageError(
        `-H ${name}: the value must not contain control characters (line breaks included), got ${sanitize(JSON.stringify(value))}.`,
        'Put each header in its own -H.',
      );
    }
    out[name.toLowerCase()] = value;
    if (isSecretHeader(name)) {
      // "Basic dXNlcjpwYXNz": the value and its credential alone.
      io.addSecret(value);
      for (const word of value.split(/\s+/)) io.addSecret(word);
    }
  }
  return { ...out };
}

export async function apiRun(ctx: WriteCtx, { flags: options, args }: Input<typeof API>): Promise<void> {
  const { io } = ctx;
  const path = checkApiPath(args.path);
  let stdinUsed = false;
  const readFile = (file: string, input: InputFlag): Promise<string> => {
    if (file === '-') {
      if (stdinUsed) throw new UsageError('Only one value can be read from stdin (@- or --input -).');
      stdinUsed = true;
    }
    return readInputText(io, file, input);
  };
  const fields = await buildFields(
    [
      ...(options.rawField ?? []).map((text) => ({ text, typed: false, flag: '-f' })),
      ...(options.field ?? []).map((text) => ({ text, typed: true, flag: '-F' })),
    ],
    readFile,
  );
  const hasFields = Object.keys(fields).length > 0;
  let rawBody: string | undefined;
  if (options.input !== undefined) {
    rawBody = await readFile(options.input, { flag: '--input', kind: 'body' });
    try {
      JSON.parse(rawBody);
    } catch (error) {
      throw new UsageError(`--input ${options.input} is not valid JSON (${(error as Error).message}).`);
    }
  }
  const bodyGiven = !options.paginate && (hasFields || rawBody !== undefined);
  const method: HttpMethod = options.method ?? (bodyGiven ? 'POST' : 'GET');
  if (options.paginate && method !== 'GET') throw new UsageError('--paginate works with GET only.');

  // Fields are the query of a GET (and of any request whose body comes from --input).
  const inQuery = method === 'GET' || method === 'HEAD' || rawBody !== undefined;
  const query: Record<string, string> = {};
  if (inQuery) {
    for (const [key, value] of Object.entries(fields)) {
      query[key] =
        typeof value === 'object' && value !== null
          ? stringifyJson(value)
          : (keptNumberText(fields, key) ?? String(value));
    }
  }
  // --paginate reads full pages (the API's maximum) unless a limit is given, in the path or as a field.
  const limitInPath = new URLSearchParams(path.split('?')[1] ?? '').has('limit');
  if (options.paginate && !limitInPath && query.limit === undefined) query.limit = String(PAGE_LIMIT.max);
  const request: ApiRequest = { method, path, query, headers: parseHeaders(io, options.header ?? []) };
  if (rawBody !== undefined) request.rawBody = rawBody;
  else if (!inQuery && hasFields) request.body = fields;

  const effect = METHOD_EFFECTS[method];
  const client = async () => ctx.api();
  const sendOne = async () => {
    const response = await (await client()).request(request).catch((error: unknown) => {
      // Fields made it a POST without -X: a 405 most likely means a GET was meant.
      throw options.method === undefined && hasFields ? postNotAllowed(error) : error;
    });
    if (options.include) printHead(ctx, response.status, response.headers);
    await printBody(ctx, response.body, response.text);
  };
  if (effect.kind === 'read-only' && !options.dryRun) {
    if (options.plan)
      throw new UsageError(`--plan is for requests that change something: ${method} only reads.`, 'Leave out --plan.');
    if (!options.paginate) return sendOne();
  } else {
    // A write (or a dry run): one flow with every other write (core/write.ts). mon api cannot
    // know what a path changes: the plan says the request, as it will be sent.
    return runWrite(ctx, {
      effect,
      plan: () => ({
        changes: [`${method} ${args.path}: sent as given (mon api does not read what it changes)`],
        requests: [request],
        confirm: { question: `Send ${method} ${sanitize(args.path)}?`, declined: 'Nothing was sent.' },
        send: sendOne,
      }),
    });
  }
  const paging = await client();
  const writer = jsonArrayWriter(io);
  const guard = new PageGuard(path, paging.paging);
  let nextId: string | undefined = query.nextId;
  for (let first = true; ; first = false) {
    const response = await paging.request({ ...request, query: { ...query, ...(nextId ? { nextId } : {}) } });
    if (first && options.include) printHead(ctx, response.status, response.headers);
    const page = response.body as { entries?: unknown; nextId?: unknown } | undefined;
    if (!page || !Array.isArray(page.entries)) {
      // Not a paginated list: print it as it is.
      if (first) return printBody(ctx, response.body, response.text);
      break;
    }
    try {
      guard.read(response.text);
      for (const entry of page.entries) writer.write(entry);
      if (typeof page.nextId !== 'string' || !page.nextId) break;
      guard.next(page.entries.length, page.nextId);
    } catch (error) {
      // Not all of the list: what was printed is not taken for it (left open, not valid JSON; with --jq, nothing).
      writer.abandon();
      throw error;
    }
    nextId = page.nextId;
  }
  await writer.end();
}

function printHead(ctx: Pick<Ctx, 'io'>, status: number, headers: Record<string, string | string[] | undefined>): void {
  ctx.io.outRaw(`HTTP ${statusLabel(status)}\n`);
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) ctx.io.outRaw(`${name}: ${sanitize(Array.isArray(value) ? value.join(', ') : value)}\n`);
  }
  ctx.io.outRaw('\n');
}

async function printBody(ctx: Pick<Ctx, 'io'>, body: unknown, text: string): Promise<void> {
  if (text.trim() === '') return;
  if (body === undefined) ctx.io.outRaw(`${ctx.io.stdoutIsTTY ? sanitize(text, { newlines: true }) : text}\n`);
  else await printJson(ctx.io, body);
}

/** A 405 to the POST that fields made, with how to send them as a GET's query instead. */
function postNotAllowed(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 405) return error;
  const suffix = error.requestId ? ` (request ID ${sanitize(error.requestId)})` : '';
  const message = suffix && error.message.endsWith(suffix) ? error.message.slice(0, -suffix.length) : error.message;
  return new ApiError(error.kind, message, {
    status: error.status,
    serverMessage: error.serverMessage,
    requestId: error.requestId,
    attempts: error.attempts,
    hint: 'Fields (-f, -F) make the request a POST unless -X says otherwise: add -X GET to send them as the query of a GET.',
  });
}
