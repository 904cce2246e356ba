/**
 * --format table|tsv|json|md, decided in one place (output/present.ts): the default stays a
 * table on a terminal and TSV in a pipe, --json is --format json, and md is a Markdown
 * document for chat and postmortems with everything the server sent escaped.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Incident } from '../../src/api/schemas/incidents';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../src/sandbox/server';
import { openIncident } from '../commands/incidents/fixture';
import { type CliOptions, frozenClock, memorySandbox, mon, refusesBadInput } from '../helpers';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await memorySandbox({ now: frozenClock() });
});
afterEach(async () => {
  await sandbox.close();
});

const run = (line: string | readonly string[], options: CliOptions = {}) =>
  mon(line, { sandbox, now: () => sandbox.clock.now(), ...options });

/** A name that would end a table cell, emphasise, make HTML and a link, unescaped. */
const HOSTILE = '| *x* <b>y</b> [l](http://e)';
const HOSTILE_MD = '\\| \\*x\\* \\<b\\>y\\</b\\> \\[l\\](http://e)';

describe('--format md', () => {
  it('writes a list as a Markdown table: whole IDs, times that do not age, the server text escaped', async () => {
    const incident = await openIncident(sandbox, HOSTILE, 'MAJOR', [SEED_SERVICES.api]);
    for (const options of [{}, { tty: true }]) {
      const result = await run('incidents list --format md', options);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe(
        [
          '| ID | NAME | SEVERITY | STATUS | SERVICES | STARTED | DURATION |',
          '| --- | --- | --- | --- | --- | --- | --- |',
          `| ${incident.id} | ${HOSTILE_MD} | MAJOR | INVESTIGATING | Public API | 2026-03-02 10:00 UTC | ongoing |`,
          '',
        ].join('\n'),
      );
    }
  });

  it("writes one incident as a heading, its fields and its timeline, newest first; a message's lines kept, nothing in it a block", async () => {
    const incident = await openIncident(
      sandbox,
      HOSTILE,
      'MAJOR',
      [SEED_SERVICES.api],
      '# Not a heading\n> not a quote\n- not a list\n`not code` | ![not an image](http://evil/x.png)',
    );
    sandbox.clock.advance(5 * 60_000);
    await run(`incidents update ${incident.id} --status identified --message "Rolled back **deploy_42**"`);
    const result = await run(`incidents get ${incident.id} --format md`);
    expect(result.code, result.stderr).toBe(0);
    const { incidentUpdates: updates } = sandbox.store.collection<Incident>('incidents').get(incident.id)!;
    const update = (status: string) => updates.find((entry) => entry.status === status)!.id;
    expect(result.stdout).toBe(
      [
        `## Incident: ${HOSTILE_MD}`,
        '',
        `- **Incident:** ${HOSTILE_MD}`,
        `- **ID:** ${incident.id}`,
        '- **Status:** IDENTIFIED',
        '- **Severity:** MAJOR',
        '- **Services:** Public API',
        `- **Service IDs:** ${SEED_SERVICES.api}`,
        '- **Started:** 2026-03-02 10:00 UTC',
        '- **Duration:** ongoing',
        '- **Created:** 2026-03-02',
        '- **Updated:** 2026-03-02',
        '',
        '### Timeline, as subscribers read it (2 updates, newest first)',
        '',
        '#### Identified · 2026-03-02 10:05 UTC',
        '',
        'Rolled back \\*\\*deploy\\_42\\*\\*',
        '',
        `*update ${update('IDENTIFIED')}*`,
        '',
        '#### Investigating · 2026-03-02 10:00 UTC',
        '',
        '\\# Not a heading\\',
        '\\> not a quote\\',
        '\\- not a list\\',
        '\\`not code\\` \\| \\!\\[not an image\\](http://evil/x.png)',
        '',
        `*update ${update('INVESTIGATING')}*`,
        '',
      ].join('\n'),
    );
  });

  it('gives times as a reader later needs them, where a terminal says how long ago', async () => {
    // The sample data's heartbeats pinged 40 minutes, 1 minute and 23 h 40 m before the clock (2026-03-02 10:00 UTC).
    const statuses = await run('checks status --format md');
    expect(statuses.stdout).toMatch(/^\| [0-9a-f-]{36} \| Hourly report \| on time \| 2026-03-02 09:20 UTC \| — \|$/m);
    expect(statuses.stdout).toMatch(/^\| [0-9a-f-]{36} \| Queue worker \| on time \| 2026-03-02 09:59 UTC \| — \|$/m);
    const heartbeats = await run('heartbeats list --format md');
    expect(heartbeats.stdout).toMatch(
      /^\| Nightly backup \| every 1d, grace 1h \| on time \| 2026-03-01 10:20 UTC \| [0-9a-f-]{36} \|$/m,
    );
    await run('runtimes list');
    const requests = await run('sandbox requests --format md --limit 1');
    expect(requests.stdout).toBe(
      [
        '| TIME (UTC) | METHOD | PATH | STATUS | BODY |',
        '| --- | --- | --- | --- | --- |',
        '| 2026-03-02 10:00:00 UTC | GET | /v1/runtimes | 200 | — |',
        '',
      ].join('\n'),
    );
  });

  it('says an empty list as a line of the document', async () => {
    const result = await run('incidents list --status all --format md');
    expect(result).toMatchObject({ code: 0, stdout: 'No incidents.\n', stderr: '' });
  });
});

describe('--format table, tsv and json', () => {
  it('tsv on a terminal is what a pipe gets; table in a pipe is what a terminal shows, without colour', async () => {
    await openIncident(sandbox, 'Checkout down', 'MAJOR', [SEED_SERVICES.checkout]);
    const piped = await run('incidents list');
    const tsv = await run('incidents list --format tsv', { tty: true });
    expect(tsv.stdout).toBe(piped.stdout);
    expect(piped.stdout).toMatch(/^[0-9a-f-]{36}\tCheckout down\tMAJOR\t/);
    const table = await run('incidents list --format table');
    expect(table.stdout.split('\n')[0]).toMatch(/^ID +NAME +SEVERITY +STATUS +SERVICES +STARTED +DURATION$/);
    expect(table.stdout).not.toContain('\u001b[');
  });

  it('json is --json, in any case of its name', async () => {
    await openIncident(sandbox, 'Checkout down', 'MAJOR', [SEED_SERVICES.checkout]);
    const json = await run('incidents list --json');
    expect((await run('incidents list --format json')).stdout).toBe(json.stdout);
    expect((await run('incidents list --format JSON')).stdout).toBe(json.stdout);
    expect((await run('incidents list --format json --jq ".entries | length"')).stdout).toBe('1\n');
  });

  it('json makes errors JSON too, as --json does, even one found before the command line is read', async () => {
    for (const line of ['incidents list --format json --bogus', 'incidents get no-such --format json']) {
      const result = await run(line);
      expect(JSON.parse(result.stderr), line).toMatchObject({ error: { exitCode: result.code } });
    }
  });
});

refusesBadInput([
  {
    what: 'a format mon does not write',
    line: 'incidents list --format xml',
    says: '--format must be one of table, tsv, json or md (got "xml")',
  },
  {
    what: '--json with another format',
    line: 'incidents list --json --format md',
    says: '--json prints JSON: it cannot be used with --format md.',
  },
  {
    what: '--jq with another format',
    line: ['incidents', 'list', '--jq', '.', '--format', 'tsv'],
    says: '--jq prints JSON: it cannot be used with --format tsv.',
  },
]);
