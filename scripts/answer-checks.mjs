// The module `mon:answer-checks` (src/api/read.ts imports it): for every answer mon reads, a
// function that tells whether a body fits the shape of its zod schema, written as JavaScript by
// src/api/shape.ts from src/api/schemas/responses.ts. scripts/build.mjs puts it into the bundle
// and vitest.config.ts gives it to the tests, both with plugins of their own over this.
import { build } from 'esbuild';
import { createRequire } from 'node:module';

export const ANSWER_CHECKS = 'mon:answer-checks';

/** The module's source. */
export async function answerChecks() {
  const { outputFiles } = await build({
    entryPoints: [new URL('../src/api/schemas/responses.ts', import.meta.url).pathname],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'warning',
  });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', outputFiles[0].text)(
    module,
    module.exports,
    createRequire(import.meta.url),
  );
  return module.exports.answerChecksSource();
}
