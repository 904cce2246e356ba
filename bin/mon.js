#!/usr/bin/env node
// The only place that ends the process: everything else returns an exit code.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let cli;
try {
  cli = require('../dist/mon.cjs');
} catch (error) {
  if (error && error.code === 'MODULE_NOT_FOUND' && String(error.message).includes('dist/mon.cjs')) {
    process.stderr.write('mon: the build output (dist/mon.cjs) is missing. Run `npm run build` (or `npm ci`) first.\n');
    process.exit(1);
  }
  throw error;
}
process.exitCode = await cli.run(process.argv.slice(2));
// A keep-alive socket or a stray timer must not keep a finished command alive.
setTimeout(() => process.exit(), 2000).unref();
