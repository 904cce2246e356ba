#!/usr/bin/env node
'use strict';
// No inspector, ever: SIGUSR1 makes Node open its debugger on 127.0.0.1:9229, where any local
// user can run code inside mon (and read the key) - a supervisor that signals a process group
// would do it to a long `mon heartbeats exec` or `mon sandbox`. A listener of our own, set
// before anything else, takes the signal from the inspector (on every Node line mon runs on;
// --disable-sigusr1 exists only from 22.14 and cannot be given through #!). mon ignores it.
process.on('SIGUSR1', function () {});
// Checks the Node.js version, answers --version, and hands over to the start-up
// (dist/start.cjs, src/start/start.ts: the caches, then the bundle). This file is the only
// place that ends the process; everything else returns an exit code.
//
// Any Node.js must be able to read this file (no `??`, no `?.`): on one too old for mon, the
// first thing it does is say so.
const MINIMUM = [20, 18];
const running = process.versions.node.split('.').map(Number);
if (running[0] < MINIMUM[0] || (running[0] === MINIMUM[0] && running[1] < MINIMUM[1])) {
  process.stderr.write(
    'mon needs Node.js ' +
      MINIMUM.join('.') +
      ' or newer; this is ' +
      process.versions.node +
      '. Install a newer one (https://nodejs.org/en/download, or `nvm install 20` with nvm) and run mon again.\n',
  );
  process.exit(1);
}

const fs = require('node:fs');
const path = require('node:path');
const dist = path.join(__dirname, '..', 'dist');
const args = process.argv.slice(2);

// The version needs none of mon: answered before anything is loaded, in one write. When that
// fails (a full disk, a full pipe, a reader gone), the start-up's writer says what happened.
if (args.length === 1 && args[0] === '--version') {
  const text = 'mon ' + require('../package.json').version + '\n';
  let written = 0;
  try {
    written = fs.writeSync(1, text);
  } catch {
    // Below.
  }
  if (written < text.length) exitWith(startUp().print(text.slice(written)));
  return;
}

let code;
try {
  code = startUp().start(args, dist);
} catch (error) {
  missingBuild(error);
}
exitWith(code);

function startUp() {
  try {
    return require(path.join(dist, 'start.cjs'));
  } catch (error) {
    missingBuild(error);
  }
}

/** Sets the exit code when the command is done; a keep-alive socket or a stray timer must not keep
 *  it alive (a code given at once, a kept output printed, leaves neither: no timer). */
function exitWith(code) {
  if (typeof code === 'number') return void (process.exitCode = code);
  Promise.resolve(code).then(function (value) {
    process.exitCode = value;
    setTimeout(function () {
      process.exit();
    }, 2000).unref();
  });
}

function missingBuild(error) {
  const files = ['start.cjs', 'launch.cjs', 'mon.cjs', 'rare.cjs'];
  const missing = files.some(function (file) {
    return !fs.existsSync(path.join(dist, file));
  });
  if (missing && error && (error.code === 'ENOENT' || error.code === 'MODULE_NOT_FOUND')) {
    process.stderr.write('mon: the build output (dist/) is missing. Run `npm run build` (or `npm ci`) first.\n');
    process.exit(1);
  }
  throw error;
}
