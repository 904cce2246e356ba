import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGER, ENVIRONMENT, pagerCommand, SYSTEM_VARIABLES } from '../src/env';

/** The rows of the README's "## Environment" table: [variable, meaning]. */
function readmeRows(): [string, string][] {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('\n## Environment\n'), readme.indexOf('\n## Exit codes\n'));
  return [...section.matchAll(/^\| `([A-Za-z_]+)` \| (.*) \|$/gm)].map((match) => [match[1]!, match[2]!]);
}

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

describe('the environment variables (src/env.ts)', () => {
  it("are the README's table, row for row, in the same order", () => {
    const table = ENVIRONMENT.map(({ name, meaning }) => `| \`${name}\` | ${meaning} |`).join('\n');
    expect(
      readmeRows()
        .map(([name, meaning]) => `| \`${name}\` | ${meaning} |`)
        .join('\n'),
      `README.md's table should be:\n${table}`,
    ).toBe(table);
  });

  it("hold every variable the code reads (bin/mon.js and src/), or name it as the system's", () => {
    const read = new Set<string>();
    for (const file of ['bin/mon.js', ...sources('src')]) {
      const text = readFileSync(file, 'utf8');
      for (const [, name] of text.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) read.add(name!);
      // Named in a string: `env[variable]` with SETTINGS' names, the paging bounds, the proxies.
      for (const [, name] of text.matchAll(/['"]((?:MON|NO|HTTPS?)_[A-Z_]+)['"]/g)) read.add(name!);
    }
    // Error codes of the proxy tunnel (api/proxy.ts), not variables.
    for (const name of read) if (name.startsWith('MON_PROXY_')) read.delete(name);
    const known = new Set<string>([...ENVIRONMENT.map((variable) => variable.name), ...SYSTEM_VARIABLES]);
    expect([...read].filter((name) => !known.has(name)).sort()).toEqual([]);
    expect(read).toContain('MON_PING_TOKEN');
  });
});

describe('the pager', () => {
  it('the pager: MON_PAGER, then PAGER, then `less -FRX`; empty or `cat` is none (described in the one env table)', () => {
    expect(pagerCommand({}, 'linux')).toEqual(['less', '-FRX']);
    expect(pagerCommand({}, 'win32')).toBeUndefined();
    expect(pagerCommand({ PAGER: 'more' }, 'win32')).toEqual(['more']);
    expect(DEFAULT_PAGER).toBe('less -FRX');
    expect(pagerCommand({ PAGER: 'more' })).toEqual(['more']);
    expect(pagerCommand({ MON_PAGER: 'less -R', PAGER: 'more' })).toEqual(['less', '-R']);
    expect(pagerCommand({ MON_PAGER: '', PAGER: 'more' })).toBeUndefined();
    expect(pagerCommand({ MON_PAGER: 'cat' })).toBeUndefined();
    expect(pagerCommand({ PAGER: '  ' })).toBeUndefined();
  });
});
