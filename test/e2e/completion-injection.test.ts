/**
 * Issue 27, item 1, and issue 33, item 9: every word a completion offers is data in bash,
 * zsh and fish. A hostile server names its incidents and services `$(touch ...)` and
 * `` `touch ...` ``; a hand-edited config names a template or a profile so: pressing Tab
 * runs none of it (no marker file appears), IDs are offered only as the API returned them
 * and only when they are safe as they are, and names are offered quoted, the very text the
 * server sent. Completions also offer service names, template names, profile names and the
 * topics of `mon help`. The real shells run the real scripts (completions/), with `mon` on
 * PATH being the real bin/mon.js.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTool } from '../tools';
import { BIN, tempDir } from './harness';
import { hostileServer, json, type Hostile } from './hostile';

/** The server answers from this process: the shells must run without blocking it. */
const run = promisify(execFile);
const script = (name: string) => fileURLToPath(new URL(`../../completions/${name}`, import.meta.url));
const binDir = tempDir('mon-path-');
symlinkSync(BIN, join(binDir, 'mon'));
/** Where a word that ran as code would leave its mark. */
const marks = tempDir('mon-marks-');
const mark = (name: string) => `$(touch\${IFS}${marks}/${name})`;
const backquoted = (name: string) => `\`touch\${IFS}${marks}/${name}\``;

const GOOD_ID = '3f0c2a9e-1111-4222-8333-444455556666';
const incident = (id: string, name: string) => ({
  id,
  name,
  severity: 'MAJOR',
  services: [],
  incidentUpdates: [],
  lastUpdateStatus: 'INVESTIGATING',
  created_at: '2026-03-01T10:00:00.000Z',
});
const INCIDENTS = [
  incident(GOOD_ID, `Checkout ${mark('incident-name')}`),
  incident(mark('incident-id'), 'a command as an ID'),
  incident(backquoted('incident-id-backquoted'), 'backquotes as an ID'),
  incident(`x;touch ${marks}/incident-id-semicolon`, 'a semicolon as an ID'),
];
/** Service names: what people type after --service, offered quoted. */
const SERVICES = ['Public API', mark('service'), backquoted('service-backquoted'), `Bob's "db" & co; rm -rf ~`];
const PAGE = {
  id: 'page-1',
  name: 'Acme',
  url: 'acme',
  cards: [{ id: 'card-1', name: 'Core', services: SERVICES.map((name, i) => ({ id: `svc-${i}`, name })) }],
};

let server: Hostile;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  server = await hostileServer((req, res) => {
    const path = req.url!.split('?')[0];
    if (path === '/v1/status-pages/incidents')
      return json(res, 200, { length: INCIDENTS.length, entries: INCIDENTS, nextId: null });
    if (path === '/v1/status-pages') return json(res, 200, { length: 1, entries: [PAGE], nextId: null });
    json(res, 404, { message: 'no' });
  });
  env = server.env({ PATH: `${binDir}${delimiter}${process.env.PATH}` });
  // A config edited by hand: templates and profiles named like commands, beside good ones.
  mkdirSync(env.MON_CONFIG_DIR!, { recursive: true });
  writeFileSync(
    join(env.MON_CONFIG_DIR!, 'config.json'),
    JSON.stringify({
      profiles: {
        default: {
          templates: {
            rollback: { message: `Rolling back ${mark('template-text')}` },
            [mark('template-name')]: { message: 'a command as a name' },
          },
        },
        staging: { 'base-url': 'https://staging.example.com' },
        [mark('profile-name')]: {},
      },
    }),
  );
});
afterAll(() => server.close());

/** No word ran as code: the marker directory is still empty. */
function nothingRan(): void {
  expect(readdirSync(marks)).toEqual([]);
}

/**
 * bash: `_mon` for the words typed, then each word offered, read back as the shell will read
 * it once inserted (a word quoted wrong would run here, and leave its mark).
 */
async function bash(words: string[]): Promise<string[]> {
  const typed = words.map((word) => `'${word}'`).join(' ');
  const program = `source '${script('mon.bash')}'
    COMP_WORDS=(${typed}); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _mon
    for reply in "\${COMPREPLY[@]}"; do eval "inserted=($reply)"; printf '%s\\n' "\${inserted[0]}"; done`;
  const { stdout: out } = await run('bash', ['-c', program], { env });
  return out === '' ? [] : out.trimEnd().split('\n');
}

describe('bash', () => {
  it('offers only the incident IDs that are safe as they are, and runs none of the others', async () => {
    expect(await bash(['mon', 'incidents', 'update', ''])).toEqual([GOOD_ID]);
    expect(await bash(['mon', 'incidents', 'resolve', '3f0c'])).toEqual([GOOD_ID]);
    nothingRan();
  });

  it('offers service names for --service, quoted: inserted, they are the names the server sent', async () => {
    expect(await bash(['mon', 'incidents', 'create', '--service', ''])).toEqual(SERVICES);
    expect(await bash(['mon', 'incidents', 'update', GOOD_ID, '--service', 'Pub'])).toEqual(['Public API']);
    expect(await bash(['mon', 'incidents', 'list', '--service', '"Bob'])).toEqual([SERVICES[3]]);
    nothingRan();
  });

  it('offers the stored templates and profiles whose names are names, and runs none of the others', async () => {
    expect(await bash(['mon', 'incidents', 'update', GOOD_ID, '--template', ''])).toEqual(['rollback']);
    expect(await bash(['mon', 'templates', 'remove', ''])).toEqual(['rollback']);
    expect((await bash(['mon', '--profile', ''])).sort()).toEqual(['default', 'staging']);
    nothingRan();
  });

  it('offers the topics of mon help: the commands, then their subcommands', async () => {
    expect(await bash(['mon', 'help', 'inc'])).toEqual(['incidents']);
    expect(await bash(['mon', 'help', 'incidents', 'up'])).toEqual(['update', 'updates']);
    expect((await bash(['mon', 'he'])).sort()).toEqual(['heartbeats', 'help']);
  });
});

describe('zsh', () => {
  /** `_mon` with zsh's completion functions stubbed: what it would offer, one entry a line. */
  async function zsh(words: string[]): Promise<string[]> {
    const typed = words.map((word) => `'${word}'`).join(' ');
    const program = `
      compdef() { : }
      _describe() { print -rl -- "\${(@P)4}" }
      compadd() { shift; print -rl -- "\${(@P)1}" }
      source '${script('_mon')}'
      words=(${typed}); CURRENT=$#words; PREFIX=\${words[-1]}; _mon`;
    const { stdout: out } = await run('zsh', ['-f', '-c', program], { env });
    return out === '' ? [] : out.trimEnd().split('\n');
  }

  it('offers the safe incident IDs, service names as sent, templates, profiles and help topics; runs nothing', async (context) => {
    requireTool(context, 'zsh');
    expect(await zsh(['mon', 'incidents', 'update', ''])).toEqual([`${GOOD_ID}:Checkout ${mark('incident-name')}`]);
    // _describe's entries: the name (its colons escaped) and the page › card it is on.
    expect(await zsh(['mon', 'incidents', 'create', '--service', ''])).toEqual(
      SERVICES.map((name) => `${name.replace(/:/g, '\\:')}:Acme › Core`),
    );
    expect(await zsh(['mon', 'incidents', 'create', '--template', ''])).toEqual([
      `rollback:Rolling back ${mark('template-text')}`,
    ]);
    expect((await zsh(['mon', '--profile', ''])).sort()).toEqual(
      ['default:', 'staging:https://staging.example.com'].sort(),
    );
    expect(await zsh(['mon', 'help', ''])).toContain('incidents:Open, update and resolve status-page incidents');
    nothingRan();
  });
});

describe('fish', () => {
  const fish = async (line: string): Promise<string[]> => {
    const { stdout: out } = await run('fish', ['-N', '-c', `source '${script('mon.fish')}'; complete -C '${line}'`], {
      env,
    });
    return out === '' ? [] : out.trimEnd().split('\n');
  };

  it('offers the safe incident IDs, service names as sent, templates, profiles and help topics; runs nothing', async (context) => {
    requireTool(context, 'fish');
    expect(await fish('mon incidents update ')).toEqual([`${GOOD_ID}\tCheckout ${mark('incident-name')}`]);
    expect((await fish('mon incidents create --service ')).map((line) => line.split('\t')[0])).toEqual(
      [...SERVICES].sort(),
    );
    expect(await fish('mon incidents create --template ')).toEqual([`rollback\tRolling back ${mark('template-text')}`]);
    expect((await fish('mon --profile ')).map((line) => line.split('\t')[0])).toEqual(['default', 'staging']);
    expect((await fish('mon help incidents up')).map((line) => line.split('\t')[0])).toEqual(['update', 'updates']);
    nothingRan();
  });
});

describe('mon __complete', () => {
  it('prints no ID that is not safe as it is, and no value holding a control character', async () => {
    const { stdout: out } = await run(BIN, ['__complete', 'open-incidents'], { env });
    expect(out).toBe(`${GOOD_ID}\tCheckout ${mark('incident-name')}\n`);
    expect(existsSync(marks)).toBe(true);
    nothingRan();
  });
});
