import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMon, startSandbox, type SandboxProcess } from './harness';

const API = '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01';
const WEB_APP = '1c8f7b4d-5d1f-4c2a-9e8b-1a2b3c4d5e02';
const CHECKOUT = '50cdbf81-5d1f-4c2a-9e8b-1a2b3c4d5e06';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

const mon = (args: string[]) => runMon(args, { env: sandbox.env() });
const mutating = async () => (await sandbox.requests()).filter((request) => request.method !== 'GET');

interface Incident {
  id: string;
  name: string;
  severity: string;
  lastUpdateStatus: string;
  duration: number | null;
  incidentUpdates: { id: string; status: string; description: string; notifySubscribers: boolean }[];
}

describe('the outage flow', () => {
  it('create → update → update with a severity change → resolve → get shows every update, newest first, RESOLVED', async () => {
    const created = await mon([
      'incidents',
      'create',
      '--name',
      'Checkout errors',
      '--severity',
      'major',
      '--service',
      CHECKOUT,
      '--message',
      'Card payments fail for some customers.',
    ]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    const id = created.stdout.trim();
    expect(created.stderr).toContain(
      'Opened incident "Checkout errors": MAJOR, INVESTIGATING, on Checkout. Subscribers were not notified.',
    );

    await sandbox.advanceClock(600);
    const identified = await mon([
      'incidents',
      'update',
      id,
      '--status',
      'identified',
      '--message',
      'An expired certificate at the processor.',
    ]);
    expect(identified.code).toBe(0);
    expect(identified.stderr).toContain(
      'Posted an update to "Checkout errors": IDENTIFIED (was INVESTIGATING). Subscribers were not notified.',
    );

    await sandbox.advanceClock(600);
    const monitoring = await mon([
      'incidents',
      'update',
      id,
      '--severity',
      'CRITICAL',
      '--status',
      'MONITORING',
      '--message',
      'Certificate renewed; watching.',
      '--notify',
    ]);
    expect(monitoring.code).toBe(0);
    expect(monitoring.stderr).toContain('Changed incident "Checkout errors": severity MAJOR → CRITICAL.');
    expect(monitoring.stderr).toContain(
      'Posted an update to "Checkout errors": MONITORING (was IDENTIFIED). Subscribers were notified.',
    );

    await sandbox.advanceClock(2400);
    const resolved = await mon(['incidents', 'resolve', id, '--message', 'Payments work again.']);
    expect(resolved.code).toBe(0);
    expect(resolved.stderr).toContain('Resolved "Checkout errors"');

    // The updates' IDs printed on stdout are the ones the incident now holds.
    const postedIds = [identified, monitoring, resolved].map((result) => result.stdout.trim());
    const got = await mon(['incidents', 'get', id]);
    expect(got.code).toBe(0);
    expect(got.stdout).toContain('lastUpdateStatus\tRESOLVED\n');
    expect(got.stdout).toContain('severity\tCRITICAL\n');
    // 3600 s of sandbox clock, plus the real seconds the commands took.
    const duration = Number(/^duration\t(\d+)$/m.exec(got.stdout)?.[1]);
    expect(duration).toBeGreaterThanOrEqual(3600);
    expect(duration).toBeLessThan(3630);
    const rows = got.stdout
      .split('\n')
      .filter((line) => line.startsWith('update\t'))
      .map((line) => line.split('\t'));
    expect(rows.map((row) => [row[3], row[4], row[5]])).toEqual([
      ['RESOLVED', 'false', 'Payments work again.'],
      ['MONITORING', 'true', 'Certificate renewed; watching.'],
      ['IDENTIFIED', 'false', 'An expired certificate at the processor.'],
      ['INVESTIGATING', 'false', 'Card payments fail for some customers.'],
    ]);
    expect(rows.slice(0, 3).map((row) => row[1])).toEqual(postedIds.reverse());

    const json = JSON.parse((await mon(['incidents', 'get', id, '--json'])).stdout) as Incident;
    expect(json).toEqual((await sandbox.call('GET', `/v1/status-pages/incidents/${id}`)).body);

    const again = await mon(['incidents', 'resolve', id]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('is already resolved; nothing was posted');
    const forced = await mon(['incidents', 'resolve', id, '--force']);
    expect(forced.code).toBe(0);
  });

  it('shows the incident on its status page', async () => {
    const created = await mon([
      'incidents',
      'create',
      '--name',
      'API latency',
      '--severity',
      'minor',
      '--service',
      API,
      '--service',
      WEB_APP,
      '--message',
      'Slow.',
    ]);
    const id = created.stdout.trim();
    const pages = (await sandbox.call('GET', '/v1/status-pages')).body as {
      entries: { name: string; incidents: { id: string }[] }[];
    };
    expect(
      pages.entries.find((page) => page.name === 'Acme Cloud')!.incidents.map((incident) => incident.id),
    ).toContain(id);
    expect(pages.entries.find((page) => page.name === 'Acme Internal')!.incidents).toEqual([]);
  });
});

describe('listing', () => {
  let listing: SandboxProcess;
  const expectedOpen: string[] = [];
  beforeAll(async () => {
    listing = await startSandbox();
    // 250 incidents; every fifth one resolved.
    for (let i = 1; i <= 250; i++) {
      const { body } = await listing.call('POST', '/v1/status-pages/incidents', {
        name: `Incident ${i}`,
        severity: 'MINOR',
        services: [{ id: API, name: 'Public API', accountId: listing.info.accountId }],
        incidentUpdates: [{ description: `Number ${i}` }],
      });
      const { id } = body as { id: string };
      if (i % 5 === 0)
        await listing.call('POST', `/v1/status-pages/incidents/${id}/incident-updates`, {
          description: 'Done',
          status: 'RESOLVED',
        });
      else expectedOpen.unshift(`Incident ${i}`);
    }
    await listing.clearRequests();
  });
  afterAll(async () => {
    await listing?.stop();
  });
  const list = (args: string[]) => runMon(['incidents', 'list', ...args], { env: listing.env() });

  it('returns all 250 with --all (one JSON array), following every page, 100 a page', async () => {
    await listing.clearRequests();
    const all = await list(['--status', 'all', '--all', '--json']);
    expect(all.code).toBe(0);
    const entries = JSON.parse(all.stdout) as Incident[];
    expect(entries).toHaveLength(250);
    expect(new Set(entries.map((incident) => incident.id)).size).toBe(250);
    expect(entries[0]!.name).toBe('Incident 250');
    const pages = await listing.requests();
    expect(pages).toHaveLength(3); // full pages: 100, 100, 50
    for (const page of pages) expect(page.path).toContain('limit=100');
    // As received, key order included.
    const direct = (await listing.call('GET', '/v1/status-pages/incidents?limit=100')).body as { entries: unknown[] };
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
    const received = (await listing.call('GET', `/v1/status-pages/incidents/${resolved[0]!.id}`)).body;
    expect(JSON.stringify(resolved[0])).toBe(JSON.stringify(received));

    // Without --all: pages are followed until --limit match; the body is page-shaped.
    await listing.clearRequests();
    const page = JSON.parse((await list(['--status', 'resolved', '--limit', '30', '--json'])).stdout);
    expect(page.length).toBe(30);
    expect(page.entries[0].name).toBe('Incident 250');
    expect(page.entries[29].name).toBe('Incident 105');
    expect(JSON.stringify(page.entries[0])).toBe(JSON.stringify(received));
    expect((await listing.requests()).map((request) => request.path)).toEqual([
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

describe('safety', () => {
  it('--dry-run sends nothing mutating, for every mutating command', async () => {
    const created = await mon([
      'incidents',
      'create',
      '--name',
      'Dry',
      '--severity',
      'minor',
      '--service',
      API,
      '--message',
      'm',
    ]);
    const id = created.stdout.trim();
    const updateId = JSON.parse((await mon(['incidents', 'get', id, '--json'])).stdout).incidentUpdates[0].id as string;
    await sandbox.clearRequests();
    const commands = [
      ['incidents', 'create', '--name', 'Dry', '--severity', 'minor', '--service', API, '--message', 'm', '--dry-run'],
      ['incidents', 'update', id, '--severity', 'major', '--message', 'x', '--dry-run'],
      ['incidents', 'resolve', id, '--dry-run'],
      ['incidents', 'updates', 'create', id, '--message', 'x', '--dry-run'],
      ['incidents', 'updates', 'edit', id, updateId, '--message', 'x', '--dry-run'],
    ];
    for (const args of commands) {
      const result = await mon(args);
      expect(result.code, args.join(' ')).toBe(0);
      expect(result.stdout).toMatch(/^(POST|PUT) http/);
      expect(result.stderr).toContain('Dry run: nothing was sent.');
    }
    expect(await mutating()).toEqual([]);
    const json = JSON.parse((await mon(['--json', 'incidents', 'resolve', id, '--dry-run'])).stdout);
    expect(json).toEqual({
      method: 'POST',
      url: `${sandbox.url}/v1/status-pages/incidents/${id}/incident-updates`,
      body: { description: 'This incident has been resolved.', status: 'RESOLVED', notifySubscribers: false },
    });
  });

  it.each([
    [
      'a name of 256 characters',
      ['--name', 'x'.repeat(256), '--severity', 'major', '--service', API, '--message', 'm'],
      '--name must be at most 255 characters',
    ],
    ['no service', ['--name', 'A', '--severity', 'major', '--message', 'm'], '--service is required'],
    [
      'an unknown severity',
      ['--name', 'A', '--severity', 'sev1', '--service', API, '--message', 'm'],
      '--severity must be one of CRITICAL, MAJOR, MEDIUM or MINOR',
    ],
    [
      'an unknown status',
      ['--name', 'A', '--severity', 'major', '--service', API, '--message', 'm', '--status', 'fixed'],
      '--status must be one of INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED',
    ],
  ])('refuses %s with exit 2 and sends nothing', async (_what, flags, message) => {
    await sandbox.clearRequests();
    const result = await mon(['incidents', 'create', ...flags]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
    expect(await sandbox.requests()).toEqual([]);
  });

  it('exits 6 for an unknown incident, saying how to find one', async () => {
    for (const args of [
      ['incidents', 'get', 'no-such-incident'],
      ['incidents', 'update', 'no-such-incident', '--message', 'x'],
      ['incidents', 'resolve', 'no-such-incident'],
    ]) {
      const result = await mon(args);
      expect(result.code, args.join(' ')).toBe(6);
      expect(result.stderr).toContain('Incident "no-such-incident" was not found.');
      expect(result.stderr).toContain('mon incidents list --status all');
    }
  });

  it('does not say "try again" when a POST times out: it may have gone through', async () => {
    const slow = await startSandbox(['--faults', 'hang:1@POST']);
    try {
      const result = await runMon(
        [
          '--timeout',
          '1',
          'incidents',
          'create',
          '--name',
          'Slow',
          '--severity',
          'minor',
          '--service',
          API,
          '--message',
          'm',
        ],
        { env: slow.env() },
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('The request timed out after 1 s (POST /v1/status-pages/incidents)');
      expect(result.stderr).toContain(
        'Check with `mon incidents list` whether the incident was opened before retrying',
      );
      expect(result.stderr).not.toContain('Try again');
      // Sent once, and not again after the timeout.
      expect((await slow.requests()).filter((request) => request.method === 'POST')).toHaveLength(1);
    } finally {
      await slow.stop();
    }
  });

  it('tells the user to check before retrying when the answer to a POST is lost (and it did go through)', async () => {
    const lossy = await startSandbox(['--faults', 'drop:1@POST']);
    try {
      const env = lossy.env();
      const created = await runMon(
        ['incidents', 'create', '--name', 'Lossy', '--severity', 'minor', '--service', API, '--message', 'start'],
        { env },
      );
      expect(created.code).toBe(1);
      expect(created.stderr).toContain('the server may or may not have acted on it');
      expect(created.stderr).toContain(
        'Check with `mon incidents list` whether the incident was opened before retrying, so it is not opened twice.',
      );
      const listed = JSON.parse((await runMon(['incidents', 'list', '--json'], { env })).stdout) as {
        entries: Incident[];
      };
      expect(listed.entries.map((incident) => incident.name)).toEqual(['Lossy']);
      const id = listed.entries[0]!.id;

      const updated = await runMon(['incidents', 'update', id, '--message', 'posted?'], { env });
      expect(updated.code).toBe(1);
      expect(updated.stderr).toContain(
        `Check with \`mon incidents get ${id}\` whether the update was posted before retrying, so it is not posted twice.`,
      );
      expect(updated.stderr).not.toContain('✓');
      // One attempt only (a POST is not retried once sent), and it was stored.
      expect((await lossy.requests()).filter((request) => request.method === 'POST')).toHaveLength(2);
      const got = await runMon(['incidents', 'get', id], { env });
      expect(got.stdout).toContain('\tposted?\n');
    } finally {
      await lossy.stop();
    }
  });
});
