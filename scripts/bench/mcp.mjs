// `mon mcp` in `npm run bench`: a tool call against the same GET done by this process with
// node:http (the floor: what the HTTP request costs), 1,000 sequential calls, interleaved call by
// call (so machine noise hits both alike), medians; and the server's resident memory (VmRSS of
// /proc, or ps) after them. The client is the MCP SDK's own, over stdio, as an agent's is.
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
 * median ms of each, and the server's RSS after the calls.
 */
export async function mcpFigures({ node, bin, env, key, tool, args, url, check }) {
  const transport = new StdioClientTransport({ command: node, args: [bin, 'mcp'], env, stderr: 'ignore' });
  const client = new Client({ name: 'mon-bench', version: '1.0.0' });
  await client.connect(transport);
  const agent = new http.Agent({ keepAlive: true });
  try {
    const calls = [];
    const gets = [];
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
    return { callMs: median(calls), getMs: median(gets), rssMb: rssMb(transport.pid) };
  } finally {
    agent.destroy();
    await client.close();
  }
}
