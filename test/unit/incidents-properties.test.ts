/**
 * Property tests for what turns user input into incident requests: the times and durations
 * of --date, the create body built from flags, and the update command's PUT (current values
 * plus the changes) and POST. What the commands build must be what the spec allows, what the
 * sandbox accepts, and exactly what the user asked for; anything else is refused before a
 * request is sent.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { incidentCreateBodySchema, type Incident } from '../../src/api/schemas/incidents';
import { INCIDENT_STATUSES, SEVERITIES } from '../../src/api/schemas/enums';
import { parseDuration, parseTime } from '../../src/text/time';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../src/sandbox/server';
import { memorySandbox, mon, TEST_ACCOUNT, TEST_KEY } from '../helpers';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

describe('--date: times and durations', () => {
  it('accepts a calendar date exactly when the month has that day (leap years included)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1970, max: 2400 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const parsed = parseTime(`${year}-${pad(month)}-${pad(day)}`, NOW);
          const exists = month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
          expect(parsed !== undefined).toBe(exists);
          if (parsed) expect(parsed.toISOString()).toBe(`${year}-${pad(month)}-${pad(day)}T00:00:00.000Z`);
        },
      ),
    );
  });

  it('reads back any instant written as ISO 8601, in UTC or with an offset', () => {
    const instant = fc
      .integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) })
      .map((ms) => Math.floor(ms / 1000) * 1000);
    fc.assert(
      fc.property(instant, fc.integer({ min: -12 * 60, max: 14 * 60 }), (ms, offsetMinutes) => {
        expect(parseTime(new Date(ms).toISOString(), NOW)?.getTime()).toBe(ms);
        // The same instant as local time at an offset: 2026-11-22T17:30:00+05:30.
        const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
        const sign = offsetMinutes < 0 ? '-' : '+';
        const offset = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
        expect(parseTime(`${local}${offset}`, NOW)?.getTime()).toBe(ms);
      }),
    );
  });

  it('reads "N<unit>" (and "N<unit> ago") as that long before now', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom(...(Object.keys(UNIT_MS) as (keyof typeof UNIT_MS)[])),
        fc.boolean(),
        (n, unit, ago) => {
          expect(parseDuration(`${n}${unit}`)).toBe(n * UNIT_MS[unit]);
          expect(parseTime(`${n}${unit}${ago ? ' ago' : ''}`, NOW)?.getTime()).toBe(NOW - n * UNIT_MS[unit]);
        },
      ),
    );
  });

  it('never throws on any text, and what it accepts is a real instant', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const parsed = parseTime(text, NOW);
        if (parsed !== undefined) expect(Number.isNaN(parsed.getTime())).toBe(false);
        const duration = parseDuration(text);
        if (duration !== undefined) expect(duration).toBeGreaterThan(0);
      }),
    );
  });
});

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => {
  sandbox.requests.length = 0;
});

/** Any case and spacing of an enum value: " mAjOr". */
const anyCase = (values: readonly string[]) =>
  fc
    .tuple(
      fc.constantFrom(...values),
      fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      fc.constantFrom('', ' '),
    )
    .map(
      ([value, upper, space]) =>
        `${space}${[...value].map((char, i) => (upper[i] ? char : char.toLowerCase())).join('')}${space}`,
    );
const text = (maxLength: number) => fc.string({ minLength: 1, maxLength }).filter((value) => value.trim().length > 0);
const serviceIds = fc.uniqueArray(fc.constantFrom(...Object.values(SEED_SERVICES)), { minLength: 1, maxLength: 4 });
const date = fc.option(
  fc
    .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
    .map((ms) => new Date(Math.floor(ms / 1000) * 1000)),
  { nil: undefined },
);

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${TEST_KEY}`,
      'x-service-account': TEST_ACCOUNT,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Incident };
};

describe('incidents create: the body from flags', () => {
  it('is exactly what was asked for, passes the spec schema, and the sandbox creates it', async () => {
    await fc.assert(
      fc.asyncProperty(
        text(255),
        anyCase(SEVERITIES),
        serviceIds,
        text(500),
        fc.option(anyCase(INCIDENT_STATUSES), { nil: undefined }),
        fc.boolean(),
        date,
        async (name, severity, services, message, status, notify, when) => {
          sandbox.requests.length = 0;
          const args = [
            `--name=${name}`,
            `--severity=${severity}`,
            ...services.map((id) => `--service=${id}`),
            `--message=${message}`,
          ];
          if (status !== undefined) args.push(`--status=${status}`);
          if (notify) args.push('--notify');
          if (when) args.push(`--date=${when.toISOString()}`);
          const result = await mon(['--json', 'incidents', 'create', ...args, '--dry-run'], { sandbox });
          expect(result.code, result.stderr).toBe(0);
          const { body } = JSON.parse(result.stdout) as { body: Record<string, unknown> };
          expect(body).toEqual({
            name: name.trim(),
            severity: severity.trim().toUpperCase(),
            services: services.map((id) => expect.objectContaining({ id, accountId: TEST_ACCOUNT })),
            incidentUpdates: [
              {
                description: message.trim(),
                status: status?.trim().toUpperCase() ?? 'INVESTIGATING',
                notifySubscribers: notify,
                ...(when ? { publicIncidentUpdateDate: when.toISOString() } : {}),
              },
            ],
          });
          expect(incidentCreateBodySchema.safeParse(body).success).toBe(true);
          expect(sandbox.requests.filter((request) => request.method !== 'GET')).toEqual([]);
          const created = await post('/v1/status-pages/incidents', body);
          expect(created.status).toBe(201);
          expect(created.body.name).toBe(name.trim());
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses what the spec does not allow with exit 2 naming the flag, before any request', async () => {
    const valid = { name: 'Outage', severity: 'MAJOR', service: SEED_SERVICES.api, message: 'Looking into it.' };
    const badSeverity = fc
      .string({ maxLength: 12 })
      .filter((value) => !(SEVERITIES as readonly string[]).includes(value.trim().toUpperCase()));
    const badStatus = fc
      .string({ maxLength: 14 })
      .filter((value) => !(INCIDENT_STATUSES as readonly string[]).includes(value.trim().toUpperCase()));
    const badDate = fc.string({ maxLength: 25 }).filter((value) => parseTime(value, Date.now()) === undefined);
    const blank = fc.constantFrom('', ' ', '\t', '  \n ');
    const mistake = fc.oneof(
      fc
        .string({ minLength: 256, maxLength: 400 })
        .filter((value) => value.trim().length > 255)
        .map((name) => ({ flag: '--name', change: { name }, says: 'must be at most 255 characters' })),
      blank.map((name) => ({ flag: '--name', change: { name }, says: 'must not be empty' })),
      badSeverity.map((severity) => ({
        flag: '--severity',
        change: { severity },
        says: 'must be one of CRITICAL, MAJOR, MEDIUM or MINOR',
      })),
      badStatus.map((status) => ({
        flag: '--status',
        change: { status },
        says: 'must be one of INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED',
      })),
      badDate.map((value) => ({ flag: '--date', change: { date: value }, says: 'must be a date' })),
      blank.map((message) => ({ flag: '--message', change: { message }, says: 'must not be empty' })),
    );
    await fc.assert(
      fc.asyncProperty(mistake, async ({ flag, change, says }) => {
        sandbox.requests.length = 0;
        const flags: Record<string, string> = { ...valid, ...change };
        const args = Object.entries(flags).map(([key, value]) => `--${key}=${value}`);
        const result = await mon(['incidents', 'create', ...args], { sandbox });
        expect(result.code).toBe(2);
        expect(result.stderr).toContain(`${flag} ${says}`);
        expect(result.stdout).toBe('');
        expect(sandbox.requests).toEqual([]);
      }),
      { numRuns: 80 },
    );
  });
});

describe('incidents update: the PUT and the POST', () => {
  let incident: Incident;
  beforeAll(async () => {
    const created = await post('/v1/status-pages/incidents', {
      name: 'Checkout errors',
      severity: 'MAJOR',
      services: [{ id: SEED_SERVICES.checkout, name: 'Checkout', accountId: TEST_ACCOUNT }],
      incidentUpdates: [{ description: 'Investigating.', status: 'IDENTIFIED' }],
    });
    incident = created.body;
  });

  it('sends the current values for what was not changed, and the current status unless another is given', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(text(255), { nil: undefined }),
        fc.option(anyCase(SEVERITIES), { nil: undefined }),
        fc.option(serviceIds, { nil: undefined }),
        fc.option(text(200), { nil: undefined }),
        fc.option(anyCase(INCIDENT_STATUSES), { nil: undefined }),
        async (name, severity, services, message, status) => {
          sandbox.requests.length = 0;
          const args = [
            ...(name !== undefined ? [`--name=${name}`] : []),
            ...(severity !== undefined ? [`--severity=${severity}`] : []),
            ...(services ?? []).map((id) => `--service=${id}`),
            // Without a terminal, a status needs a message.
            ...(message !== undefined || status !== undefined ? [`--message=${message ?? 'An update.'}`] : []),
            ...(status !== undefined ? [`--status=${status}`] : []),
          ];
          const result = await mon(['--json', 'incidents', 'update', incident.id, ...args, '--dry-run'], { sandbox });
          if (!args.length) {
            expect(result.code).toBe(2); // nothing to update
            return;
          }
          expect(result.code, result.stderr).toBe(0);
          const printed = JSON.parse(result.stdout) as
            { method: string; body: Record<string, unknown> } | { method: string; body: Record<string, unknown> }[];
          const requests = Array.isArray(printed) ? printed : [printed];
          const put = requests.find((request) => request.method === 'PUT');
          const posted = requests.find((request) => request.method === 'POST');
          const changes = name !== undefined || severity !== undefined || services !== undefined;
          expect(put !== undefined).toBe(changes);
          if (put) {
            expect(put.body).toEqual({
              name: name?.trim() ?? incident.name,
              severity: severity?.trim().toUpperCase() ?? incident.severity,
              services: (services ?? [SEED_SERVICES.checkout]).map((id) =>
                expect.objectContaining({ id, accountId: TEST_ACCOUNT }),
              ),
            });
          }
          expect(posted !== undefined).toBe(message !== undefined || status !== undefined);
          if (posted) {
            expect(posted.body).toEqual({
              description: (message ?? 'An update.').trim(),
              status: status?.trim().toUpperCase() ?? 'IDENTIFIED',
              notifySubscribers: false,
            });
          }
          if (put && posted) expect(requests.map((request) => request.method)).toEqual(['PUT', 'POST']);
          expect(sandbox.requests.filter((request) => request.method !== 'GET')).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
