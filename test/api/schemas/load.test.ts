/**
 * Every schema module loads: a schema built from another at load (statusPages.ts's incidents
 * are incidents.ts's without their updates; checks.ts's DNS update omits the script fields of
 * its create) throws there if the two disagree, and then every command reading or sending
 * those bodies fails before it starts. Loaded here one by one, so that such a failure is this
 * file's failing test rather than an import error of every test file that uses them.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DIR = new URL('../../../src/api/schemas/', import.meta.url);
const MODULES = readdirSync(DIR).filter((name) => name.endsWith('.ts'));

describe('the schema modules', () => {
  it('are all here', () => {
    expect(MODULES.length).toBeGreaterThanOrEqual(15);
  });

  it.each(MODULES)('%s loads', async (name) => {
    const module = (await import(new URL(name, DIR).href)) as Record<string, unknown>;
    expect(Object.keys(module).length).toBeGreaterThan(0);
    // Each export has its value (a module that stopped half-way has holes where the rest should be).
    for (const [key, value] of Object.entries(module)) expect(value, key).toBeDefined();
  });
});
