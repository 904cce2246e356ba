/**
 * `mon status-pages get PAGE` in-process against the sandbox: PAGE as a URL slug, a name or
 * an ID prefix; the cards with their services and the open incidents; --json as received.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { cli, memorySandbox, TEST_KEY } from '../../helpers';

const ACME_CLOUD = '5a0c1f0e-8d2b-4e6f-a1c3-000000000001';
let sandbox: Sandbox;
let incident: string;

beforeAll(async () => {
  sandbox = await memorySandbox();
  const opened = await cli(
    [
      'incidents',
      'create',
      '--name',
      'DNS failing',
      '--severity',
      'major',
      '--service',
      'Public API',
      '--message',
      'Looking.',
    ],
    { sandbox },
  );
  expect(opened.code, opened.stderr).toBe(0);
  incident = opened.stdout.trim();
});
afterAll(() => sandbox.close());

describe('mon status-pages get', () => {
  it('by URL slug: the page, its cards and services, its open incident', async () => {
    const result = await cli(['status-pages', 'get', 'ACME-CLOUD'], { sandbox });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`id\t${ACME_CLOUD}\nname\tAcme Cloud\nurl\tacme-cloud\n`);
    expect(result.stdout).toMatch(/Cards and services\n {2}Core platform\n {4}\w{8} {2}Public API\n/);
    expect(result.stdout).toContain(`Open incidents\n  ${incident.slice(0, 8)}  MAJOR  INVESTIGATING  DNS failing\n`);
  });

  it('by name in any case and by ID prefix; --json is the page as received', async () => {
    const byName = await cli(['status-pages', 'get', 'acme cloud', '--json'], { sandbox });
    expect(byName.code, byName.stderr).toBe(0);
    const raw = await (
      await fetch(`${sandbox.url}/v1/status-pages/${ACME_CLOUD}`, { headers: { authorization: `Bearer ${TEST_KEY}` } })
    ).json();
    expect(JSON.parse(byName.stdout)).toEqual(raw);
    const byPrefix = await cli(['status-pages', 'get', ACME_CLOUD.slice(0, 8)], { sandbox });
    expect(byPrefix.code, byPrefix.stderr).toBe(0);
    expect(byPrefix.stdout).toContain(`id\t${ACME_CLOUD}\n`);
  });

  it('is exit 6 for a page that does not exist', async () => {
    const result = await cli(['status-pages', 'get', 'nowhere'], { sandbox });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('No status page has the ID, URL or name "nowhere".');
    expect(result.stderr).toContain('The status pages: Acme Cloud (acme-cloud)');
  });
});
