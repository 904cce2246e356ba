import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceEntry } from '../../../../src/api/resources/statusPages';
import { findServices } from '../../../../src/commands/incidents/shared/services';
import { SEED_SERVICES } from '../../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../../src/sandbox/server';
import type { UsageError } from '../../../../src/errors';
import { cli, memorySandbox, mon, TEST_ACCOUNT } from '../../../helpers';
import { API_EU, API_US, CHECKOUT_EU, openWithMon, PAGES_ACCOUNT, twoPagesSandbox } from '../fixture';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(() => sandbox.close());

describe('--service takes the short ID `mon status-pages list` shows', () => {
  it('the 8 characters of the SERVICE ID column name the service: the incident is opened on it', async () => {
    const listed = await cli(['status-pages', 'list'], { sandbox });
    const short = SEED_SERVICES.checkout.slice(0, 8);
    expect(listed.stdout).toContain(short);

    const result = await cli(
      ['incidents', 'create', '--name', 'Checkout down', '--severity', 'major', '--service', short, '-m', 'Looking'],
      { sandbox },
    );
    expect(result.code, result.stderr).toBe(0);
    const post = sandbox.requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Checkout down',
      severity: 'MAJOR',
      services: [{ id: SEED_SERVICES.checkout, name: 'Checkout', accountId: TEST_ACCOUNT }],
      incidentUpdates: [{ description: 'Looking', status: 'INVESTIGATING', notifySubscribers: false }],
    });
  });

  it('fewer than 6 characters are not a prefix: exit 2 naming the flag, nothing sent', async () => {
    const before = sandbox.requests.length;
    const result = await cli(
      [
        'incidents',
        'create',
        '--name',
        'A',
        '--severity',
        'major',
        '--service',
        SEED_SERVICES.checkout.slice(0, 5),
        '-m',
        'x',
      ],
      { sandbox },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is not a service on any status page');
    expect(sandbox.requests.slice(before).filter((request) => request.method !== 'GET')).toEqual([]);
  });
});

describe('findServices', () => {
  const page = { id: 'p', name: 'Page', accountId: TEST_ACCOUNT } as ServiceEntry['page'];
  const entry = (id: string, name: string): ServiceEntry =>
    ({ page, card: 'Card', service: { id, name } }) as ServiceEntry;
  const directory = [entry('abcdef01-aaaa', 'API'), entry('abcdef02-bbbb', 'Web')];

  it('a prefix two services share is exit 2 listing both, asking for more characters', () => {
    expect(() => findServices(directory, ['abcdef'])).toThrowError(/--service "abcdef" names 2 services/);
    try {
      findServices(directory, ['ABCDEF']);
    } catch (error) {
      expect(String(error)).toContain('Page › Card › API (abcdef01-aaaa)');
      expect((error as { hint?: string }).hint).toBe('Give more characters of the ID.');
    }
  });

  /** What a refused --service says: the message, then the hint. */
  const refusal = (values: string[], among = directory) => {
    try {
      findServices(among, values);
    } catch (error) {
      return [(error as UsageError).message, (error as UsageError).hintFor({})];
    }
    throw new Error(`${values.join(', ')} was taken`);
  };
  const twoApis = [entry('abcdef01-aaaa', 'API'), { ...entry('fedcba09-cccc', 'API'), card: 'Edge' }];
  it.each([
    {
      what: 'a prefix two services share',
      values: ['abcdef'],
      says: [
        '--service "abcdef" names 2 services:\n  Page › Card › API (abcdef01-aaaa)\n  Page › Card › Web (abcdef02-bbbb)',
        'Give more characters of the ID.',
      ],
    },
    {
      what: 'a name two services share',
      values: ['api'],
      among: twoApis,
      says: [
        '--service "api" names 2 services:\n  Page › Card › API (abcdef01-aaaa)\n  Page › Edge › API (fedcba09-cccc)',
        'Give the ID of the one you mean.',
      ],
    },
    {
      what: 'one unknown value, near a name',
      values: ['Wbe'],
      says: [
        '--service "Wbe" is not a service on any status page (by ID or name).',
        'Did you mean "Web"? Run `mon status-pages list` to see the services.',
      ],
    },
    {
      what: 'two unknown values among known ones, neither near a name',
      values: ['API', 'zzzzzz', 'yyyyyy'],
      says: [
        '--service "zzzzzz", "yyyyyy" are not services on any status page (by ID or name).',
        'Run `mon status-pages list` to see the services.',
      ],
    },
  ])('$what: exit 2 saying so, and what to give instead', ({ values, among, says }) => {
    expect(refusal(values, among)).toEqual(says);
  });

  it('a name is matched in any case, with the spaces around it left out', () => {
    expect(findServices(directory, [' web ', 'API']).map((found) => found.service.id)).toEqual([
      'abcdef02-bbbb',
      'abcdef01-aaaa',
    ]);
  });

  it('a name wins over a prefix, and a unique prefix in any case names its service', () => {
    expect(findServices(directory, ['ABCDEF02']).map((found) => found.service.name)).toEqual(['Web']);
    expect(findServices([...directory, entry('x', 'abcdef01')], ['abcdef01']).map((found) => found.service.id)).toEqual(
      ['x'],
    );
  });
});

describe('no services on any status page', () => {
  it('the checklist of services cannot be shown: exit 2 saying to add services first, nothing sent', async () => {
    const empty = await memorySandbox();
    try {
      const pages = empty.store.collection('statusPages');
      for (const page of pages.values()) pages.forget(page.id);
      const result = await mon('incidents create --name "DB slow" --severity minor -m x', {
        sandbox: empty,
        tty: true,
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        'There are no services on any status page, so there is nothing an incident could name.',
      );
      expect(result.stderr).toContain('Add services to a status page first.');
      expect(empty.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});

describe('--service by name, on two status pages that share a service name', () => {
  let pages: Sandbox;
  beforeAll(async () => {
    pages = await twoPagesSandbox();
  });
  afterAll(async () => {
    await pages.close();
  });
  const openOn = (name: string, severity: string, service: string, extra: string[] = []) =>
    openWithMon(pages, name, severity, service, extra);

  it('create takes a service name in any case and sends its ID', async () => {
    pages.requests.length = 0;
    await openOn('Checkout slow', 'major', 'cHeCkOuT');
    const posted = pages.requests.find((request) => request.method === 'POST');
    expect(posted?.body).toEqual({
      name: 'Checkout slow',
      severity: 'MAJOR',
      services: [{ id: CHECKOUT_EU, name: 'Checkout', accountId: PAGES_ACCOUNT }],
      incidentUpdates: [{ description: 'x', status: 'INVESTIGATING', notifySubscribers: false }],
    });
  });

  it('a name on several pages is exit 2 listing "Page › Card › Service (ID)"; nothing is sent', async () => {
    pages.requests.length = 0;
    const result = await mon(
      ['incidents', 'create', '--name', 'n', '--severity', 'minor', '--service', 'public api', '-m', 'x'],
      { sandbox: pages },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--service "public api" names 2 services:');
    expect(result.stderr).toContain(`Acme EU › Core › Public API (${API_EU})`);
    expect(result.stderr).toContain(`Acme US › Core › Public API (${API_US})`);
    expect(pages.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('an unknown name is exit 2 with the closest names', async () => {
    const result = await mon(
      ['incidents', 'create', '--name', 'n', '--severity', 'minor', '--service', 'Chekout', '-m', 'x'],
      { sandbox: pages },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--service "Chekout" is not a service on any status page (by ID or name).');
    expect(result.stderr).toContain('Did you mean "Checkout"?');
  });

  it('update takes names too: the services become exactly these', async () => {
    const id = await openOn('API errors', 'minor', API_EU);
    pages.requests.length = 0;
    const result = await mon(['incidents', 'update', id, '--service', 'CHECKOUT', '--service', API_US], {
      sandbox: pages,
    });
    expect(result.code, result.stderr).toBe(0);
    const put = pages.requests.find((request) => request.method === 'PUT');
    expect((put?.body as { services: { id: string }[] }).services.map((service) => service.id)).toEqual([
      CHECKOUT_EU,
      API_US,
    ]);
  });
});
