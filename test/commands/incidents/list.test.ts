/** `mon incidents list`: open by default, --status, pages and --limit/--next-id, the table on a terminal and TSV piped. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Incident } from '../../../src/api/schemas/incidents';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../src/sandbox/server';
import { displayWidth } from '../../../src/text/width';
import { type CliOptions, frozenClock, memorySandbox, mon } from '../../helpers';
import { openIncident, resolveIncident } from './fixture';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await memorySandbox({ now: frozenClock() });
});
afterEach(async () => {
  await sandbox.close();
});

/** mon and the sandbox on one clock, which stands still unless a test moves it. */
const run = (line: string | readonly string[], options: CliOptions = {}) =>
  mon(line, { sandbox, now: () => sandbox.clock.now(), ...options });
const open = (name: string, severity?: string, services?: string[]) => openIncident(sandbox, name, severity, services);
const resolveDirectly = (id: string) => resolveIncident(sandbox, id);

describe('incidents list', () => {
  it('shows open incidents by default, follows pages until --limit match, and continues with --next-id', async () => {
    const made: Incident[] = [];
    for (let i = 1; i <= 6; i++) made.push(await open(`Incident ${i}`));
    for (const index of [5, 3, 2]) await resolveDirectly(made[index]!.id); // Incidents 6, 4 and 3
    const json = await run('--json incidents list --limit 2');
    const page = JSON.parse(json.stdout);
    expect(page.entries.map((incident: Incident) => incident.name)).toEqual(['Incident 5', 'Incident 2']);
    expect(page).toMatchObject({ length: 2, nextId: made[0]!.id });
    const next = JSON.parse((await run(`--json incidents list --limit 2 --next-id ${page.nextId}`)).stdout);
    expect(next).toEqual({ length: 1, entries: [expect.objectContaining({ name: 'Incident 1' })], nextId: null });

    const resolved = await run('incidents list --status RESOLVED');
    expect(
      resolved.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t')[1]),
    ).toEqual(['Incident 6', 'Incident 4', 'Incident 3']);
    const all = JSON.parse((await run('--json incidents list --status all --limit 4')).stdout);
    expect(all.entries).toHaveLength(4);
    expect(all.nextId).toBe(made[1]!.id);
  });

  it("shows when an incident started by the server's clock (its Date header), not this machine's", async () => {
    const incident = await open('Checkout errors');
    // This machine's clock stands still; the sandbox's moves 2h forward, as `mon sandbox clock advance` does.
    const ours = frozenClock();
    const advanced = await mon('sandbox clock advance 2h', { sandbox, now: ours });
    expect(advanced.code, advanced.stderr).toBe(0);
    const table = await mon('--no-color incidents list', { sandbox, now: ours, tty: true, columns: 120 });
    expect(table.stdout).toMatch(/Checkout errors.*\b2h ago\b/);
    const details = await mon(`--no-color incidents get ${incident.id}`, { sandbox, now: ours, tty: true });
    expect(details.stdout).toMatch(/^Started: +2026-03-02 10:00 UTC \(2h ago\)$/m);
    expect(table.stdout + details.stdout).not.toMatch(/\bin \d+[smhd]\b|just now/);
  });

  it('prints TSV rows when piped: id, name, severity, status, services, started, duration', async () => {
    const incident = await open('DB slow', 'CRITICAL', [SEED_SERVICES.database, SEED_SERVICES.queue]);
    sandbox.clock.advance(90_000);
    await resolveDirectly(incident.id);
    const result = await run('incidents list --status all');
    expect(result.stdout).toBe(
      `${incident.id}\tDB slow\tCRITICAL\tRESOLVED\tPrimary database, Job queue\t${incident.incidentUpdates[0]!.publicIncidentUpdateDate}\t90\n`,
    );
  });

  it('colours status and severity in the table on a terminal, and says when nothing is open', async () => {
    const empty = await run('incidents list', { tty: true });
    expect(empty.stderr).toContain('No open incidents.');
    const incident = await open('DB slow', 'CRITICAL');
    await resolveDirectly(incident.id);
    await open('Queue stuck', 'MEDIUM');
    const table = await run('incidents list --status all', { tty: true, columns: 160 });
    expect(table.stdout).toContain('\u001b[32mRESOLVED');
    expect(table.stdout).toContain('\u001b[31mINVESTIGATING');
    expect(table.stdout).toContain('\u001b[33mMEDIUM');
    expect(table.stdout).toMatch(/DURATION/);
    expect(table.stdout).toContain('ongoing');
  });

  it('keeps what matters on a narrow terminal: short IDs, whole names (up to 30), severity, status and when it started', async () => {
    const incident = await open('Checkout errors in the EU (web)', 'MAJOR'); // 31 characters
    await open('Payouts delayed', 'MINOR');
    const table = async (columns: number) => (await run('--no-color incidents list', { tty: true, columns })).stdout;
    const header = async (columns: number) => (await table(columns)).split('\n')[0]!.split(/\s{2,}/);
    expect(await header(140)).toEqual(['ID', 'NAME', 'SEVERITY', 'STATUS', 'SERVICES', 'STARTED', 'DURATION']);
    expect(await header(100)).toEqual(['ID', 'NAME', 'SEVERITY', 'STATUS', 'STARTED', 'DURATION']);
    expect(await header(80)).toEqual(['ID', 'NAME', 'SEVERITY', 'STATUS', 'STARTED']);
    const narrow = await table(80);
    expect(
      Math.max(
        ...narrow
          .trimEnd()
          .split('\n')
          .map((line) => line.length),
      ),
    ).toBeLessThanOrEqual(80);
    expect(narrow).toContain(`${incident.id.slice(0, 8)}  Checkout errors in the EU (web)  MAJOR`);
    expect(narrow).not.toContain(incident.id);
    expect(narrow).toMatch(/INVESTIGATING +(just now|\d+[a-z]+ ago)\n/);
    // Piped output does not depend on the terminal: whole IDs, every column.
    const piped = (await run('incidents list', { columns: 80 })).stdout;
    expect(piped.split('\n')[1]!.split('\t')).toHaveLength(7);
    expect(piped).toContain(incident.id);
  });
});

describe('look-alike incident names', () => {
  it('a table tells them apart, and its columns stay aligned', async () => {
    await open('Payments down');
    await open('Payments\u200B down');
    await open('Payments\u00AD down');
    const result = await run('--no-color incidents list', { tty: true, columns: 120 });
    expect(result.code).toBe(0);
    const rows = result.stdout.split('\n').filter((line) => line.includes('Payments'));
    expect(rows.map((row) => /Payments\S* down/.exec(row)![0]).sort()).toEqual([
      'Payments down',
      'Payments\\u200b down',
      'Payments\\xad down',
    ]);
    // The severity column starts at the same cell on every row (and on the header).
    const header = result.stdout.split('\n')[0]!;
    const column = displayWidth(header.slice(0, header.indexOf('SEVERITY')));
    for (const row of rows) expect(displayWidth(row.slice(0, row.indexOf('MAJOR')))).toBe(column);
  });
});
