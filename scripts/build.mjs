// Bundles src/ into dist/mon.cjs: one CommonJS file, so that start-up reads one file and
// it can be compiled with a V8 code cache. Modules loaded with `await import()` stay lazy
// inside the bundle: esbuild wraps them so their top-level code runs on first use.
// The file is replaced atomically (write, then rename), so a `mon` starting during a
// build reads either the old bundle or the new one, never half of one.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const dist = new URL('../dist/', import.meta.url);
mkdirSync(dist, { recursive: true });

const result = await build({
  entryPoints: ['src/cli.ts'],
  outfile: 'dist/mon.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20.18',
  define: { MON_VERSION: JSON.stringify(pkg.version) },
  legalComments: 'none',
  minify: true,
  keepNames: true,
  logLevel: 'warning',
  write: false,
});
for (const file of result.outputFiles) {
  const temp = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temp, file.contents);
  renameSync(temp, file.path);
}
