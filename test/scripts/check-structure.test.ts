import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { importGraph, problems } from '../../scripts/check-structure.mjs';

type Edge = [string, string, string];

describe('the structure check (npm run lint)', () => {
  it('finds no import circle and no import running up a layer in src/', async () => {
    expect(problems((await importGraph()) as Edge[])).toEqual([]);
  });

  it('fails on a circle (dynamic imports count) and on an import from a higher layer', () => {
    expect(
      problems([
        ['src/text/a.ts', 'src/text/b.ts', 'import-statement'],
        ['src/text/b.ts', 'src/text/a.ts', 'dynamic-import'],
        ['src/api/client.ts', 'src/core/context.ts', 'import-statement'],
        ['src/core/context.ts', 'src/api/client.ts', 'import-statement'],
      ]),
    ).toEqual([
      'src/api/client.ts imports src/core/context.ts, a higher layer: move the thing down, or pass it in',
      'import circle: src/text/a.ts → src/text/b.ts',
      'import circle: src/api/client.ts → src/core/context.ts',
    ]);
  });
});
