/**
 * A call's answer (src/commands/mcp/shared/server.ts's resultOf) from what its command printed
 * through printJson, as `mon mcp` captures it: the result, and the JSON text of it that the
 * transport writes (what the client reads). (test/e2e/mcp.test.ts reads the same through the
 * SDK's client, from the binary.)
 */
import { describe, expect, it } from 'vitest';
import { resultOf } from '../../../src/commands/mcp/shared/server';
import { capturedIO, type CapturedIO } from '../../../src/io';
import { printJson } from '../../../src/output/render';
import { parseJson } from '../../../src/text/json';

/** `value` printed as a call prints it (compact JSON). */
async function printed(value: unknown, before?: (io: CapturedIO) => void) {
  const io = capturedIO();
  io.compactJson = true;
  before?.(io);
  await printJson(io, value);
  return io;
}

/** What the client reads: the result as the JSON text the transport writes. */
const wire = (json: string) =>
  JSON.parse(json) as { content: { type: string; text: string }[]; structuredContent?: unknown; isError?: boolean };

describe("a call's answer", () => {
  it('is its JSON as text and as structuredContent, written once, numbers as received', async () => {
    const text = '{"id":"abc","ratio":1.10,"big":9007199254740993,"name":"say \\"hi\\"\\n"}';
    const io = await printed(parseJson(text));
    expect(io.stdout).toBe(`${text}\n`);
    const { result, json } = resultOf(0, io);
    expect(result.structuredContent).toEqual(JSON.parse(text));
    expect(result.content).toEqual([{ type: 'text', text }]);
    // Written once as it is: 1.10 and the 17 digits stay as the API wrote them, in both.
    expect(json).toBe(`{"content":[{"type":"text","text":${JSON.stringify(text)}}],"structuredContent":${text}}`);
    expect(wire(json)).toEqual({ content: [{ type: 'text', text }], structuredContent: JSON.parse(text) });
  });

  it('wraps an array as {"items": [...]} and any other value as {"value": ...}, in the result and its text alike', async () => {
    for (const [value, structured] of [
      [[{ id: 'a' }, { id: 'b' }], { items: [{ id: 'a' }, { id: 'b' }] }],
      [42, { value: 42 }],
      ['done', { value: 'done' }],
    ] as const) {
      const { result, json } = resultOf(0, await printed(value));
      expect(result.structuredContent).toEqual(structured);
      expect(wire(json)).toEqual({
        content: [{ type: 'text', text: JSON.stringify(value) }],
        structuredContent: structured,
      });
    }
  });

  it('masks a ping token (a ping URL holds it) and a secret value in the text and structuredContent alike', async () => {
    const token = 'b1c2d3e4f5a6b7c8d9e0';
    const value = {
      id: 'hb',
      heartbeat: { pingToken: token, pingUrl: `https://ping.example.com/${token}` },
      environmentVariables: [{ key: 'TOKEN', value: 'hunter2-very-secret', secret: true }],
    };
    const { result, json } = resultOf(0, await printed(value));
    expect(json).not.toContain(token);
    expect(json).not.toContain('hunter2');
    const answer = wire(json);
    expect(answer.structuredContent).toEqual(JSON.parse(answer.content[0]!.text));
    expect(answer.structuredContent).toMatchObject({
      heartbeat: { pingToken: '…d9e0', pingUrl: 'https://ping.example.com/…d9e0' },
      environmentVariables: [{ key: 'TOKEN', value: '••••', secret: true }],
    });
    expect(result.structuredContent).toEqual(answer.structuredContent);
  });

  it('holds a secret of the call masked, as stdout does', async () => {
    const key = 'sk_test_0123456789abcdef';
    const { result, json } = resultOf(0, await printed({ echoed: key }, (io) => io.addSecret(key)));
    expect(json).not.toContain(key);
    expect(wire(json)).toEqual({
      content: [{ type: 'text', text: '{"echoed":"sk_…cdef"}' }],
      structuredContent: { echoed: 'sk_…cdef' },
    });
    expect(result.structuredContent).toEqual({ echoed: 'sk_…cdef' });
  });

  it("is a tool error with the command's JSON error when it failed; its text when it printed no JSON", () => {
    const error = { error: { exitCode: 6, kind: 'not-found', message: 'No incident abc.', hint: null } };
    const failed = resultOf(6, { stdout: '', stderr: `${JSON.stringify(error)}\n` });
    expect(wire(failed.json)).toEqual({
      isError: true,
      content: [{ type: 'text', text: JSON.stringify(error) }],
      structuredContent: error,
    });
    expect(failed.result).toEqual(wire(failed.json));
    const said = resultOf(0, { stdout: 'Deleted.\n', stderr: '' });
    expect(wire(said.json)).toEqual({ content: [{ type: 'text', text: 'Deleted.' }] });
  });
});
