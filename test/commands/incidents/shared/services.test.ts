import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceEntry } from '../../../../src/api/resources/statusPages';
import { findServices } from '../../../../src/commands/incidents/shared/services';
import { SEED_SERVICES } from '../../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../../src/sandbox/server';
import { cli, memorySandbox, TEST_ACCOUNT } from '../../../helpers';

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
    expect(post?.body).toMatchObject({
      services: [{ id: SEED_SERVICES.checkout, name: 'Checkout', accountId: TEST_ACCOUNT }],
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

  it('a name wins over a prefix, and a unique prefix in any case names its service', () => {
    expect(findServices(directory, ['ABCDEF02']).map((found) => found.service.name)).toEqual(['Web']);
    expect(findServices([...directory, entry('x', 'abcdef01')], ['abcdef01']).map((found) => found.service.id)).toEqual(
      ['x'],
    );
  });
});
