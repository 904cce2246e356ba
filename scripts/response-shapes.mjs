// The shape of every answer mon reads (src/api/schemas/responses.ts's responseShapes), derived
// from the zod schemas, for scripts/build.mjs and vitest.config.ts to define MON_RESPONSE_SHAPES
// with (src/api/read.ts checks a body against it without loading zod).
import { build } from 'esbuild';
import { createRequire } from 'node:module';

export async function responseShapes() {
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
  return module.exports.responseShapes();
}
