import { execFileSync } from 'node:child_process';
/**
 * Every example mon shows runs as written (test/examples.ts runs them through bash, with
 * `mon` on PATH the real bin/mon.js): the examples of every `--help` (the program's, every
 * group's and every command's), the commands of docs/*.md, and the command lines of the
 * skill (`mon skill`). Each ends with the exit code it states, or 0. README.md's are run by
 * readme-commands.test.ts. The help's and the docs' run against one sandbox (served by
 * `mon sandbox` on the default data file, which `mon --sandbox` uses too), the skill's in
 * agent mode against a fresh one, in order, as the skill says they do. What is not run is
 * listed with why; the words that stand for the reader's own values are replaced by the
 * sandbox's, each listed with why; a stale entry in either list fails the test.
 */
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../src/core/context';
import { testIO } from '../../src/io';
import { main } from '../../src/main';
import { buildProgram } from '../../src/program';
import {
  helpExamples,
  markdownExamples,
  runExamples,
  withPlaceholders,
  type Example,
  type Placeholder,
  type Ran,
  type Skipped,
} from '../examples';
import { words } from '../words';
import { BIN, cleanEnv, runMon, startSandbox, tempDir, type SandboxProcess } from './harness';

/** Each help mon prints, as a user at an 80-column terminal reads it: ["mon incidents update", text]. */
async function helps(): Promise<[string, string][]> {
  const program = await buildProgram(createContext({ io: testIO(), env: {} }));
  const paths = (command: Command, prefix: string[]): string[][] =>
    command
      .createHelp()
      .visibleCommands(command)
      .filter((sub) => sub.name() !== 'help')
      .flatMap((sub) => [[...prefix, sub.name()], ...paths(sub, [...prefix, sub.name()])]);
  const out: [string, string][] = [];
  for (const path of [[], ...paths(program, [])]) {
    const io = testIO({ columns: 80 });
    expect(await main(words([...path, '--help'].join(' ')), createContext({ io, env: {} }))).toBe(0);
    out.push([['mon', ...path].join(' '), io.stdout]);
  }
  return out;
}

const TERMINAL = 'asks on a terminal (the screen tests, test/e2e/*-screen.test.ts, type into it)';
const SERVER = 'a server until Ctrl-C (test/e2e/sandbox-server.test.ts runs them): this run has its own';
const SKIPPED: Skipped[] = [
  ...[
    'mon auth login',
    'mon incidents update --status monitoring --message "Fix deployed, watching"',
    'mon incidents create',
    'mon incidents update',
    'mon incidents resolve',
    'mon incidents updates edit',
    'mon checks create-dns',
    'mon heartbeats create',
    'mon heartbeats get',
    'mon status-pages open',
    'mon --profile staging auth login',
    'mon auth login --base-url http://127.0.0.1:4010',
    'mon auth login --base-url https://api.example.com --account 1f9c...',
  ].map((command) => ({ command, why: TERMINAL })),
  { command: 'mon status --watch --interval 5', why: `stays until Ctrl-C: ${TERMINAL}` },
  { command: 'mon incidents list --watch --interval 5', why: `stays until Ctrl-C: ${TERMINAL}` },
  ...['mon maintenance end 1', 'mon maintenance end 1 --dry-run'].map((command) => ({
    command,
    why: 'window 1 exists only when an example before it opened one, which the order of the help does not promise: test/commands/maintenance/maintenance.test.ts ends a window (and dry-runs it)',
  })),
  ...[
    'mon status --until healthy --timeout 10m --interval 5',
    'mon status --until healthy --fail-fast --tag checkout --timeout 2m',
  ].map((command) => ({
    command,
    why: 'waits until the account is healthy (the sample data keeps a heartbeat late): test/e2e/outage-operations.test.ts runs it to 0, 3 and 124',
  })),
  ...[
    'mon sandbox',
    'mon sandbox --port 0 --data ./sandbox.jsonl --json',
    'mon sandbox --faults 503:0.2,429:0.1,delay:300',
    'mon sandbox --api-key sk_sandbox_0123456789abcdef # a fixed key of your choosing',
  ].map((command) => ({ command, why: SERVER })),
  {
    command: 'mon --sandbox sandbox reset --yes',
    why: "refused while a `mon sandbox` serves the file, as documented (this run's does): test/commands/sandbox/reset.test.ts",
  },
];

/** A heartbeat monitor of the sample data: its field (checkId, pingToken). */
const heartbeat = (field: string) =>
  `"$(mon --sandbox sandbox info --jq '.heartbeats[] | select(.name == "Nightly backup") | .${field}')"`;
const NEWEST_INCIDENT = `"$(mon incidents list --status all --jq '.entries[0].id')"`;

/** The reader's values, as the sandbox has them (evaluated by the shell where the command runs). */
const PLACEHOLDERS: Placeholder[] = [
  {
    written: /3f0c2a9e-\.\.\.|(?<![\w$])INCIDENT_ID\b/,
    run: NEWEST_INCIDENT,
    why: "an incident of the reader's: the newest",
  },
  {
    written: /7d1b\.\.\.|(?<![\w$])UPDATE_ID\b/,
    run: `"$(mon incidents get ${NEWEST_INCIDENT} --jq '.incidentUpdates[0].id')"`,
    why: 'an update of that incident: its newest',
  },
  {
    written: /\b6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f\b|\b6f1c2d\b|(?<![\w$/-])(CHECK|ID)(?![\w-])/,
    run: heartbeat('checkId'),
    why: 'a heartbeat monitor of the reader\'s: "Nightly backup" of the sample data',
  },
  {
    written: /\b0c9d7e52-3f1a-4b8e-9a6d-2f4e5c6b7a81\b|(?<![\w$])TOKEN\b(?!")/,
    run: heartbeat('pingToken'),
    why: 'its ping token',
  },
  { written: 'https://ping.example.com', run: '"$MON_PING_URL"', why: "an account's ping URL: the sandbox's" },
  {
    written: /https:\/\/api\.example\.com\b|http:\/\/127\.0\.0\.1:4010/,
    run: '"$SANDBOX_URL"',
    why: "an account's base URL: the sandbox's",
  },
  { written: '1f9c...', run: '"$SANDBOX_ACCOUNT"', why: "the reader's account: the sandbox's" },
  { written: '/etc/mon/backup-token', run: 'backup-token', why: "a file of the reader's holding the token" },
  {
    written: '--min-duration 1m -- backup.sh',
    run: '--min-duration 1s -- sleep 1',
    why: "the reader's job runs for minutes: this one for a second, past its --min-duration",
  },
  { written: /(\/usr\/local\/bin\/)?backup\.sh\b/, run: 'true', why: "the reader's job: one that succeeds" },
  { written: "'make && upload'", run: "'true && true'", why: "the reader's job: one that succeeds" },
  { written: '~/.zfunc/_mon', run: 'zfunc-mon', why: "zsh's own folder, which the reader has" },
];

/** The lines that did not end as stated, each with where it is written and what it printed. */
function failures(ran: readonly Ran[]): string {
  return ran
    .filter((example) => example.code !== example.expect)
    .map(
      (example) =>
        `${example.source}:${example.line}: ${example.command}\n  ran: ${example.ran}\n  exit ${example.code}, expected ${example.expect}\n  stderr: ${example.stderr.trim().split('\n').slice(-4).join('\n          ')}`,
    )
    .join('\n\n');
}

let bin: string;
beforeAll(() => {
  // `mon` on PATH is this build's bin/mon.js.
  bin = tempDir('mon-examples-bin-');
  writeFileSync(join(bin, 'mon'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'mon'), 0o755);
});

/** A sandbox served on the default data file, and the environment of a reader who uses it. */
async function served(
  extra: Record<string, string> = {},
): Promise<{ sandbox: SandboxProcess; env: NodeJS.ProcessEnv }> {
  const base = cleanEnv({ NO_COLOR: '1', ...extra });
  const sandbox = await startSandbox([], { dataFile: join(base.MON_DATA_DIR!, 'sandbox.jsonl'), env: base });
  const { info } = sandbox;
  return {
    sandbox,
    env: {
      ...base,
      PATH: `${bin}:${base.PATH}`,
      MON_BASE_URL: info.baseUrl,
      MON_API_KEY: info.apiKey,
      MON_ACCOUNT_ID: info.accountId,
      MON_PING_URL: info.pingUrl,
    },
  };
}

const sandboxes: SandboxProcess[] = [];
afterAll(async () => {
  await Promise.all(sandboxes.map((sandbox) => sandbox.stop()));
});

describe('examples', () => {
  it(
    'every --help example and every command of docs/*.md runs, ending as it states',
    { timeout: 900_000 },
    async () => {
      const { sandbox, env } = await served();
      sandboxes.push(sandbox);
      const cwd = tempDir('mon-examples-');
      // What the examples take as already there: the files they name, a staging profile, the
      // ping token in the reader's variables and files, an open incident, a check to delete.
      const { info } = sandbox;
      Object.assign(env, { SANDBOX_URL: info.baseUrl, SANDBOX_ACCOUNT: info.accountId, MON_KEY: info.apiKey });
      const read = [
        '--sandbox',
        'sandbox',
        'info',
        '--jq',
        '.heartbeats[] | select(.name == "Nightly backup") | .pingToken',
      ];
      // Read as a reader reads it (runMon refuses any output with a secret in it).
      const token = execFileSync(process.execPath, [BIN, ...read], { env, encoding: 'utf8' }).trim();
      expect(token).toMatch(/^[\w-]{8,}$/);
      Object.assign(env, { BACKUP_TOKEN: token, REPORT_TOKEN: token, TOKEN: token });
      const dns = '{"name": "example.com A", "request": {"query": "example.com", "recordType": "A"}}\n';
      writeFileSync(join(cwd, 'dns-check.json'), dns);
      writeFileSync(join(cwd, 'check.json'), dns.replace('}}', '}, "heartbeat": {}, "script": ""}'));
      writeFileSync(join(cwd, 'backup-token'), `${token}\n`);
      writeFileSync(join(cwd, 'helpers.js'), 'export const helper = () => 1;\n');
      // A sandbox data file of the reader's (`mon sandbox --data ./sandbox.jsonl` makes one).
      copyFileSync(join(env.MON_DATA_DIR!, 'sandbox.jsonl'), join(cwd, 'sandbox.jsonl'));
      mkdirSync(join(env.HOME!, '.config'), { recursive: true });
      writeFileSync(join(env.HOME!, '.config', 'backup-ping-token'), `${token}\n`);
      const given = [
        ['--profile', 'staging', 'config', 'set', 'base-url', info.baseUrl],
        ['config', 'set', 'base-url', info.baseUrl],
        [
          'incidents',
          'create',
          '--name',
          'Checkout errors',
          '--severity',
          'major',
          '--service',
          'Checkout',
          '--message',
          'Card payments fail.',
        ],
        ['checks', 'create-dns', '--name', 'Old DNS', '--query', 'old.example.com'],
      ];
      for (const line of given) expect((await runMon(line, { env })).code, line.join(' ')).toBe(0);
      const examples: Example[] = (await helps()).flatMap(([path, help], block) =>
        helpExamples(`${path} --help`, help, block),
      );
      const docs = readdirSync('docs').filter((file) => file.endsWith('.md'));
      for (const file of docs)
        examples.push(...markdownExamples(`docs/${file}`, readFileSync(join('docs', file), 'utf8')));
      const ran = await runExamples(examples, { env, cwd, skipped: SKIPPED, placeholders: PLACEHOLDERS });
      expect(failures(ran)).toBe('');
      const written = examples.map((example) => example.command);
      expect(SKIPPED.map((skip) => skip.command).filter((command) => !written.includes(command))).toEqual([]);
      expect(
        PLACEHOLDERS.filter((placeholder) =>
          written.every((command) => withPlaceholders(command, [placeholder]) === command),
        ).map((placeholder) => String(placeholder.written)),
      ).toEqual([]);
      // A line written in several helps (`mon auth login`) is skipped wherever it is.
      const skipped = examples.filter((example) => SKIPPED.some((skip) => skip.command === example.command)).length;
      expect(ran.length + skipped).toBe(examples.length);
      console.info(`help and docs: ${ran.length} examples run, ${skipped} skipped (of ${examples.length})`);
    },
  );

  it(
    "the skill's command lines run in order against a fresh sandbox in agent mode, ending as they state",
    { timeout: 600_000 },
    async () => {
      // As the skill says: MON_SANDBOX=1 (the embedded sandbox, on a data file of its own), agent mode.
      const base = cleanEnv({ NO_COLOR: '1', MON_MODE: 'agent', MON_SANDBOX: '1' });
      const env = { ...base, PATH: `${bin}:${base.PATH}` };
      const skill = await runMon('skill', { env });
      expect(skill.code).toBe(0);
      const examples = markdownExamples('mon skill', skill.stdout);
      expect(examples.length).toBeGreaterThan(15);
      const ran = await runExamples(examples, { env, cwd: tempDir('mon-skill-') });
      expect(failures(ran)).toBe('');
      expect(ran.length).toBe(examples.length);
      console.info(`skill: ${ran.length} command lines run`);
    },
  );
});
