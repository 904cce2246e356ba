/**
 * `mon mcp`'s stdio transport (src/commands/mcp/shared/stdio.ts) on a stream of our own: the
 * lines it hands the server, the answers it writes for a line that is no message, its bound
 * on both sides, a result written from the JSON text its call made. (test/e2e/mcp.test.ts sends it a line that is not JSON through the binary.)
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineTransport, MAX_MESSAGE_BYTES } from '../../../src/commands/mcp/shared/stdio';

function transport() {
  const input = new PassThrough();
  const written: string[] = [];
  const messages: unknown[] = [];
  const errors: string[] = [];
  const line = new LineTransport(input, (text) => written.push(text));
  line.onmessage = (message) => messages.push(message);
  line.onerror = (error) => errors.push(error.message);
  const answers = () => written.map((text) => JSON.parse(text) as Record<string, unknown>);
  return { input, line, written, messages, errors, answers };
}

/** The stream's writes are handed on within a turn of the event loop. */
const delivered = () => new Promise((resolve) => setImmediate(resolve));

const ping = (id: number, pad = '') => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping', params: { pad } });

describe('the stdio transport', () => {
  it('reads a message split across chunks (a character of several bytes too), and two in one chunk', async () => {
    const { input, line, messages, written } = transport();
    await line.start();
    const bytes = Buffer.from(`${ping(1, 'caf\u00e9')}\r\n${ping(2)}\n${ping(3)}\n`);
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of "é"
    input.write(bytes.subarray(0, cut));
    input.write(bytes.subarray(cut));
    await delivered();
    expect(messages).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'caf\u00e9' } },
      { jsonrpc: '2.0', id: 2, method: 'ping', params: { pad: '' } },
      { jsonrpc: '2.0', id: 3, method: 'ping', params: { pad: '' } },
    ]);
    expect(written).toEqual([]);
  });

  it('answers a line that is not JSON (-32700) and JSON that is no message (-32600), ignores a blank line, reads on', async () => {
    const { input, line, messages, answers, errors } = transport();
    await line.start();
    input.write(
      `{"jsonrpc":"2.0","id":1,\n\n   \n{"jsonrpc":"2.0","id":"a","method":["x"]}\n{"jsonrpc":"1.0","id":null}\n`,
    );
    input.write(`{"jsonrpc":"2.0","id":9,"result":"not an object"}\n${ping(4)}\n`);
    await delivered();
    expect(answers()).toEqual([
      { jsonrpc: '2.0', error: { code: -32700, message: expect.stringContaining('not JSON') } },
      { jsonrpc: '2.0', id: 'a', error: { code: -32600, message: expect.stringContaining('Invalid Request') } },
      { jsonrpc: '2.0', error: { code: -32600, message: expect.stringContaining('Invalid Request') } },
    ]);
    // A response is never answered (the server sends no requests: none is expected).
    expect(errors.at(-1)).toBe('a response that is not JSON-RPC 2.0 was ignored');
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 4, method: 'ping', params: { pad: '' } }]);
  });

  it(`reads a message of ${MAX_MESSAGE_BYTES} bytes; one byte more is refused, dropped to its newline, and it reads on`, async () => {
    const { input, line, messages, answers } = transport();
    await line.start();
    const fits = ping(1, 'x'.repeat(MAX_MESSAGE_BYTES - ping(1).length));
    expect(Buffer.byteLength(fits)).toBe(MAX_MESSAGE_BYTES);
    const over = ping(2, 'x'.repeat(MAX_MESSAGE_BYTES - ping(2).length + 1));
    // In pieces, as a pipe gives them.
    for (const text of [`${fits}\n${over}`, '\n', ping(3), '\n'])
      for (let at = 0; at < text.length; at += 1 << 20) input.write(text.slice(at, at + (1 << 20)));
    await delivered();
    expect(messages.map((message) => (message as { id: number }).id)).toEqual([1, 3]);
    expect(answers()).toEqual([
      { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: a message is at most 10 MiB.' } },
    ]);
  });

  it('writes a result it was told of as that JSON text, once; anything else as JSON.stringify writes it', async () => {
    const { line, written } = transport();
    await line.start();
    const text = '{"ratio":1.10}';
    const result = { content: [{ type: 'text', text }], structuredContent: { ratio: 1.1 } };
    line.answering(result, `{"content":[{"type":"text","text":${JSON.stringify(text)}}],"structuredContent":${text}}`);
    const copy = { ...result };
    await line.send({ jsonrpc: '2.0', id: 7, result: copy });
    await line.send({ jsonrpc: '2.0', id: 'a', result });
    await line.send({ jsonrpc: '2.0', id: 8, result });
    expect(written).toEqual([
      `${JSON.stringify({ jsonrpc: '2.0', id: 7, result: copy })}\n`,
      `{"result":{"content":[{"type":"text","text":"{\\"ratio\\":1.10}"}],"structuredContent":{"ratio":1.10}},"jsonrpc":"2.0","id":"a"}\n`,
      `${JSON.stringify({ jsonrpc: '2.0', id: 8, result })}\n`,
    ]);
    expect(JSON.parse(written[1]!)).toEqual({ jsonrpc: '2.0', id: 'a', result });
  });

  it('stdout gone: the transport closes (the server ends) instead of writing on', async () => {
    const input = new PassThrough();
    let closed = 0;
    const line = new LineTransport(input, () => {
      throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    });
    line.onclose = () => closed++;
    line.onerror = () => {};
    await line.start();
    await line.send({ jsonrpc: '2.0', id: 1, result: {} });
    await line.send({ jsonrpc: '2.0', id: 2, result: {} });
    expect(closed).toBe(1);
  });
});
