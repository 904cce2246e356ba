import { build } from 'esbuild';
const r = await build({ entryPoints: ['src/cli.ts'], bundle: true, platform: 'node', format: 'esm', write: false, metafile: true, define: { MON_VERSION: '"x"' }, logLevel: 'error', outdir: '/tmp/x' });
const inputs = r.metafile.inputs;
const seen = new Set(); const stack = ['src/cli.ts'];
while (stack.length) { const f = stack.pop(); if (seen.has(f)) continue; seen.add(f); for (const imp of inputs[f]?.imports ?? []) if (imp.kind === 'import-statement' || imp.kind === 'require-call') stack.push(imp.path); }
let total = 0; const big = [];
for (const f of seen) { const b = inputs[f]?.bytes ?? 0; total += b; big.push([b, f]); }
big.sort((a, b) => b[0] - a[0]);
console.log('eager bytes', total, 'files', seen.size);
for (const [b, f] of big.slice(0, 25)) console.log(b, f);
