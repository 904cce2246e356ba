import { describe, expect, it } from 'vitest';
import { publicPageUrl } from '../../src/core/public-page';

/* Where an account's status page is public: its custom domain, else the API's address, else none (never a guess). */

const account = { sandbox: false, baseUrl: 'https://api.example.com' };

describe('publicPageUrl', () => {
  it('an account page with a custom domain: that domain, always over https', () => {
    expect(publicPageUrl({ name: 'Acme', url: 'acme', customDomain: 'status.acme.com' }, account)).toEqual({
      url: 'https://status.acme.com/',
    });
    for (const typed of ['http://status.acme.test', 'https://status.acme.test/', 'Status.Acme.Test']) {
      expect(publicPageUrl({ name: 'Acme', url: 'acme', customDomain: typed }, account)).toEqual({
        url: 'https://status.acme.test/',
      });
    }
    expect(publicPageUrl({ name: 'Acme', url: 'acme', customDomain: 'bücher.example' }, account)).toEqual({
      url: 'https://xn--bcher-kva.example/',
    });
  });

  it('without one: the address the API gives as its url', () => {
    expect(publicPageUrl({ name: 'Acme', url: 'https://acme.status.example/', customDomain: null }, account)).toEqual({
      url: 'https://acme.status.example/',
    });
  });

  it('when the API gives only a name (or a URL that is not http), says so instead of guessing a host', () => {
    for (const url of ['acme', 'javascript:alert(1)']) {
      const found = publicPageUrl({ name: 'Acme', url, customDomain: '' }, account);
      expect(found).toEqual({ none: expect.stringContaining('The API gives no address for the status page "Acme"') });
    }
    // A custom domain that is no host name is not used either.
    expect(publicPageUrl({ name: 'Acme', url: 'acme', customDomain: 'a b"c' }, account)).toHaveProperty('none');
  });

  it('a mon sandbox: where it serves the page, whatever the page says', () => {
    const sandbox = { sandbox: true, baseUrl: 'http://127.0.0.1:4010' };
    expect(publicPageUrl({ name: 'A', url: 'acme pay/x', customDomain: 'status.acme.com' }, sandbox)).toEqual({
      url: 'http://127.0.0.1:4010/status/acme%20pay%2Fx',
    });
  });
});
