// The inventory of the test suite: how many tests vitest collects and how many assertions
// the test code makes (a static count of `expect(` and `expect.`), checked against the
// figures recorded in scripts/test-inventory.json. Neither may drop: moving, renaming or
// merging tests keeps every one of them and every assertion they make.
//
//   node scripts/test-inventory.mjs            the figures; exit 1 when one is below the record
//   node scripts/test-inventory.mjs --record   the same, then records the figures (never lower ones)
//   node scripts/test-inventory.mjs --files    the figures of each file too
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RECORD = join(ROOT, 'scripts/test-inventory.json');

const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

/** Assertions per file of test/ (helpers included: an assertion in a helper runs in every test that calls it). */
function assertions() {
  const perFile = new Map();
  for (const file of files(join(ROOT, 'test'))) {
    const text = readFileSync(file, 'utf8');
    const count = (text.match(/\bexpect(\(|\.)/g) ?? []).length;
    if (count) perFile.set(relative(ROOT, file), count);
  }
  return perFile;
}

/** Tests per file, as vitest collects them (each case of an it.each counted). */
function tests() {
  const dir = mkdtempSync(join(tmpdir(), 'mon-inventory-'));
  try {
    const out = join(dir, 'list.json');
    const result = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'list', `--json=${out}`],
      {
        cwd: ROOT,
        encoding: 'utf8',
        // Collecting imports the tests; it needs no build of dist/.
        env: { ...process.env, MON_TEST_SKIP_BUILD: '1' },
      },
    );
    if (result.status !== 0) throw new Error(`vitest list failed:\n${result.stdout}${result.stderr}`);
    const perFile = new Map();
    for (const test of JSON.parse(readFileSync(out, 'utf8'))) {
      const file = relative(ROOT, test.file);
      perFile.set(file, (perFile.get(file) ?? 0) + 1);
    }
    return perFile;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const sum = (map) => [...map.values()].reduce((a, b) => a + b, 0);

const testsPerFile = tests();
const assertionsPerFile = assertions();
const now = { tests: sum(testsPerFile), assertions: sum(assertionsPerFile) };
const recorded = JSON.parse(readFileSync(RECORD, 'utf8'));

if (process.argv.includes('--files')) {
  for (const file of [...new Set([...testsPerFile.keys(), ...assertionsPerFile.keys()])].sort()) {
    console.log(
      `${String(testsPerFile.get(file) ?? 0).padStart(5)} ${String(assertionsPerFile.get(file) ?? 0).padStart(5)}  ${file}`,
    );
  }
}
let failed = false;
for (const what of ['tests', 'assertions']) {
  const drop = now[what] < recorded[what];
  failed ||= drop;
  console.log(`${what}: ${now[what]} (recorded: ${recorded[what]})${drop ? ' — FEWER than recorded' : ''}`);
}
if (failed) {
  console.error('The suite lost tests or assertions: find what a move left behind (--files compares per file).');
  process.exit(1);
}
if (process.argv.includes('--record')) {
  writeFileSync(RECORD, `${JSON.stringify(now, null, 2)}\n`);
  console.log('Recorded.');
}
