/**
 * An independent check of the traffic between mon and the sandbox: every request body is
 * validated against the REQUEST schema of the public OpenAPI description, and every answer
 * against the RESPONSE schema of its status, with ajv. Neither mon nor the sandbox uses
 * these schemas (both use the zod schemas of src/api/schemas), so a drift of the zod schemas
 * cannot hide behind "the sandbox accepted it".
 *
 * The description comes in three parts, read at run time from the project's shared reference
 * (shared/reference/, beside the repository or one of its parents; or MON_OPENAPI=FILE[:FILE],
 * separated as PATH is): openapi-subset.json (the spec's operations), openapi-beyond.json
 * (the operations mon uses beyond the spec: the checks' reads and delete, check statuses, one
 * status page, the heartbeat creation) and openapi-round4.json (the outage operations:
 * maintenance windows, check sessions, check results, check updates). They are not copied
 * into the repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { EXCEPTIONS, type Json, type OpenApiDocument, type SpecWins } from './openapi-exceptions';

// ajv-formats is CommonJS: its default export is the function, under `default` or not.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REFERENCE = join('shared', 'reference');
/** The parts of the description, in the order their operations are looked up. */
export const OPENAPI_PARTS = ['openapi-subset.json', 'openapi-beyond.json', 'openapi-round4.json'] as const;

/**
 * Where the description is: MON_OPENAPI's files, else the parts found in shared/reference/
 * beside the repository or a parent of it; empty when there is none.
 */
export function openApiFiles(): string[] {
  if (process.env.MON_OPENAPI) return process.env.MON_OPENAPI.split(delimiter).filter(Boolean);
  for (let dir = dirname(ROOT.replace(/\/$/, '')); ; dir = dirname(dir)) {
    const found = OPENAPI_PARTS.map((part) => join(dir, REFERENCE, part)).filter((file) => existsSync(file));
    if (found.length) return found;
    if (dirname(dir) === dir) return [];
  }
}

/** One entry of the sandbox's request log, as far as the check needs it. */
export interface Exchange {
  method: string;
  path: string;
  body: unknown;
  answer?: { status: number; body: unknown };
}

interface Operation {
  key: string;
  pattern: RegExp;
  literal: number;
  request?: () => ValidateFunction;
  responses: Map<string, () => ValidateFunction>;
}

/**
 * A schema compiled when first needed: compiling every operation's schemas up front took
 * ~1.7 s, paid again by every test file that checks traffic, most of which meet a few.
 */
function compiled(ajv: Ajv, schema: object): () => ValidateFunction {
  let validate: ValidateFunction | undefined;
  return () => (validate ??= ajv.compile(schema));
}

/**
 * The description made ready for ajv: every local `#/...` reference made absolute to its
 * $id (so that an operation's schema compiles alone), and OpenAPI 3.0's `nullable` without
 * a `type` (next to a $ref or allOf) written as the JSON Schema it means: this or null. A
 * reference to a schema the subset does not hold accepts anything.
 */
function prepare(value: Json, id: string, known: Set<string>): Json {
  if (Array.isArray(value)) return value.map((item) => prepare(item, id, known));
  if (value && typeof value === 'object') {
    const ref = value.$ref;
    // A schema the part left out (ChecksV1TracerouteRequest, in one branch of a check's
    // oneOf): anything is accepted there (those that matter are named in openapi-exceptions.ts).
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/') && !known.has(ref)) return {};
    const out: { [key: string]: Json } = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] =
        key === '$ref' && typeof item === 'string' && item.startsWith('#') ? `${id}${item}` : prepare(item, id, known);
    }
    if ('nullable' in out && !('type' in out)) {
      const { nullable, ...rest } = out;
      return nullable === true ? { anyOf: [rest, { type: 'null' }] } : rest;
    }
    return out;
  }
  return value;
}

export class OpenApiChecker {
  private readonly operations: Operation[] = [];
  /** What an error status that an operation does not declare is checked against: the API's error body. */
  private apiError?: () => ValidateFunction;

  /**
   * `documents`: the parts of the description (each compiled on its own: their schemas share
   * names); an operation is looked up in the first part that has it. `changes`: where the
   * spec wins and the description's gaps (test/openapi-exceptions.ts), applied to a copy of each part.
   */
  constructor(documents: Json[], changes: SpecWins[] = []) {
    documents.forEach((document, index) => this.add(document, changes, `https://openapi.invalid/part-${index}.json`));
    // The most specific template first (/v1/checks/dns before /v1/checks/{id}); a part's order kept otherwise.
    this.operations.sort((a, b) => b.literal - a.literal);
  }

  private add(document: Json, changes: SpecWins[], id: string): void {
    const changed = structuredClone(document) as unknown as OpenApiDocument;
    for (const change of changes) change.patch(changed);
    document = changed as unknown as Json;
    const names = Object.keys((document as { components: { schemas: object } }).components.schemas);
    const doc = prepare(document, id, new Set(names.map((name) => `#/components/schemas/${name}`))) as {
      paths: Record<string, Record<string, { requestBody?: Json; responses?: Record<string, Json> }>>;
      components: Json;
    };
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    // Only the components as a schema document; operations' schemas compile against them.
    ajv.addSchema({ $id: id, components: doc.components } as object);
    if (names.includes('ApiError')) this.apiError ??= compiled(ajv, { $ref: `${id}#/components/schemas/ApiError` });
    const schemaOf = (part: Json | undefined): Json | undefined =>
      (part as { content?: { 'application/json'?: { schema?: Json } } } | undefined)?.content?.['application/json']
        ?.schema;
    for (const [path, methods] of Object.entries(doc.paths)) {
      const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      const literal = path.replace(/\{[^}]+\}/g, '').length;
      for (const [method, operation] of Object.entries(methods)) {
        if (method === 'parameters') continue;
        if (this.operations.some((known) => known.key === `${method.toUpperCase()} ${path}`)) continue;
        const request = schemaOf(operation.requestBody);
        const responses = new Map<string, () => ValidateFunction>();
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          const schema = schemaOf(response);
          if (schema) responses.set(status, compiled(ajv, schema as object));
        }
        this.operations.push({
          key: `${method.toUpperCase()} ${path}`,
          pattern,
          literal,
          request: request ? compiled(ajv, request as object) : undefined,
          responses,
        });
      }
    }
  }

  /** The operation a request is for, or undefined for routes the description does not cover. */
  operation(method: string, path: string): string | undefined {
    return this.find(method, path)?.key;
  }

  private find(method: string, path: string): Operation | undefined {
    const bare = path.replace(/[?#].*$/, '');
    return this.operations.find((operation) => operation.key.startsWith(`${method} `) && operation.pattern.test(bare));
  }

  /**
   * What in one exchange departs from the description (empty when nothing does). Routes
   * the description does not cover (pings, unknown paths) are not checked; an answer with a
   * status the operation does not declare is checked as an error body when it is >= 400.
   */
  check(exchange: Exchange): string[] {
    const operation = this.find(exchange.method, exchange.path);
    if (!operation) return [];
    const label = `${exchange.method} ${exchange.path}`;
    const problems: string[] = [];
    const report = (validate: ValidateFunction, value: unknown, what: string) => {
      if (validate(value)) return;
      const lines = (validate.errors ?? []).map(
        (error) => `    ${error.instancePath || '(root)'} ${error.message} (${error.schemaPath})`,
      );
      problems.push(
        `${label}: ${what} does not match the OpenAPI description:\n${lines.join('\n')}\n    ${JSON.stringify(value).slice(0, 600)}`,
      );
    };
    if (operation.request && exchange.body !== undefined) {
      report(operation.request(), exchange.body, 'the request body');
    }
    const answer = exchange.answer;
    if (answer && answer.body !== undefined) {
      const validate =
        operation.responses.get(String(answer.status)) ?? (answer.status >= 400 ? this.apiError : undefined);
      if (validate) report(validate(), answer.body, `the ${answer.status} answer`);
      else if (answer.status >= 200 && answer.status < 300 && operation.responses.size) {
        problems.push(
          `${label}: answered ${answer.status}, a status the description does not declare (${[...operation.responses.keys()].join(', ')})`,
        );
      }
    }
    return problems;
  }
}

/** The parts of the description at `files`, parsed. */
export function readDocuments(files: string[]): Json[] {
  return files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Json);
}

/** The checker for the description in `files`, with these changes (where the spec wins, the gaps). */
export function loadChecker(files: string[], changes: SpecWins[] = []): OpenApiChecker {
  return new OpenApiChecker(readDocuments(files), changes);
}

/**
 * The independent check of what mon sends and what the sandbox answers: every exchange of a
 * sandbox's request log (test/e2e/harness.ts checks each sandbox's when its log is cleared
 * and when it stops, so the whole end-to-end suite's traffic goes through it; an in-process
 * test checks its sandbox's `requests`). Request bodies are
 * checked when mon sent them (its user agent): a test may send a wrong one on purpose to
 * see the sandbox refuse it. Answers are always checked.
 */
export function assertTrafficMatchesOpenApi(log: (Exchange & { headers: Record<string, string> })[]): void {
  const checker = openApiChecker();
  if (!checker) return;
  const problems = log.flatMap((entry) =>
    checker.check({
      method: entry.method,
      path: entry.path,
      body: /^mon\//.test(entry.headers['user-agent'] ?? '') ? entry.body : undefined,
      answer: entry.answer,
    }),
  );
  if (problems.length) {
    throw new Error(
      `The traffic between mon and the sandbox departs from the public OpenAPI description (see test/openapi.ts):\n${problems.join('\n')}`,
    );
  }
}

let checker: OpenApiChecker | undefined | null = null;
/** The checker of the description found (openApiFiles), with its exceptions: one per worker; undefined without a description. */
export function openApiChecker(): OpenApiChecker | undefined {
  if (checker !== null) return checker;
  const files = openApiFiles();
  if (!files.length) {
    const message = `The public OpenAPI description (shared/reference/openapi-subset.json, openapi-beyond.json and openapi-round4.json beside the repository, or MON_OPENAPI=FILE[:FILE]) was not found: the sandbox's traffic is not checked against it.`;
    // Not a failure even under CI: the description lives outside the repository (it is not
    // ours to copy in), and a clone elsewhere has none. test/sandbox/openapi.test.ts says it skipped.
    process.emitWarning(message);
  }
  checker = files.length ? loadChecker(files, EXCEPTIONS) : undefined;
  return checker;
}
