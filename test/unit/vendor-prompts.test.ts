import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { inquirerPrompter } from '../../src/core/prompter';
import { testIO } from '../../src/io';

describe('dist/vendor/prompts.cjs (only the prompts mon asks, scripts/build.mjs)', () => {
  it('has every prompt the real prompter asks with', () => {
    // The build lists them by name; a prompt added to the prompter must be added there too.
    const vendor = createRequire(import.meta.url)('../../dist/vendor/prompts.cjs') as Record<string, unknown>;
    const asked = Object.keys(inquirerPrompter(testIO()));
    expect(asked.length).toBeGreaterThan(0);
    for (const name of asked) expect(typeof vendor[name], name).toBe('function');
  });
});
