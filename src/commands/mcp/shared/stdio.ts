import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/*
 * `mon mcp`'s stdio transport: one JSON-RPC message a line on stdin, one a line written by
 * `write` (ctx.io's stdout: masked, written at once). The SDK's StdioServerTransport drops a
 * line that is not a message, answering nothing (its reader throws, and the error goes to
 * onerror): here such a line is answered as JSON-RPC 2.0 says, a parse error (-32700) for a
 * line that is not JSON, an invalid request (-32600) for JSON that is not a message, with the
 * request's id when one can be read and none otherwise (MCP 2025-11-25's JSONRPCErrorResponse:
 * `id?: RequestId`, "except in error cases where the ID could not be read"; its schema, and so
 * the SDK's client, refuse JSON-RPC's `id: null`). The server goes on reading.
 *
 * A tool's result is written from the JSON text its call made of it (`answering`), not
 * stringified again: it holds the command's JSON twice (a list of 20 incidents: ~35 KB).
 */

/** The longest message read, in bytes (without its newline): the SDK's transport's bound too. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

const NEWLINE = 0x0a;

/** A request id as MCP has them (a string or an integer), or undefined. */
function readableId(value: unknown): string | number | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { id } = value as { id?: unknown };
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : undefined;
}

/** A response (it has a result or an error): never answered, whatever its shape. */
function isResponse(value: unknown): boolean {
  return typeof value === 'object' && value !== null && ('result' in value || 'error' in value);
}

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** The line being read is over the bound: it is dropped up to its newline, then refused. */
  private overlong = false;
  private closed = false;
  /** Results about to be sent, and the JSON text of each. */
  private readonly ready = new WeakMap<object, string>();

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly write: (text: string) => void,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.ondata);
    this.input.on('error', this.oninputError);
  }

  /** `result` is about to be answered (a handler returns it next): its JSON text is `json`. */
  answering(result: object, json: string): void {
    this.ready.set(result, json);
  }

  /** A message as one line of JSON (no newline). */
  private lineOf(message: JSONRPCMessage): string {
    if (!('result' in message)) return JSON.stringify(message);
    const json = this.ready.get(message.result);
    if (json === undefined) return JSON.stringify(message);
    this.ready.delete(message.result);
    return `{"result":${json},"jsonrpc":"2.0","id":${JSON.stringify(message.id)}}`;
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    try {
      this.write(`${this.lineOf(message)}\n`);
    } catch (error) {
      // stdout is gone (the client quit): nothing more can be said to it.
      this.onerror?.(error as Error);
      await this.close();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.ondata);
    this.input.off('error', this.oninputError);
    this.held = [];
    this.onclose?.();
  }

  private readonly oninputError = (error: Error) => this.onerror?.(error);

  private readonly ondata = (chunk: Buffer | string) => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let newline = data.indexOf(NEWLINE); newline !== -1; newline = data.indexOf(NEWLINE)) {
      const tail = data.subarray(0, newline);
      data = data.subarray(newline + 1);
      const bytes = this.heldBytes + tail.length;
      const line = this.overlong || bytes > MAX_MESSAGE_BYTES ? undefined : Buffer.concat([...this.held, tail], bytes);
      this.held = [];
      this.heldBytes = 0;
      this.overlong = false;
      if (line) this.receive(line.toString('utf8').replace(/\r$/, ''));
      else
        this.refuse(
          undefined,
          ErrorCode.InvalidRequest,
          `Invalid Request: a message is at most ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB.`,
        );
      if (this.closed) return;
    }
    if (!data.length || this.overlong) return;
    this.heldBytes += data.length;
    if (this.heldBytes > MAX_MESSAGE_BYTES) {
      this.overlong = true;
      this.held = [];
      this.heldBytes = 0;
    } else this.held.push(data);
  };

  /** One line: a message handed to the server, or an answer saying why it is not one. */
  private receive(line: string): void {
    // A blank line is no message (nothing to answer).
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return this.refuse(
        undefined,
        ErrorCode.ParseError,
        'Parse error: the line is not JSON (each message is one line of JSON-RPC 2.0).',
      );
    }
    const message = JSONRPCMessageSchema.safeParse(value);
    if (!message.success) {
      if (isResponse(value)) return this.onerror?.(new Error('a response that is not JSON-RPC 2.0 was ignored'));
      return this.refuse(
        readableId(value),
        ErrorCode.InvalidRequest,
        'Invalid Request: not a JSON-RPC 2.0 request or notification (jsonrpc "2.0", a method, params an object).',
      );
    }
    try {
      this.onmessage?.(message.data);
    } catch (error) {
      this.onerror?.(error as Error);
    }
  }

  private refuse(id: string | number | undefined, code: ErrorCode, message: string): void {
    this.onerror?.(new Error(`a line on stdin was refused: ${message}`));
    void this.send({ jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code, message } } as JSONRPCMessage);
  }
}
