import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { inquirerPrompter } from '../../src/core/terminal-prompter';
import { testIO } from '../../src/io';

describe('dist/vendor/prompts.cjs (only the prompts mon asks, scripts/build.mjs)', () => {
  const vendor = createRequire(import.meta.url)('../../dist/vendor/prompts.cjs') as Record<string, unknown>;

  it('has every prompt the real prompter asks with', () => {
    // The build lists them by name; a prompt added to the prompter must be added there too.
    // `message` is mon's own prompt (src/core/message-prompt.ts), built on @inquirer/core.
    const asked = Object.keys(inquirerPrompter(testIO())).filter((name) => name !== 'message');
    expect(asked.length).toBeGreaterThan(0);
    for (const name of asked) expect(typeof vendor[name], name).toBe('function');
  });

  it("has what mon's own prompt imports from @inquirer/core (one copy, shared with the prompts)", () => {
    const source = readFileSync(new URL('../../src/core/message-prompt.ts', import.meta.url), 'utf8');
    const imported = /import \{([^}]*)\} from '@inquirer\/core'/
      .exec(source)![1]!
      .split(',')
      .map((name) => name.trim());
    const values = imported.filter((name) => name && !name.startsWith('type '));
    expect(values.length).toBeGreaterThan(0);
    for (const name of values) expect(typeof vendor[name], name).toBe('function');
  });
});
