// `mon mcp` in `npm run bench`: a tool call against the same GET done by this process with
// node:http (the floor: what the HTTP request costs), 1,000 sequential calls, interleaved call by
// call (so machine noise hits both alike), medians; the server's resident memory (VmRSS of
// /proc, or ps) after them, and the CPU time it spent (user + system, /proc/PID/stat) per call,
// which a loaded machine slows less than it slows the wall clock. The client is the MCP SDK's
// own, over stdio, as an agent's is.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const MCP_CALLS = 1000;

/** A process's resident memory in MB, now. */
function rssMb(pid) {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // Not Linux: ps says it.
  }
  const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
  return Number(ps.stdout.trim()) / 1024;
}

/** A process's CPU time (user + system) in ms so far, or NaN where /proc does not say it. */
function cpuMs(pid) {
  try {
    // The fields after the command's name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ');
    const tick = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
  } catch {
    return NaN;
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** One GET with a kept-alive connection, as the server keeps its own. */
function get(agent, url, key) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

/**
 * `mon mcp` run by `node` with `env` (pointing at a sandbox): `tool` with `args` called
 * MCP_CALLS times, each followed by a GET of `url` (what the call asks the API). Returns the
 * median ms of each, the server's RSS after the calls and its CPU time per call.
 */
export async function mcpFigures({ node, bin, env, key, tool, args, url, check }) {
  const transport = new StdioClientTransport({ command: node, args: [bin, 'mcp'], env, stderr: 'ignore' });
  const client = new Client({ name: 'mon-bench', version: '1.0.0' });
  await client.connect(transport);
  const agent = new http.Agent({ keepAlive: true });
  try {
    const calls = [];
    const gets = [];
    const cpuBefore = cpuMs(transport.pid);
    for (let at = 0; at < MCP_CALLS; at++) {
      let started = performance.now();
      const result = await client.callTool({ name: tool, arguments: args });
      calls.push(performance.now() - started);
      if (result.isError || (at === 0 && check)) check?.(result);
      if (result.isError) throw new Error(`${tool} failed: ${result.content[0]?.text}`);
      started = performance.now();
      await get(agent, url, key);
      gets.push(performance.now() - started);
    }
    const cpuPerCall = (cpuMs(transport.pid) - cpuBefore) / MCP_CALLS;
    return { callMs: median(calls), getMs: median(gets), rssMb: rssMb(transport.pid), cpuMs: cpuPerCall };
  } finally {
    agent.destroy();
    await client.close();
  }
}
