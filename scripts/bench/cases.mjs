// `checks list` and `mon status`, measured by `npm run bench` against a floor doing the same
// requests (the paths are those the commands send: `--debug` shows them), and skipped, saying
// so, on a mon that does not have them.
import { spawnSync } from 'node:child_process';

export const LATER = [
  {
    id: 'checksList',
    name: 'checks list --limit 20 --json vs CJS node:http floor',
    words: ['checks', 'list'],
    args: ['--limit', '20', '--json'],
    floor: ['/v1/checks?limit=20&page=1'],
    limit: 1.4,
  },
  {
    id: 'status',
    name: 'status (3 requests in parallel) vs a floor doing the same 3 in parallel',
    words: ['status'],
    args: [],
    floor: [
      '/v1/status-pages/incidents?limit=100',
      '/v1/check-statuses',
      '/v1/checks?checkType=HEARTBEAT&limit=100&page=1',
    ],
    limit: 1.4,
  },
];

/** Whether `mon WORDS` is a command of this mon: its help's usage line names it. */
export function hasCommand(node, bin, words, env) {
  const result = spawnSync(node, [bin, ...words, '--help'], { env, encoding: 'utf8' });
  return result.status === 0 && new RegExp(`^Usage: mon ${words.join(' ')}\\b`, 'm').test(result.stdout);
}
