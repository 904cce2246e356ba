// `npm run answer-checks`: writes src/api/answer-checks.generated.ts, the answers' checks
// (scripts/answer-checks/generate.ts, from the zod schemas of src/api/schemas/responses.ts).
// The file is committed; test/api/shape.test.ts fails when it is not what the schemas give.
// `--check`: exit 1, writing nothing, when the file differs.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The generator (TypeScript), bundled and run here: its packages (zod, prettier) come from node_modules. */
async function generator() {
  const { outputFiles } = await build({
    entryPoints: [new URL('answer-checks/generate.ts', import.meta.url).pathname],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    packages: 'external',
    write: false,
    logLevel: 'warning',
  });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', outputFiles[0].text)(
    module,
    module.exports,
    createRequire(import.meta.url),
  );
  return module.exports;
}

const { ANSWER_CHECKS_FILE, answerChecksFile } = await generator();
const file = `${root}/${ANSWER_CHECKS_FILE}`;
const text = await answerChecksFile(root);
if (process.argv.includes('--check')) {
  if (readFileSync(file, 'utf8') !== text) {
    console.error(`${ANSWER_CHECKS_FILE} is not what the schemas give: run \`npm run answer-checks\`.`);
    process.exit(1);
  }
} else {
  writeFileSync(file, text);
  console.log(`wrote ${ANSWER_CHECKS_FILE}`);
}
