/**
 * How an incident is shown (src/commands/incidents/shared/columns.ts): the list's columns and
 * which of them a narrow terminal leaves out, and `incidents get`'s fields, duration and
 * timeline, piped and on a terminal.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Incident } from '../../../../src/api/schemas/incidents';
import { SEED_SERVICES } from '../../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../../src/sandbox/server';
import { type CliOptions, frozenClock, memorySandbox, mon, sandboxCall, tsvFields } from '../../../helpers';
import { openIncident, resolveIncident } from '../fixture';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await memorySandbox({ now: frozenClock() });
});
afterEach(async () => {
  await sandbox.close();
});

const run = (line: string, options: CliOptions = {}) =>
  mon(line, { sandbox, now: () => sandbox.clock.now(), ...options });
const headers = (stdout: string) => stdout.split('\n')[0]!.trim().split(/\s+/);

describe('incidents list on a terminal: SERVICES, then DURATION, are left out until the names fit', () => {
  // The narrowest a table is: ID 8, SEVERITY 8, STATUS 13, SERVICES 16, STARTED 8, DURATION 8,
  // the names (at least 4, at most 30), two spaces between columns.
  const ALL = ['ID', 'NAME', 'SEVERITY', 'STATUS', 'SERVICES', 'STARTED', 'DURATION'];
  const NO_SERVICES = ['ID', 'NAME', 'SEVERITY', 'STATUS', 'STARTED', 'DURATION'];
  const FEWEST = ['ID', 'NAME', 'SEVERITY', 'STATUS', 'STARTED'];
  it.each([
    { name: 'Queue stuck', columns: 84, shown: ALL },
    { name: 'Queue stuck', columns: 83, shown: NO_SERVICES },
    { name: 'Queue stuck', columns: 66, shown: NO_SERVICES },
    { name: 'Queue stuck', columns: 65, shown: FEWEST },
    // A short name counts as 4 (the header's width)...
    { name: 'DB', columns: 77, shown: ALL },
    { name: 'DB', columns: 76, shown: NO_SERVICES },
    // ... a long one as 30: it is cut rather than the table made wider.
    { name: 'A name far longer than thirty characters', columns: 103, shown: ALL },
    { name: 'A name far longer than thirty characters', columns: 102, shown: NO_SERVICES },
  ])('"$name" at $columns columns: $shown', async ({ name, columns, shown }) => {
    await openIncident(sandbox, name);
    const result = await run('--no-color incidents list', { tty: true, columns });
    expect(result.code, result.stderr).toBe(0);
    expect(headers(result.stdout)).toEqual(shown);
  });

  it('a name and services too long for the width are both cut (…), the line no wider than the terminal', async () => {
    const s = SEED_SERVICES;
    const name = 'A name far longer than thirty characters';
    const open = await openIncident(sandbox, name, 'MAJOR', [s.checkout, s.api, s.payouts, s.webhooks]);
    const result = await run('--no-color incidents list', { tty: true, columns: 110 });
    expect(result.stdout.split('\n')).toEqual([
      'ID        NAME                        SEVERITY  STATUS         SERVICES                     STARTED   DURATION',
      `${open.id.slice(0, 8)}  A name far longer than th…  MAJOR     INVESTIGATING  Checkout, Public API, Payo…  just now  ongoing`,
      '',
    ]);
  });

  it('as Markdown, every column whole, the start as a date', async () => {
    const open = await openIncident(sandbox, 'DB slow', 'MAJOR', [SEED_SERVICES.checkout, SEED_SERVICES.api]);
    const result = await run('incidents list --format md', { columns: 40 });
    expect(result.stdout).toBe(
      [
        '| ID | NAME | SEVERITY | STATUS | SERVICES | STARTED | DURATION |',
        '| --- | --- | --- | --- | --- | --- | --- |',
        `| ${open.id} | DB slow | MAJOR | INVESTIGATING | Checkout, Public API | 2026-03-02 10:00 UTC | ongoing |`,
        '',
      ].join('\n'),
    );
  });

  it('piped, every column is there, with the times as the API gives them', async () => {
    const open = await openIncident(sandbox, 'DB slow', 'MAJOR', [SEED_SERVICES.checkout, SEED_SERVICES.api]);
    const result = await run('incidents list', { columns: 40 });
    expect(result.stdout).toBe(
      `${open.id}\tDB slow\tMAJOR\tINVESTIGATING\tCheckout, Public API\t2026-03-02T10:00:00.000Z\t\n`,
    );
  });
});

describe('incidents get', () => {
  it('every field, piped and on a terminal, and the timeline newest first with who was notified', async () => {
    const incident = await openIncident(sandbox, 'DB slow', 'MAJOR', [SEED_SERVICES.checkout, SEED_SERVICES.api]);
    const first = incident.incidentUpdates[0]!.id;
    sandbox.clock.advance(30_000);
    const { body } = await sandboxCall(sandbox, 'POST', `/v1/status-pages/incidents/${incident.id}/incident-updates`, {
      description: 'Cause found.',
      status: 'IDENTIFIED',
      notifySubscribers: true,
    });
    const second = (body as { id: string }).id;

    const piped = await run(`incidents get ${incident.id}`);
    const ids = `${SEED_SERVICES.checkout},${SEED_SERVICES.api}`;
    expect(piped.stdout).toBe(
      [
        `name\tDB slow`,
        `id\t${incident.id}`,
        'lastUpdateStatus\tIDENTIFIED',
        'severity\tMAJOR',
        'services\tCheckout, Public API',
        `serviceIds\t${ids}`,
        'startedAt\t2026-03-02T10:00:00.000Z',
        'duration\t',
        'created_at\t2026-03-02',
        'updated_at\t2026-03-02',
        `update\t${second}\t2026-03-02T10:00:30.000Z\tIDENTIFIED\ttrue\tCause found.`,
        `update\t${first}\t2026-03-02T10:00:00.000Z\tINVESTIGATING\tfalse\tDB slow began`,
        '',
      ].join('\n'),
    );

    const screen = await run(`--no-color incidents get ${incident.id}`, { tty: true });
    expect(screen.stdout).toBe(
      [
        'Incident:    DB slow',
        `ID:          ${incident.id}`,
        'Status:      IDENTIFIED',
        'Severity:    MAJOR',
        'Services:    Checkout, Public API',
        `Service IDs: ${ids.replace(',', ', ')}`,
        'Started:     2026-03-02 10:00 UTC (30s ago)',
        'Duration:    ongoing',
        'Created:     2026-03-02',
        'Updated:     2026-03-02',
        '',
        'Timeline, as subscribers read it (2 updates, newest first):',
        '',
        '  Identified · 2026-03-02 10:00 UTC (just now)',
        '    Cause found.',
        `    update ${second} · subscribers notified`,
        '',
        '  Investigating · 2026-03-02 10:00 UTC (30s ago)',
        '    DB slow began',
        `    update ${first}`,
        '',
      ].join('\n'),
    );
  });

  it.each([
    { lasted: 59, shown: 'Duration:    59s\n', piped: '59' },
    { lasted: 60, shown: 'Duration:    1m (60 s)\n', piped: '60' },
  ])('a resolved incident that lasted $lasted s: its duration, in seconds from a minute on', async (row) => {
    const incident = await openIncident(sandbox, 'Queue stuck');
    sandbox.clock.advance(row.lasted * 1000);
    await resolveIncident(sandbox, incident.id);
    const screen = await run(`--no-color incidents get ${incident.id}`, { tty: true });
    expect(screen.stdout).toContain(row.shown);
    expect(screen.stdout).toContain('Timeline, as subscribers read it (2 updates, newest first):');
    expect(tsvFields((await run(`incidents get ${incident.id}`)).stdout).duration).toBe(row.piped);
  });

  it('an incident the server sends without a duration: "ongoing" while open, "—" once resolved; one update is "1 update"', async () => {
    const incident = await openIncident(sandbox, 'Queue stuck');
    const screen = async () => (await run(`--no-color incidents get ${incident.id}`, { tty: true })).stdout;
    expect(await screen()).toContain('Duration:    ongoing\n');
    expect(await screen()).toContain('Timeline, as subscribers read it (1 update, newest first):');
    await resolveIncident(sandbox, incident.id);
    delete sandbox.store.collection<Incident>('incidents').get(incident.id)!.duration;
    expect(await screen()).toContain('Duration:    —\n');
  });

  it('as Markdown: the incident as a title, its fields, then the timeline', async () => {
    const incident = await openIncident(sandbox, 'DB slow', 'MAJOR', [SEED_SERVICES.checkout]);
    const result = await run(`incidents get ${incident.id} --format md`);
    expect(result.stdout).toBe(
      [
        '## Incident: DB slow',
        '',
        '- **Incident:** DB slow',
        `- **ID:** ${incident.id}`,
        '- **Status:** INVESTIGATING',
        '- **Severity:** MAJOR',
        '- **Services:** Checkout',
        `- **Service IDs:** ${SEED_SERVICES.checkout}`,
        '- **Started:** 2026-03-02 10:00 UTC',
        '- **Duration:** ongoing',
        '- **Created:** 2026-03-02',
        '- **Updated:** 2026-03-02',
        '',
        '### Timeline, as subscribers read it (1 update, newest first)',
        '',
        '#### Investigating · 2026-03-02 10:00 UTC',
        '',
        'DB slow began',
        '',
        `*update ${incident.incidentUpdates[0]!.id}*`,
        '',
      ].join('\n'),
    );
  });

  it('an update the server stores without a date, status or notify: "—" as Markdown; empty cells and "false" piped', async () => {
    const incident = await openIncident(sandbox, 'DB slow');
    const update = sandbox.store.collection<Incident>('incidents').get(incident.id)!.incidentUpdates[0]!;
    delete update.publicIncidentUpdateDate;
    delete update.status;
    delete update.notifySubscribers;
    const piped = await run(`incidents get ${incident.id}`);
    expect(piped.stdout.split('\n').at(-2)).toBe(`update\t${update.id}\t\t\tfalse\tDB slow began`);
    const markdown = await run(`incidents get ${incident.id} --format md`);
    expect(markdown.stdout).toContain('\n#### Update · —\n\nDB slow began\n');
  });
});
