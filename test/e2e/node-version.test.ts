/**
 * mon on a Node.js it does not support: one sentence and exit 1, not a stack trace from inside
 * the bundle. Runs a real Node.js 18 from the npm registry (scripts/fetch-node.sh, the way
 * scripts/test-on-node.sh fetches 22 and 24), kept in .cache/node-18 between runs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, collect, fetchedNode } from './harness';
import { NETWORK_MS } from '../timeouts';

describe('an unsupported Node.js', () => {
  it(
    'gets one sentence naming the Node.js mon needs and the one running, and exit 1',
    async (ctx) => {
      const node = fetchedNode('18', ctx);
      if (!node) return;
      const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
      expect(version).toMatch(/^v18\./);
      for (const args of [['runtimes', 'list'], ['--sandbox', 'runtimes', 'list'], ['--version']]) {
        const result = await collect(spawn(node, [BIN, ...args], { env: cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] }));
        expect(result.code, args.join(' ')).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).toBe(
          `mon needs Node.js 20.18 or newer; this is ${version.slice(1)}. Install a newer one (https://nodejs.org/en/download, or \`nvm install 20\` with nvm) and run mon again.\n`,
        );
      }
    },
    NETWORK_MS,
  );

  it.each([
    ['19.99.0', 1],
    ['20.17.9', 1],
    ['20.18.0', 0],
    ['22.0.0', 0],
  ])('draws the line at 20.18 (process.versions.node %s: exit %i)', async (version, code) => {
    const fake = fileURLToPath(new URL('../fixtures/fake-node-version.cjs', import.meta.url));
    const env = cleanEnv({ NODE_OPTIONS: `--require ${fake}`, FAKE_NODE_VERSION: version });
    const result = await collect(spawn(process.execPath, [BIN, '--version'], { env, stdio: ['pipe', 'pipe', 'pipe'] }));
    expect(result.code).toBe(code);
    if (code === 0) expect(result.stdout).toMatch(/^mon \d+\.\d+\.\d+\n$/);
    else
      expect(result.stderr).toMatch(
        new RegExp(`^mon needs Node\\.js 20\\.18 or newer; this is ${version.replace(/\./g, '\\.')}\\. `),
      );
  });
});
