/** `mon incidents list`: open by default, --status, pages and --limit/--next-id, the table on a terminal and TSV piped. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Incident } from '../../../src/api/schemas/incidents';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../src/sandbox/server';
import { displayWidth } from '../../../src/text/width';
import { Cancellation } from '../../../src/signals';
import {
  type CliOptions,
  frozenClock,
  memorySandbox,
  mon,
  sandboxCall,
  TEST_ACCOUNT,
  refusesBadInput,
  jsonServer,
  serverEnv,
} from '../../helpers';
import { API_EU, openIncident, openWithMon, resolveIncident, twoPagesSandbox } from './fixture';
import { twinsDataFile } from './twins';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await memorySandbox({ now: frozenClock() });
});
afterEach(async () => {
  await sandbox.close();
});

/** An open incident as the API sends it. */
const WATCHED = {
  id: '6e1f0b8a-3c2d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Payments down',
  severity: 'MAJOR',
  services: [{ id: SEED_SERVICES.checkout, name: 'Checkout', accountId: TEST_ACCOUNT }],
  incidentUpdates: [{ id: 'u1', description: 'Looking.', status: 'INVESTIGATING', created_at: '2026-11-20T10:00:00Z' }],
  lastUpdateStatus: 'INVESTIGATING',
  created_at: '2026-11-20',
};

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

  it.each([
    [
      'incidents list',
      'No open incidents. (`--status all` shows resolved ones too; `mon incidents create` opens one.)',
    ],
    ['incidents list --status resolved', 'No resolved incidents.'],
    ['incidents list --status all', 'No incidents.'],
    ['incidents list --severity minor', 'No incidents match.'],
    ['incidents list --service Checkout', 'No incidents match.'],
    ['incidents list --status all --since 1h', 'No incidents match.'],
  ])('an empty list on a terminal: `%s` says "%s", and prints no rows', async (line, says) => {
    if (line.includes('minor') || line.includes('Checkout') || line.includes('since'))
      await resolveDirectly((await open('Older outage', 'MAJOR', [SEED_SERVICES.database])).id);
    if (line.includes('since')) sandbox.clock.advance(2 * 3600_000);
    const result = await run(line, { tty: true, columns: 120 });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr.trim()).toBe(says);
  });

  it('--since keeps an incident that started at that very time, and not one that started a millisecond before', async () => {
    const incident = await open('On the dot');
    sandbox.clock.advance(60_000);
    const ids = async (since: string) =>
      (await run(['incidents', 'list', '--since', since])).stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t')[0]);
    expect(await ids('2026-03-02T10:00:00.000Z')).toEqual([incident.id]);
    expect(await ids('2026-03-02T10:00:00.001Z')).toEqual([]);
  });

  it.each([
    ["--status all alone: the API's pages as they are, --limit a page", ['--status', 'all'], 'limit=2'],
    ['open (the default): 100 a page, kept when open', [], 'limit=100'],
    ['--severity', ['--status', 'all', '--severity', 'minor'], 'limit=100'],
    ['--service', ['--status', 'all', '--service', SEED_SERVICES.checkout], 'limit=100'],
    ['--since', ['--status', 'all', '--since', '1d'], 'limit=100'],
  ])('what it asks the API for: %s', async (_case, flags, query) => {
    sandbox.requests.length = 0;
    const result = await run(['incidents', 'list', '--limit', '2', ...flags]);
    expect(result.code, result.stderr).toBe(0);
    const listed = sandbox.requests.filter((request) => request.path.startsWith('/v1/status-pages/incidents'));
    expect(listed.map((request) => request.path)).toEqual([`/v1/status-pages/incidents?${query}`]);
  });

  it('--status all with a filter keeps open and resolved incidents; --service keeps an incident on that and other services', async () => {
    const fixed = await open('Fixed', 'MINOR');
    await resolveDirectly(fixed.id);
    await open('Ongoing', 'MINOR');
    await open('Both services', 'MAJOR', [SEED_SERVICES.api, SEED_SERVICES.webhooks]);
    const names = async (flags: string[]) =>
      (await run(['incidents', 'list', ...flags])).stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t')[1]);
    expect(await names(['--status', 'all', '--severity', 'minor'])).toEqual(['Ongoing', 'Fixed']);
    expect(await names(['--service', SEED_SERVICES.webhooks])).toEqual(['Both services']);
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

describe('incidents list over many pages', () => {
  let listing: Sandbox;
  const expectedOpen: string[] = [];
  beforeAll(async () => {
    listing = await memorySandbox();
    // 250 incidents; every fifth one resolved.
    for (let i = 1; i <= 250; i++) {
      const { body } = await sandboxCall(listing, 'POST', '/v1/status-pages/incidents', {
        name: `Incident ${i}`,
        severity: 'MINOR',
        services: [{ id: SEED_SERVICES.api, name: 'Public API', accountId: TEST_ACCOUNT }],
        incidentUpdates: [{ description: `Number ${i}` }],
      });
      const { id } = body as { id: string };
      if (i % 5 === 0)
        await sandboxCall(listing, 'POST', `/v1/status-pages/incidents/${id}/incident-updates`, {
          description: 'Done',
          status: 'RESOLVED',
        });
      else expectedOpen.unshift(`Incident ${i}`);
    }
    listing.requests.length = 0;
  });
  afterAll(async () => {
    await listing.close();
  });
  const list = (args: string[]) => mon(['incidents', 'list', ...args], { sandbox: listing });

  it('returns all 250 with --all (one JSON array), following every page, 100 a page', async () => {
    listing.requests.length = 0;
    const all = await list(['--status', 'all', '--all', '--json']);
    expect(all.code).toBe(0);
    const entries = JSON.parse(all.stdout) as Incident[];
    expect(entries).toHaveLength(250);
    expect(new Set(entries.map((incident) => incident.id)).size).toBe(250);
    expect(entries[0]!.name).toBe('Incident 250');
    const pages = listing.requests;
    expect(pages).toHaveLength(3); // full pages: 100, 100, 50
    for (const page of pages) expect(page.path).toContain('limit=100');
    // As received, key order included.
    const direct = (await sandboxCall(listing, 'GET', '/v1/status-pages/incidents?limit=100')).body as {
      entries: unknown[];
    };
    expect(all.stdout).toContain(JSON.stringify(direct.entries[0], null, 2).replace(/\n/g, '\n  '));
    const tsv = await list(['--status', 'all', '--all', '--limit', '100']);
    expect(tsv.stdout.trim().split('\n')).toHaveLength(250);
  });

  it('filters on the last status: open by default, resolved, across pages', async () => {
    const open = await list(['--all', '--json']);
    const names = (JSON.parse(open.stdout) as Incident[]).map((incident) => incident.name);
    expect(names).toEqual(expectedOpen);
    const resolved = JSON.parse((await list(['--status', 'resolved', '--all', '--json'])).stdout) as Incident[];
    expect(resolved).toHaveLength(50);
    expect(resolved.every((incident) => incident.lastUpdateStatus === 'RESOLVED' && incident.duration !== null)).toBe(
      true,
    );
    const received = (await sandboxCall(listing, 'GET', `/v1/status-pages/incidents/${resolved[0]!.id}`)).body;
    expect(JSON.stringify(resolved[0])).toBe(JSON.stringify(received));

    // Without --all: pages are followed until --limit match; the body is page-shaped.
    listing.requests.length = 0;
    const page = JSON.parse((await list(['--status', 'resolved', '--limit', '30', '--json'])).stdout);
    expect(page.length).toBe(30);
    expect(page.entries[0].name).toBe('Incident 250');
    expect(page.entries[29].name).toBe('Incident 105');
    expect(JSON.stringify(page.entries[0])).toBe(JSON.stringify(received));
    expect(listing.requests.map((request) => request.path)).toEqual([
      '/v1/status-pages/incidents?limit=100',
      expect.stringMatching(/^\/v1\/status-pages\/incidents\?limit=100&nextId=/),
    ]);
    const rest = JSON.parse(
      (await list(['--status', 'resolved', '--limit', '30', '--next-id', page.nextId, '--json'])).stdout,
    );
    expect(rest.entries.map((incident: Incident) => incident.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Incident ${100 - i * 5}`),
    );
    expect(rest.nextId).toBeNull();

    const tsv = await list(['--limit', '3']);
    expect(
      tsv.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t')[1]),
    ).toEqual(['Incident 249', 'Incident 248', 'Incident 247']);
  });
});

describe('incidents list filters, on two status pages', () => {
  let pages: Sandbox;
  beforeAll(async () => {
    pages = await twoPagesSandbox();
  });
  afterAll(async () => {
    await pages.close();
  });
  const openOn = (name: string, severity: string, service: string, extra: string[] = []) =>
    openWithMon(pages, name, severity, service, extra);

  let critical: string;
  beforeAll(async () => {
    await openOn('Checkout slow', 'major', 'cHeCkOuT');
    critical = await openOn('Payments down', 'critical', 'Checkout');
    await openOn('Slow EU pages', 'minor', API_EU, ['--date', '2020-01-01']);
  });

  const names = async (args: string[]) => {
    const result = await mon(['incidents', 'list', '--all', '--json', ...args], { sandbox: pages });
    expect(result.code, result.stderr).toBe(0);
    return (JSON.parse(result.stdout) as { id: string; name: string }[]).map((incident) => incident.name);
  };

  it('--service by name (any case), repeatable', async () => {
    expect(await names(['--service', 'checkout'])).toEqual(expect.arrayContaining(['Payments down', 'Checkout slow']));
    expect(await names(['--service', 'checkout'])).not.toContain('Slow EU pages');
    expect(await names(['--service', 'checkout', '--service', API_EU])).toContain('Slow EU pages');
  });

  it('--severity in any case, repeatable', async () => {
    expect(await names(['--severity', 'CRITICAL'])).toEqual(['Payments down']);
    expect((await names(['--severity', 'critical', '--severity', 'Minor'])).sort()).toEqual(
      expect.arrayContaining(['Payments down', 'Slow EU pages']),
    );
  });

  it('--since a duration or a date (by when the incident started), combined with --status', async () => {
    const recent = await names(['--since', '7d']);
    expect(recent).toContain('Payments down');
    expect(recent).not.toContain('Slow EU pages');
    expect(await names(['--since', '2019-12-31', '--severity', 'minor', '--service', API_EU])).toContain(
      'Slow EU pages',
    );
    await mon(['incidents', 'resolve', critical], { sandbox: pages });
    expect(await names(['--severity', 'critical'])).toEqual([]);
    expect(await names(['--severity', 'critical', '--status', 'resolved'])).toEqual(['Payments down']);
  });

  it("without --all: pages are followed until --limit match; the page has the API's shape", async () => {
    const result = await mon(
      ['incidents', 'list', '--status', 'all', '--severity', 'minor', '--limit', '1', '--json'],
      { sandbox: pages },
    );
    const page = JSON.parse(result.stdout) as {
      length: number;
      entries: { severity: string }[];
      nextId: string | null;
    };
    expect(page.length).toBe(1);
    expect(page.entries[0]!.severity).toBe('MINOR');
    expect(typeof page.nextId === 'string' || page.nextId === null).toBe(true);
  });

  it('an unknown severity or a future --since is exit 2 before anything is sent', async () => {
    pages.requests.length = 0;
    expect((await mon(['incidents', 'list', '--severity', 'sev1'], { sandbox: pages })).code).toBe(2);
    expect((await mon(['incidents', 'list', '--since', '2099-01-01'], { sandbox: pages })).code).toBe(2);
    expect(pages.requests).toEqual([]);
  });
});

describe('incidents list --watch', () => {
  it('on a terminal, draws the open incidents and reads them again until Ctrl-C (exit 130)', async () => {
    const ctrlC = new Cancellation();
    let reads = 0;
    const api = await jsonServer((req) => {
      if (!req.url!.startsWith('/v1/status-pages/incidents')) return { length: 0, entries: [], nextId: null };
      // Ctrl-C while the second refresh is on its way.
      if (++reads === 2) ctrlC.abort();
      return { length: 1, entries: [WATCHED], nextId: null };
    });
    const result = await mon('--no-color incidents list --watch --interval 1', {
      env: serverEnv(api),
      tty: true,
      cancel: ctrlC,
    });
    expect(result.code).toBe(130);
    expect(result.stdout).toContain('Payments down');
    expect(result.stdout).toContain('Ctrl-C to stop');
    expect(api.received.map((request) => request.url)).toEqual([
      '/v1/status-pages/incidents?limit=100',
      '/v1/status-pages/incidents?limit=100',
    ]);
  });

  it('on a terminal with nothing open, says so two columns in; with more than --limit, says there are more', async () => {
    const watchOnce = async (entries: unknown[], nextId: string | null, line: string) => {
      const ctrlC = new Cancellation();
      let reads = 0;
      const api = await jsonServer((req) => {
        if (!req.url!.startsWith('/v1/status-pages/incidents')) return { length: 0, entries: [], nextId: null };
        // Ctrl-C while the second refresh is on its way: the first is on the screen.
        if (++reads === 2) ctrlC.abort();
        return { length: entries.length, entries, nextId };
      });
      const result = await mon(`--no-color ${line}`, {
        env: serverEnv(api),
        tty: true,
        columns: 100,
        cancel: ctrlC,
      });
      expect(result.code).toBe(130);
      return result.stdout;
    };
    const empty = await watchOnce([], null, 'incidents list --watch --interval 1');
    // Each row is drawn over the last screen's (\r, erase the line), two columns in for the "+".
    const rows = (stdout: string) => stdout.split('\u001b[2K').map((row) => row.replace(/[\r\n]+$/, ''));
    expect(rows(empty)).toContain(
      '  No open incidents. (`--status all` shows resolved ones too; `mon incidents create` opens one.)',
    );
    const more = rows(await watchOnce([WATCHED], 'next-page', 'incidents list --watch --interval 1 --limit 1'));
    expect(more).toContainEqual(expect.stringMatching(/^ {2}ID {8}NAME {11}SEVERITY/));
    expect(more).toContainEqual(expect.stringMatching(/^ {2}6e1f0b8a {2}Payments down {2}MAJOR/));
    expect(more).toContain('  There may be more than --limit 1 shows.');
    // Without a next page, no such line.
    expect(rows(await watchOnce([WATCHED], null, 'incidents list --watch --interval 1 --limit 1'))).not.toContainEqual(
      expect.stringMatching(/There may be more/),
    );
  });

  it('needs a terminal: exit 2 naming --watch, nothing sent', async () => {
    const result = await run('incidents list --watch');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--watch redraws a terminal screen: it needs one (and no --json).\n' +
        'Without a terminal, run `mon incidents list` (with --json) on a schedule instead.',
    );
    expect(result.stdout).toBe('');
    expect(sandbox.requests).toEqual([]);
  });

  it('refuses --json, --jq and --all on a terminal: exit 2 naming the flag, nothing sent', async () => {
    const cases = [
      ['--json incidents list --watch', '(and no --json)'],
      ["incidents list --watch --jq '.entries'", '(and no --jq)'],
      [
        'incidents list --watch --all',
        '--watch cannot be used with --all: it redraws one screen of the list.\nLeave out --all, or --watch.',
      ],
    ] as const;
    for (const [line, words] of cases) {
      const result = await run(line, { tty: true });
      expect(result.code, line).toBe(2);
      expect(result.stderr, line).toContain(words);
      expect(result.stdout, line).toBe('');
    }
    expect(sandbox.requests).toEqual([]);
  });
});

describe('incidents list, full pages', () => {
  it('--all asks for 100 a page; -L sets the page size', async () => {
    const twins = await memorySandbox({ dataFile: twinsDataFile() });
    try {
      expect((await mon('incidents list --status all --all --json', { sandbox: twins })).code).toBe(0);
      expect(twins.requests.map((request) => request.path)).toEqual(['/v1/status-pages/incidents?limit=100']);
      twins.requests.length = 0;
      expect((await mon('incidents list --status all --all -L 2 --json', { sandbox: twins })).code).toBe(0);
      expect(twins.requests.every((request) => request.path.includes('limit=2'))).toBe(true);
    } finally {
      await twins.close();
    }
  });
});

refusesBadInput([
  {
    what: '--limit -1',
    line: 'incidents list --limit -1',
    says: '--limit must be a whole number from 1 to 100 (got -1)',
  },
  {
    what: '--status that is not open/resolved/all',
    line: 'incidents list --status closed',
    says: '--status must be one of open, resolved or all (got "closed")',
  },
  { what: '--next-id percent-encoded', line: 'incidents list --next-id %2e%2e', says: '--next-id must not contain' },
]);
