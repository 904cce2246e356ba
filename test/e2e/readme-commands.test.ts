/**
 * Every command the README shows runs as written (test/examples.ts says which lines are
 * commands): in README order, through bash, with `mon` on PATH the real bin/mon.js, against a
 * fresh sandbox that a `mon sandbox` serves on the default data file (so `mon --sandbox ...`
 * and `mon ...` with the stored profile see the same data). Each must end with the exit code
 * it states, or 0. What is not run is listed below with why; the words that stand for the
 * reader's own values are replaced by the sandbox's, each listed with why. A skip or a
 * placeholder that no longer matches anything fails the test, so neither list goes stale.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { markdownExamples, runExamples, withPlaceholders, type Placeholder, type Skipped } from '../examples';
import { BIN, cleanEnv, runMon, startSandbox, tempDir, type SandboxProcess } from './harness';

const README = fileURLToPath(new URL('../../README.md', import.meta.url));
/** The "Public API" service of the sample data (src/sandbox/modules/statusPages.ts). */
const PUBLIC_API = '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01';

const TERMINAL = 'asks on a terminal (the screen tests, test/e2e/*-screen.test.ts, type into it)';
const SKIPPED: Skipped[] = [
  {
    command: 'npm ci && node bin/mon.js --sandbox status-pages list',
    why: 'installs and builds: this run is of the build',
  },
  { command: 'npm ci && npm test', why: 'installs, builds and runs this suite' },
  {
    command: 'npm install -g ./mon-cli-0.1.0.tgz     # puts `mon` on your PATH; nothing else is installed',
    why: 'installs globally (test/e2e/package.test.ts installs the packed tarball in a directory of its own)',
  },
  { command: 'npm ci            # installs the build tools and builds dist/', why: 'installs and builds' },
  { command: 'npm link          # optional: puts `mon` on your PATH', why: 'changes the global npm prefix' },
  {
    command: 'npm pack          # the package as users get it (npm publish runs the tests first)',
    why: 'test/e2e/package.test.ts packs it',
  },
  { command: 'npm test', why: 'this suite' },
  {
    command: 'npx @modelcontextprotocol/inspector --cli mon mcp --sandbox --method tools/list',
    why: 'fetches the Inspector from the npm registry (test/e2e/mcp.test.ts lists the tools with the SDK client)',
  },
  {
    command: 'mon --sandbox incidents create           # asks for a name, severity, services and a message',
    why: TERMINAL,
  },
  {
    command: 'mon auth login                      # prompts for base URL, account ID and API key (hidden)',
    why: `a login prompt: ${TERMINAL}`,
  },
  {
    command: 'mon --profile staging auth login    # a second profile; select it with --profile or MON_PROFILE',
    why: `a login prompt: ${TERMINAL}`,
  },
  { command: 'mon status --watch --interval 5          # the same, live', why: `stays until Ctrl-C: ${TERMINAL}` },
  {
    command: 'mon incidents list --watch               # the open incidents, live; new ones marked +',
    why: `stays until Ctrl-C: ${TERMINAL}`,
  },
  {
    command:
      'mon incidents update                     # pick the open incident, type the message, its status; then confirm',
    why: TERMINAL,
  },
  {
    command: 'mon incidents resolve                    # pick it; the message and notify are asked, then confirmed',
    why: TERMINAL,
  },
  {
    command: 'mon incidents list --watch --interval 5   # live on a terminal: redrawn in place, new ones marked +',
    why: `stays until Ctrl-C: ${TERMINAL}`,
  },
  {
    command:
      'mon incidents create                             # on a terminal: asks name, severity, services, message, notify',
    why: TERMINAL,
  },
  {
    command: 'mon incidents update                             # pick an open incident, then message, status, notify',
    why: TERMINAL,
  },
  {
    command:
      'mon incidents resolve                            # pick it, then the message (default text, editable) and notify',
    why: TERMINAL,
  },
  {
    command:
      'mon incidents updates edit                       # pick it, edit the current message, status, notify; old → new',
    why: TERMINAL,
  },
  {
    command:
      'mon checks delete "Old DNS"                 # names the check and asks; without a terminal: its plan, exit 9, unless --yes',
    why: `a confirmation: ${TERMINAL}`,
  },
  {
    command:
      'mon checks create-dns                       # on a terminal: asks name, query, record type, name server, assertions, frequency, locations; then confirms',
    why: TERMINAL,
  },
  {
    command: 'mon completion zsh > "${fpath[1]}/_mon"                     # zsh (then restart zsh)',
    why: "zsh's syntax (`$fpath`), for zsh (test/e2e/completion.test.ts loads the script in zsh)",
  },
  {
    command: 'mon completion fish > ~/.config/fish/completions/mon.fish   # fish',
    why: "writes into fish's own directory, which fish makes (test/e2e/completion.test.ts loads the script in fish)",
  },
  {
    command: 'mon sandbox                          # serves the whole API on http://127.0.0.1:4010',
    why: 'a server until Ctrl-C, on a fixed port: the harness starts its own in the background',
  },
  {
    command: 'mon sandbox --port 0 --data ./sandbox.jsonl --json',
    why: 'a server until Ctrl-C: the harness starts its own in the background',
  },
  {
    command: 'mon sandbox --faults 503:0.2,429:0.1,delay:300',
    why: 'a server until Ctrl-C, on a fixed port (test/e2e/sandbox-server.test.ts runs faults)',
  },
  {
    command: 'mon sandbox reset                    # back to the sample data (asks first; --yes in scripts)',
    why: "refused while a `mon sandbox` serves the file, as documented (the harness's does): test/commands/sandbox/reset.test.ts",
  },
  { command: './my-incident-script.sh', why: "the reader's own script" },
];

/** The reader's values, as the sandbox has them (evaluated by the shell where the command runs). */
const PLACEHOLDERS: Placeholder[] = [
  { written: 'https://api.example.com', run: '"$SANDBOX_URL"', why: "an account's base URL: the sandbox's" },
  { written: 'https://ping.example.com', run: '"$MON_PING_URL"', why: "an account's ping URL: the sandbox's" },
  { written: /(?<![\w$])ACCOUNT_ID\b/, run: '"$SANDBOX_ACCOUNT"', why: "the reader's account ID: the sandbox's" },
  { written: 'MON_API_KEY=...', run: 'MON_API_KEY="$MON_KEY"', why: "the reader's key: the sandbox's" },
  {
    written: 'MON_ACCOUNT_ID=...',
    run: 'MON_ACCOUNT_ID="$SANDBOX_ACCOUNT"',
    why: "the reader's account: the sandbox's",
  },
  {
    written: /(?<![\w$])INCIDENT_ID\b/,
    run: `"$(mon incidents list --status all --jq '.entries[0].id')"`,
    why: 'an incident of the reader: the newest in the sandbox',
  },
  {
    written: /\b66e973\b/,
    run: `"$(mon incidents list --jq '.entries[0].id[:6]')"`,
    why: "the first 6 characters of the open incident's ID the outage section works on",
  },
  {
    written: /(?<![\w$])UPDATE_ID\b/,
    run: `"$(mon incidents get "$id" --jq '.incidentUpdates[0].id')"`,
    why: 'an update of the incident in $id: its newest',
  },
  {
    written: /(?<![\w$])SERVICE_ID\b/,
    run: '"$SERVICE_ID"',
    why: 'a service of the reader: "Public API" of the sample data',
  },
  {
    written: /(?<![\w$/-])CHECK\b/,
    run: `"$(mon --sandbox sandbox info --jq '.heartbeats[0].checkId')"`,
    why: "a heartbeat monitor's check ID: the first of the sandbox's",
  },
  {
    written: /(?<![\w$])TOKEN\b/,
    run: `"$(mon --sandbox sandbox info --jq '.heartbeats[0].pingToken')"`,
    why: "a heartbeat monitor's ping token: the first of the sandbox's",
  },
  {
    written: /(?<![\w$])PLAN_TOKEN\b/,
    run: `"$(mon incidents update "$(mon incidents list --status all --jq '.entries[0].id')" --status monitoring -m "Fix deployed; watching." --plan --jq .planToken)"`,
    why: 'the planToken a plan of the same command line printed: made with --plan just before it',
  },
  {
    written: '89b79133-69a0-4844-937a-2f739079c352',
    run: `"$(mon --sandbox sandbox info --jq '.heartbeats[] | select(.name == "Database backup") | .pingToken')"`,
    why: 'the ping token the sample run printed: the one the monitor it created got',
  },
  { written: '/usr/local/bin/backup.sh', run: 'true', why: "the reader's job: one that succeeds" },
];

let sandbox: SandboxProcess;
let env: NodeJS.ProcessEnv;
let cwd: string;

beforeAll(async () => {
  const base = cleanEnv({ NO_COLOR: '1' });
  // `mon` on PATH is this build's bin/mon.js.
  const bin = tempDir('mon-readme-bin-');
  writeFileSync(join(bin, 'mon'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'mon'), 0o755);
  sandbox = await startSandbox([], { dataFile: join(base.MON_DATA_DIR!, 'sandbox.jsonl'), env: base });
  const { info } = sandbox;
  env = {
    ...base,
    PATH: `${bin}:${base.PATH}`,
    // What a reader of the README has set: their key (in MON_KEY too, for `printenv MON_KEY`) and
    // ping URL; the base URL and account come from `mon auth login --with-key`, its first use.
    MON_API_KEY: info.apiKey,
    MON_KEY: info.apiKey,
    MON_PING_URL: info.pingUrl,
    SANDBOX_URL: info.baseUrl,
    SANDBOX_ACCOUNT: info.accountId,
    SERVICE_ID: PUBLIC_API,
  };
  // What the README takes as already there: the files it names, the template the outage
  // section uses (stored as the Templates section shows how), and the outage itself (an open
  // incident; the checks are the sample data's).
  cwd = tempDir('mon-readme-');
  const dns = '{"name": "example.com A", "request": {"query": "example.com", "recordType": "A"}}\n';
  writeFileSync(join(cwd, 'dns-check.json'), dns);
  writeFileSync(join(cwd, 'check.json'), dns.replace('}}', '}, "heartbeat": {}, "script": ""}'));
  mkdirSync(join(env.HOME!, '.config'), { recursive: true });
  const given = [
    'templates add rollback --status identified --message "We identified a bad deploy of {{services}} and are rolling it back."',
    '--sandbox incidents create --name "Checkout errors" --severity major --service Checkout --message "Card payments fail."',
  ];
  for (const line of given) expect((await runMon(line, { env })).code).toBe(0);
});
afterAll(async () => {
  await sandbox?.stop();
});

it('runs every command of the README as written, each ending as it states', { timeout: 600_000 }, async () => {
  const examples = markdownExamples('README.md', readFileSync(README, 'utf8'));
  const ran = await runExamples(examples, { env, cwd, skipped: SKIPPED, placeholders: PLACEHOLDERS });
  const failed = ran
    .filter((example) => example.code !== example.expect)
    .map(
      (example) =>
        `README.md:${example.line}: ${example.command}\n  ran: ${example.ran}\n  exit ${example.code}, expected ${example.expect}\n  stderr: ${example.stderr.trim().split('\n').slice(-4).join('\n          ')}`,
    );
  expect(failed.join('\n\n')).toBe('');
  // Every command is run or skipped for a reason given above, and neither list goes stale.
  const written = examples.map((example) => example.command);
  expect(SKIPPED.map((skip) => skip.command).filter((command) => !written.includes(command))).toEqual([]);
  expect(
    PLACEHOLDERS.filter((placeholder) =>
      written.every((command) => withPlaceholders(command, [placeholder]) === command),
    ).map((placeholder) => String(placeholder.written)),
  ).toEqual([]);
  expect(ran.length + SKIPPED.length).toBe(examples.length);
  console.info(`README: ${ran.length} commands run, ${SKIPPED.length} skipped (of ${examples.length})`);
});
