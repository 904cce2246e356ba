import type { Command } from 'commander';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { closeTransports, type ClientOptions } from '../../../api/client';
import { createContext, type Ctx } from '../../../core/context';
import { buildSchema } from '../../../core/schema';
import { CancelledError } from '../../../errors';
import { capturedIO, type CapturedIO } from '../../../io';
import { errorJson } from '../../../output/json-errors';
import { withoutSecrets } from '../../../text/mask';
import { LineTransport } from './stdio';
import { argvFor, ToolInputError, toolsOf, type Tool } from './tools';
import { Cancellation } from '../../../signals';

/*
 * `mon mcp`: the MCP SDK's server on this process's stdin and stdout (through ctx.io, so that
 * whatever it writes is masked as every output of mon is), serving the tools of tools.ts. Each
 * call is a command line run in this process by main() (ctx.runLine), in agent mode (JSON, no
 * prompt, a write planned unless its plan token is given), with its output captured: the
 * settings (and the embedded sandbox) are this command's, resolved once, and the connections
 * to the API are kept open between calls.
 */

/** What a call answers (the MCP `CallToolResult`). */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The flags that make the server's calls run on its account: its profile, or its sandbox. */
function globalWords(ctx: Pick<Ctx, 'globals'>): string[] {
  const { sandbox, profile } = ctx.globals;
  return [...(sandbox ? ['--sandbox'] : []), ...(profile !== undefined ? ['--profile', profile] : [])];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The one JSON value a command printed, or undefined when it printed none (or something else). */
function printedJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The CLI's JSON on one line (a call's JSON is printed so already, compactJson; this is for any
 * printed otherwise): a line break in JSON text is never inside a string (there it is written
 * `\n`), so each one and the indentation after it can go.
 */
function oneLine(text: string): string {
  return text.includes('\n') ? text.replace(/\n */g, '') : text;
}

/** The error a command said on stderr in agent mode (`{"error": {...}}`, its last line), if it said one. */
function printedError(text: string): { error: Record<string, unknown> } | undefined {
  const lines = text.trim().split('\n').reverse();
  for (const line of lines) {
    const value = printedJson(line);
    if (isRecord(value) && isRecord(value.error)) return { error: value.error };
  }
  return undefined;
}

/** A call's answer, and the JSON text of it that goes out (the transport writes it as it is). */
export interface Answer {
  result: ToolResult;
  json: string;
}

const answer = (result: ToolResult): Answer => ({ result, json: JSON.stringify(result) });

function errorResult(error: { error: Record<string, unknown> }): Answer {
  return answer({ isError: true, content: [{ type: 'text', text: JSON.stringify(error) }], structuredContent: error });
}

/**
 * A call's answer from what its command printed and its exit code: the JSON it printed (an
 * array wrapped as {"items": [...]}); a plan (exit 9) is an answer too; any other failure is a
 * tool error with the command's own JSON error. The answer's JSON text holds the text as
 * `structuredContent` too: the same value, not stringified a second time (its numbers as the
 * CLI wrote them).
 */
export function resultOf(code: number, io: Pick<CapturedIO, 'stdout' | 'stderr'>): Answer {
  const error = printedError(io.stderr);
  const planned = error?.error.kind === 'confirmation-required';
  if (code !== 0 && !planned) {
    return errorResult(
      error ?? {
        error: {
          exitCode: code,
          kind: 'failure',
          message: io.stderr.trim() || `It ended with exit code ${code}.`,
          hint: null,
        },
      },
    );
  }
  // Parsed back from the text, not taken from the command: a value kept alive until here makes
  // the young generation grow (Node.js 24: 220 MB after 1,000 calls instead of 120).
  const json = printedJson(io.stdout);
  if (json === undefined) {
    // Nothing on stdout (or not one JSON value): what it said, as text.
    const text = io.stdout.trim() || io.stderr.trim() || 'Done.';
    return answer({ content: [{ type: 'text', text }] });
  }
  // The CLI prints a monitor's ping token (and a check's secret values, as the API gives them)
  // with --json: an agent gets none of them, wherever they appear (a ping URL holds its token).
  const masked = withoutSecrets(json);
  const value = masked ?? json;
  // Compact: the text goes beside the same value as structuredContent, to a program (its
  // numbers stay as the CLI wrote them).
  const text = masked === undefined ? oneLine(io.stdout.trim()) : JSON.stringify(masked);
  const [structured, structuredText] = Array.isArray(value)
    ? [{ items: value }, `{"items":${text}}`]
    : isRecord(value)
      ? [value, text]
      : [{ value }, `{"value":${text}}`];
  return {
    result: { content: [{ type: 'text', text }], structuredContent: structured },
    json: `{"content":[{"type":"text","text":${JSON.stringify(text)}}],"structuredContent":${structuredText}}`,
  };
}

/** The usage error of arguments no command line can say, shaped as the CLI's own. */
function inputErrorResult(error: ToolInputError): Answer {
  return errorResult(JSON.parse(errorJson({ exitCode: 2, kind: 'usage', message: error.message, hint: error.hint })));
}

/** The SDK's Server validates JSON Schema only to check elicitation answers, which mon never asks for. */
const NO_ELICITATION = {
  getValidator(): never {
    throw new Error('mon mcp asks for no elicitation: it has no JSON Schema validator.');
  },
};

/** After stdin closed, how long the calls in flight may still take before they are cancelled (the server ends within 2 s). */
const STDIN_GRACE_MS = 1000;

export interface ServeOptions {
  tree: () => Promise<Command>;
  allowWrites: boolean;
}

/** Serves until stdin closes (resolves: exit 0) or the command is cancelled (SIGTERM: 143). */
export async function serve(ctx: Ctx, options: ServeOptions): Promise<void> {
  const runLine = ctx.runLine;
  if (!runLine) throw new Error('mon mcp runs its calls through main(), which did not hand itself down.');
  // A server that cannot reach the API says so now (no key: exit 4), not at every call.
  ctx.serving = true;
  await ctx.api();
  const all = toolsOf(buildSchema(await options.tree(), []).commands, true);
  const tools = options.allowWrites ? all : all.filter((tool) => !tool.write);
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  const pool: NonNullable<ClientOptions['pool']> = new Map();
  ctx.onClose(() => closeTransports(pool));
  const globals = globalWords(ctx);
  // Copied once: reading process.env costs a look-up per variable, at every copy.
  const callEnv = Object.freeze({ ...ctx.env, MON_MODE: 'agent' });
  const settings = await ctx.settings();
  const where = ctx.globals.sandbox ? 'the embedded sandbox' : `profile "${settings.profile.value}"`;

  /** Runs one call as its command line; a server's signal (SIGTERM) or the client's cancellation ends it. */
  const call = async (tool: Tool, args: unknown, cancel: Cancellation): Promise<Answer> => {
    let argv: string[];
    try {
      argv = [...globals, ...argvFor(tool, args)];
    } catch (error) {
      if (error instanceof ToolInputError) return inputErrorResult(error);
      throw error;
    }
    const io = capturedIO();
    // The CLI's JSON on one line: the text of the answer as it is, and less to read back.
    io.compactJson = true;
    const callCtx = createContext({
      io,
      env: callEnv,
      cancel,
      now: () => ctx.now(),
      settings: () => ctx.settings(),
      pool,
    });
    const code = await runLine(argv, callCtx);
    return resultOf(code, io);
  };

  const server = new Server(
    { name: 'mon', title: 'mon', version: MON_VERSION },
    {
      capabilities: { tools: {} },
      instructions:
        `mon's commands on ${where}: status pages, incidents, checks, heartbeat monitors, runtimes. ` +
        'IDs may be given as their short prefixes, and checks, monitors and pages by name, as on the command line. ' +
        (options.allowWrites
          ? 'A write tool called without planToken returns its plan and changes nothing; call it again with the same arguments and the planToken to act.'
          : 'Only the read-only tools are served (the server was started without --allow-writes).'),
      jsonSchemaValidator: NO_ELICITATION,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map((tool) => tool.definition) }));

  // The protocol goes out through ctx.io, as every output of mon (secrets masked); a client
  // that is gone (stdout closed) ends the transport.
  const stdin = ctx.io.stdin;
  const transport = new LineTransport(stdin, (text) => ctx.io.outRaw(text));
  const inFlight = new Set<Promise<unknown>>();
  const stopping = new Cancellation();
  // The SDK's Server wraps a tools/call handler to check the request again (Protocol, which it
  // extends, checks it with the same schema) and the result (ours: its text and the same JSON),
  // copying it (~0.05 ms a call, and the copy would be stringified again): the handler is
  // Protocol's, as every other handler is. The SDK's client checks the result it receives.
  const setHandler = (Object.getPrototypeOf(Server.prototype) as Server).setRequestHandler;
  setHandler.call(server, CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    const tool = byName.get(name);
    if (!tool) {
      const hidden = all.some((one) => one.definition.name === name);
      throw new McpError(
        ErrorCode.InvalidParams,
        hidden
          ? `The tool ${name} is a write: start the server with --allow-writes to serve it (mon mcp --allow-writes).`
          : `There is no tool ${name}: tools/list lists them.`,
      );
    }
    const cancel = new Cancellation([extra.signal, stopping]);
    const work = call(tool, args, cancel);
    inFlight.add(work);
    try {
      const { result, json } = await work;
      if (extra.signal.aborted) ctx.io.err(`mon mcp: ${name} was cancelled by the client.\n`);
      // Sent next, as it is: the transport writes its JSON text.
      else transport.answering(result, json);
      return result;
    } finally {
      cancel.dispose();
      inFlight.delete(work);
    }
  });

  const ended = new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
    transport.onclose = resolve;
  });
  server.onerror = (error) => ctx.io.err(`mon mcp: ${error.message}\n`);
  const cancelled = new Promise<never>((_resolve, reject) => {
    const onAbort = () => reject(new CancelledError());
    if (ctx.cancel.aborted) onAbort();
    else ctx.cancel.onAbort(onAbort);
  });
  cancelled.catch(() => {});

  await server.connect(transport);
  const writes = all.length - all.filter((tool) => !tool.write).length;
  ctx.io.err(
    `mon mcp: ${tools.length} tools on ${where}${options.allowWrites ? ` (${writes} of them write, each through its plan)` : ` (read-only; --allow-writes serves the ${writes} write tools too)`}; waiting for a client on stdin.\n`,
  );
  try {
    await Promise.race([ended, cancelled]);
    // stdin closed (`printf ... | mon mcp`): the calls in flight have a moment to answer.
    const grace = setTimeout(() => stopping.abort(new Error('stdin closed')), STDIN_GRACE_MS);
    await Promise.race([Promise.allSettled([...inFlight]), cancelled]).finally(() => clearTimeout(grace));
  } finally {
    // What is still in flight ends now (SIGTERM, or past the grace), and nothing more is read or answered.
    stopping.abort(ctx.cancel.reason ?? new Error('stdin closed'));
    await Promise.allSettled([...inFlight]);
    await server.close().catch(() => {});
    (stdin as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  }
}
