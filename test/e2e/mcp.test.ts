/**
 * `mon mcp` end to end: the MCP SDK's own client over stdio, spawning the real bin/mon.js
 * against `mon sandbox` over HTTP (and, once, `--sandbox`'s embedded one). The sandbox's
 * received requests are the evidence that a plan sends nothing and its token sends once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WAIT_MS } from '../timeouts';
import { BIN, cleanEnv, leakedSecrets, openIncident, runMon, startSandbox, type SandboxProcess } from './harness';

const API = { id: '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01', name: 'Public API' };

interface Result {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

interface Session {
  client: Client;
  stderr(): string;
  /** A tool call whose whole answer is checked for every secret the suite knows. */
  call(name: string, args?: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<Result>;
  close(): Promise<void>;
}

const open: Session[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((session) => session.close()));
});

async function connect(args: string[], env: NodeJS.ProcessEnv): Promise<Session> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    env: env as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  (transport.stderr as Readable).setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const client = new Client({ name: 'mon-tests', version: '1.0.0' });
  await client.connect(transport, { timeout: WAIT_MS });
  const session: Session = {
    client,
    stderr: () => stderr,
    async call(name, callArgs = {}, options = {}) {
      const result = (await client.callTool({ name, arguments: callArgs }, undefined, {
        timeout: WAIT_MS,
        signal: options.signal,
      })) as Result;
      expect(leakedSecrets(JSON.stringify(result)), `${name} answered a secret`).toEqual([]);
      return result;
    },
    async close() {
      await client.close();
      expect(leakedSecrets(stderr), 'mon mcp wrote a secret on stderr').toEqual([]);
    },
  };
  open.push(session);
  return session;
}

async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('mon mcp against a sandbox over HTTP', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox?.stop();
  });
  beforeEach(async () => {
    await sandbox.clearRequests();
  });

  const writes = async () =>
    (await sandbox.requests())
      .filter((request) => request.method !== 'GET')
      .map((request) => ({ method: request.method, path: request.path, body: request.body }));

  it('initializes, and lists only the read-only tools by default, annotated from their classification', async () => {
    const session = await connect([], sandbox.env());
    expect(session.client.getServerVersion()).toMatchObject({ name: 'mon' });
    const { tools } = await session.client.listTools();
    const names = tools.map((tool) => tool.name);
    for (const name of [
      'status',
      'incidents_list',
      'incidents_get',
      'checks_get',
      'status_pages_list',
      'heartbeats_get',
    ])
      expect(names).toContain(name);
    for (const name of [
      'incidents_update',
      'incidents_create',
      'checks_delete',
      'api',
      'auth_status',
      'heartbeats_ping',
    ])
      expect(names).not.toContain(name);
    for (const tool of tools)
      expect(tool.annotations, tool.name).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
        openWorldHint: true,
      });
    const list = tools.find((tool) => tool.name === 'incidents_list')!;
    expect(list.description).toMatch(/^List incidents/);
    expect(Object.keys(list.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['limit', 'nextId', 'all', 'status', 'service', 'severity', 'since']),
    );
    expect(list.inputSchema.properties).not.toHaveProperty('watch');
    expect(session.stderr()).toContain('read-only; --allow-writes serves the');
    // A write tool is refused by name, with what to do.
    await expect(session.call('incidents_update', { message: 'x' })).rejects.toThrow(/--allow-writes/);
  });

  it('--allow-writes lists the write tools, annotated, each taking a planToken', async () => {
    const session = await connect(['--allow-writes'], sandbox.env());
    const { tools } = await session.client.listTools();
    const update = tools.find((tool) => tool.name === 'incidents_update')!;
    expect(update.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(update.inputSchema.properties).toHaveProperty('planToken');
    expect(update.inputSchema.properties).not.toHaveProperty('yes');
    expect(update.inputSchema.properties).not.toHaveProperty('dryRun');
    expect(update.description).toContain('Without planToken this changes nothing');
    expect(tools.find((tool) => tool.name === 'checks_delete')!.annotations).toMatchObject({
      destructiveHint: true,
      idempotentHint: true,
    });
  });

  it('a read tool takes a short ID and a name, as the CLI does', async () => {
    const { id } = await openIncident(sandbox, { name: 'Checkout errors', service: API });
    const session = await connect([], sandbox.env());
    const got = await session.call('incidents_get', { incidentId: id.slice(0, 6) });
    expect(got.isError).toBeFalsy();
    expect(got.structuredContent).toMatchObject({ id, name: 'Checkout errors' });
    expect(JSON.parse(got.content[0]!.text)).toMatchObject({ id });
    // The text is the CLI's JSON, on one line.
    const cli = await runMon(`incidents get ${id} --json`, { env: sandbox.env() });
    expect(got.content[0]!.text).toBe(JSON.stringify(JSON.parse(cli.stdout)));
    const page = await session.call('status_pages_get', { page: 'Acme Cloud' });
    expect(page.structuredContent).toMatchObject({ name: 'Acme Cloud' });
    // A list: its page object, nextId beside the entries.
    const list = await session.call('incidents_list', { limit: 1 });
    expect(list.structuredContent).toHaveProperty('entries');
    expect(list.structuredContent).toHaveProperty('nextId');
    // A JSON array is wrapped.
    const all = await session.call('incidents_list', { all: true });
    expect(all.structuredContent).toMatchObject({ items: expect.arrayContaining([expect.objectContaining({ id })]) });
    expect(all.content[0]!.text).toBe(JSON.stringify(all.structuredContent!.items));
  });

  it('a write without planToken is its plan (nothing sent); with it, it posts exactly once; again is a conflict', async () => {
    const { id } = await openIncident(sandbox, { name: 'Login failures', service: API });
    const session = await connect(['--allow-writes'], sandbox.env());
    const args = { incidentId: id.slice(0, 8), status: 'monitoring', message: 'Fix deployed; watching.' };
    const planned = await session.call('incidents_update', args);
    expect(planned.isError).toBeFalsy();
    const plan = planned.structuredContent!;
    expect(plan).toMatchObject({ status: 'confirmation_required', command: 'incidents update', target: { id } });
    expect(plan.planToken).toEqual(expect.any(String));
    expect(await writes()).toEqual([]);

    const sent = await session.call('incidents_update', { ...args, planToken: plan.planToken });
    expect(sent.isError, sent.content[0]?.text).toBeFalsy();
    expect(sent.structuredContent).toMatchObject({ status: 'MONITORING', description: 'Fix deployed; watching.' });
    expect(await writes()).toEqual([plan.request]);

    const again = await session.call('incidents_update', { ...args, planToken: plan.planToken });
    expect(again.isError).toBe(true);
    expect(again.structuredContent).toMatchObject({ error: { exitCode: 10, kind: 'conflict' } });
    expect(JSON.parse(again.content[0]!.text).error.message).toContain('used already');
    expect(await writes()).toHaveLength(1);
  });

  it('another client posted between the plan and its token: a tool error naming what changed, nothing sent', async () => {
    const { id } = await openIncident(sandbox, { name: 'Queue backlog', service: API });
    const session = await connect(['--allow-writes'], sandbox.env());
    const args = { incidentId: id, message: 'Drained.' };
    const plan = (await session.call('incidents_resolve', args)).structuredContent!;
    expect(plan.status).toBe('confirmation_required');
    // The other client: mon itself, from a shell.
    const other = await runMon(`incidents update ${id} --status identified -m "Another responder" --yes`, {
      env: sandbox.env(),
    });
    expect(other.code, other.stderr).toBe(0);
    await sandbox.clearRequests();
    const result = await session.call('incidents_resolve', { ...args, planToken: plan.planToken });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ error: { exitCode: 10, kind: 'conflict' } });
    expect((result.structuredContent!.error as { message: string }).message).toContain(
      'changed since it was planned: 1 update was posted (1 → 2); its last status went from INVESTIGATING to IDENTIFIED',
    );
    expect(await writes()).toEqual([]);
  });

  it('bad input is a tool error in the CLI words (bounds on both sides), and the server goes on serving', async () => {
    const session = await connect(['--allow-writes'], sandbox.env());
    const unknown = await session.call('incidents_list', { bogus: true });
    expect(unknown).toMatchObject({
      isError: true,
      structuredContent: { error: { exitCode: 2, kind: 'usage', message: 'incidents_list has no argument "bogus".' } },
    });
    const typed = await session.call('incidents_list', { limit: 'many' });
    expect(typed.structuredContent).toMatchObject({ error: { exitCode: 2, kind: 'usage' } });
    expect((typed.structuredContent!.error as { message: string }).message).toContain('--limit');
    const over = await session.call('incidents_list', { limit: 101 });
    expect(over.structuredContent).toMatchObject({
      error: { exitCode: 2, kind: 'usage', message: '--limit must be a whole number from 1 to 100 (got 101).' },
    });
    expect((await session.call('incidents_list', { limit: 100 })).isError).toBeFalsy();
    const stdin = await session.call('incidents_create', { name: 'X', service: ['Public API'], messageFile: '-' });
    expect(stdin.structuredContent).toMatchObject({ error: { kind: 'usage' } });
    const name = 'n'.repeat(256);
    const long = await session.call('incidents_create', {
      name,
      severity: 'MINOR',
      service: ['Public API'],
      message: 'm',
    });
    expect(long.structuredContent).toMatchObject({ error: { exitCode: 2, kind: 'usage' } });
    const fits = await session.call('incidents_create', {
      name: name.slice(1),
      severity: 'MINOR',
      service: ['Public API'],
      message: 'm',
    });
    expect(fits.structuredContent).toMatchObject({ status: 'confirmation_required' });
    const missing = await session.call('incidents_get', { incidentId: 'ffffff' });
    expect(missing.structuredContent).toMatchObject({ error: { exitCode: 6, kind: 'not-found' } });
    expect(await writes()).toEqual([]);
    expect((await session.call('status')).isError).toBeFalsy();
  });

  it('no result holds the API key, a ping token or a secret variable', async () => {
    const session = await connect(['--allow-writes'], sandbox.env());
    const list = await session.call('heartbeats_list');
    const monitor = (list.structuredContent!.items as { id: string; heartbeat: { pingToken: string } }[])[0]!;
    expect(monitor.heartbeat.pingToken).toMatch(/^…/);
    const one = await session.call('heartbeats_get', { check: monitor.id.slice(0, 6) });
    expect(one.isError).toBeFalsy();
    const secret = 'hunter2-very-secret-value';
    const args = {
      name: 'Secret DNS',
      query: 'example.com',
      recordType: 'A',
      secretEnv: [`TOKEN=${secret}`],
    };
    const plan = await session.call('checks_create_dns', args);
    expect(plan.structuredContent).toMatchObject({ status: 'confirmation_required' });
    const created = await session.call('checks_create_dns', { ...args, planToken: plan.structuredContent!.planToken });
    expect(created.isError, created.content[0]?.text).toBeFalsy();
    const got = await session.call('checks_get', { check: 'Secret DNS' });
    for (const result of [plan, created, got]) expect(JSON.stringify(result)).not.toContain(secret);
    expect(session.stderr()).not.toContain(secret);
  });

  it('its calls share one kept-alive connection to the API, whatever the tool', async () => {
    // An HTTP relay in front of the sandbox counts the connections the server opens to it. It
    // keeps an idle connection for 10 minutes (and says so: `Keep-Alive: timeout=600`, which
    // Node's agent honours), so a loaded machine's pause between two calls cannot close it, as
    // the sandbox's 5 s would; each request goes on to the sandbox on a connection of its own.
    const upstream = sandbox.env().MON_BASE_URL!;
    const opened: Socket[] = [];
    const relay = createHttpServer((request, response) => {
      const onward = httpRequest(
        upstream + request.url,
        { method: request.method, headers: { ...request.headers, host: new URL(upstream).host }, agent: false },
        (answer) => {
          const { connection: _connection, 'keep-alive': _keepAlive, ...headers } = answer.headers;
          response.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(response);
        },
      );
      onward.on('error', () => response.destroy());
      request.pipe(onward);
    });
    relay.keepAliveTimeout = 600_000;
    relay.on('connection', (socket: Socket) => opened.push(socket));
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = relay.address() as { port: number };
      const session = await connect([], sandbox.env({ MON_BASE_URL: `http://127.0.0.1:${port}` }));
      for (const [name, args] of [
        ['incidents_list', { limit: 5 }],
        ['status_pages_list', {}],
        ['incidents_list', { status: 'all', limit: 20 }],
        ['runtimes_list', {}],
      ] as const) {
        const result = await session.call(name, args);
        expect(result.isError, result.content[0]?.text).toBeFalsy();
      }
      expect(opened).toHaveLength(1);
      expect(opened[0]!.destroyed).toBe(false);
    } finally {
      relay.closeAllConnections();
      await new Promise((resolve) => relay.close(resolve));
    }
  });

  it('a call the client cancels is cancelled (its request aborted), and the server goes on serving', async () => {
    // The first GET of this sandbox is never answered; the call's own deadline is far beyond any wait.
    const slow = await startSandbox(['--faults', 'hangx1@GET']);
    try {
      const session = await connect([], slow.env({ MON_TIMEOUT: '3000' }));
      const controller = new AbortController();
      const pending = session.call('incidents_list', {}, { signal: controller.signal });
      await until('the sandbox received the call', async () =>
        (await slow.requests()).some((request) => request.path.startsWith('/v1/status-pages/incidents')),
      );
      controller.abort();
      await expect(pending).rejects.toThrow();
      await until('mon mcp said the call was cancelled', () =>
        session.stderr().includes('incidents_list was cancelled by the client'),
      );
      expect((await session.call('runtimes_list')).isError).toBeFalsy();
    } finally {
      await slow.stop();
    }
  });
});

describe('mon mcp ends', () => {
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });

  async function started(
    env: NodeJS.ProcessEnv,
  ): Promise<{ child: ChildProcess; exited: Promise<number | null>; out: () => string }> {
    const child = spawn(process.execPath, [BIN, 'mcp', '--sandbox'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stdin!.write(`${initialize}\n`);
    await until('the initialize answer', () => out.includes('"protocolVersion":"2025-11-25"'));
    return { child, exited, out: () => out };
  }

  it('a line that is not JSON is answered with a parse error, JSON that is no message with an invalid request; it goes on serving', async () => {
    const { child, exited, out } = await started(cleanEnv());
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    child.stdin!.write(`this is not json\n{"jsonrpc":"2.0","id":7,"method":5}\n[]\n${list}\n`);
    await until('the tools/list answer', () => out().includes('"id":2'));
    const [, ...answers] = out()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // No id where none can be read (MCP's JSONRPCErrorResponse: `id?: RequestId`), the request's where it can.
    expect(answers[0]).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: expect.stringMatching(/^Parse error: the line is not JSON/) },
    });
    expect(answers[1]).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32600, message: expect.stringMatching(/^Invalid Request: /) },
    });
    expect(answers[2]).toMatchObject({ error: { code: -32600 } });
    expect(answers[2]).not.toHaveProperty('id');
    expect(answers[3]).toMatchObject({ id: 2, result: { tools: expect.any(Array) } });
    child.stdin!.end();
    expect(await exited).toBe(0);
  });

  it('when stdin closes: exit 0', async () => {
    const { child, exited } = await started(cleanEnv());
    child.stdin!.end();
    expect(await exited).toBe(0);
  });

  it('when stdin closes with a call in flight that never ends: the call is cancelled, exit 0', async () => {
    const hung = await startSandbox(['--faults', 'hangx1@GET']);
    try {
      const env = hung.env({ MON_TIMEOUT: '3000' });
      const child = spawn(process.execPath, [BIN, 'mcp'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
      const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'incidents_list', arguments: {} } };
      child.stdin!.write(`${initialize}\n${JSON.stringify(call)}\n`);
      await until('the sandbox received the call', async () =>
        (await hung.requests()).some((request) => request.path.startsWith('/v1/status-pages/incidents')),
      );
      child.stdin!.end();
      expect(await exited).toBe(0);
    } finally {
      await hung.stop();
    }
  });

  it('on SIGTERM: exit 143', async () => {
    const { child, exited } = await started(cleanEnv());
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
  });
});

it('--sandbox: the embedded sandbox is served to `mon --sandbox` commands while the server runs', async () => {
  const env = cleanEnv();
  const session = await connect(['--sandbox', '--allow-writes'], env);
  const args = { name: 'Rehearsal', severity: 'MINOR', service: ['Public API'], message: 'Rehearsing.' };
  const plan = await session.call('incidents_create', args);
  expect(plan.structuredContent).toMatchObject({ status: 'confirmation_required' });
  const created = await session.call('incidents_create', { ...args, planToken: plan.structuredContent!.planToken });
  const { id } = created.structuredContent as { id: string };
  // Another mon, in a terminal beside the agent: it talks to the server's sandbox (it does not wait for it).
  const got = await runMon(`--sandbox incidents get ${id} --json`, { env });
  expect(got.code, got.stderr).toBe(0);
  expect(JSON.parse(got.stdout)).toMatchObject({ id, name: 'Rehearsal' });
});
