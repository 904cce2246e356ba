/**
 * api/resources/maintenance.ts: each request as data (what --dry-run and plans show: method,
 * path, query, exact body), and each call against a sandbox (the answer read, pages followed,
 * a 404 said in words).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client';
import {
  createMaintenanceWindow,
  createMaintenanceWindowRequest,
  deleteMaintenanceWindow,
  deleteMaintenanceWindowRequest,
  getMaintenanceWindow,
  getMaintenanceWindowRequest,
  maintenanceWindowListRequest,
  maintenanceWindowPages,
  updateMaintenanceWindow,
  updateMaintenanceWindowRequest,
} from '../../../src/api/resources/maintenance';
import { prepareRequest } from '../../../src/api/request';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, TEST_ACCOUNT, TEST_KEY } from '../../helpers';
import { hintText } from '../../../src/text/next';

const BODY = {
  name: 'Deploy',
  tags: ['web'],
  startsAt: '2026-03-02T12:00:00.000Z',
  endsAt: '2026-03-02T13:00:00.000Z',
  repeatUnit: 'DAY' as const,
  repeatInterval: null,
};
const config = { baseUrl: 'https://api.example.com', apiKey: 'k' };

describe('the requests, as data', () => {
  it('lists with limit always sent (mon pages by 20), and the date filters as startsAt[op]', () => {
    expect(maintenanceWindowListRequest()).toEqual({
      method: 'GET',
      path: '/v1/maintenance-windows',
      query: { limit: 20 },
    });
    const filtered = maintenanceWindowListRequest({
      page: 2,
      limit: 5,
      startsAt: { gte: '2026-03-01', lt: '2026-03-08T00:00:00Z' },
      endsAt: { gt: '2026-03-02' },
    });
    expect(filtered.query).toEqual({
      limit: 5,
      page: 2,
      'startsAt[gte]': '2026-03-01',
      'startsAt[lt]': '2026-03-08T00:00:00Z',
      'endsAt[gt]': '2026-03-02',
    });
    expect(prepareRequest(config, filtered).url).toBe(
      'https://api.example.com/v1/maintenance-windows?limit=5&page=2&startsAt%5Bgte%5D=2026-03-01&startsAt%5Blt%5D=2026-03-08T00%3A00%3A00Z&endsAt%5Bgt%5D=2026-03-02',
    );
  });

  it('creates with the body as given, and says how to check a create that may have happened', () => {
    const { uncertainHint, ...request } = createMaintenanceWindowRequest(BODY);
    expect(request).toEqual({ method: 'POST', path: '/v1/maintenance-windows', body: BODY });
    // Its commands as the command line in use types them (text/next.ts).
    expect(hintText(uncertainHint, { sandbox: true })).toBe(
      'The window may have been opened even so: check with `mon --sandbox maintenance list` before retrying, so it is not opened twice.',
    );
  });

  it('reads, updates and deletes by ID (a number or its text, encoded)', () => {
    expect(getMaintenanceWindowRequest(7)).toEqual({ method: 'GET', path: '/v1/maintenance-windows/7' });
    expect(updateMaintenanceWindowRequest('7', { endsAt: '2026-03-02T12:30:00Z' })).toEqual({
      method: 'PUT',
      path: '/v1/maintenance-windows/7',
      body: { endsAt: '2026-03-02T12:30:00Z' },
    });
    expect(deleteMaintenanceWindowRequest('7 8')).toMatchObject({
      method: 'DELETE',
      path: '/v1/maintenance-windows/7%208',
    });
  });
});

describe('the calls, against a sandbox', () => {
  let sandbox: Sandbox;
  let client: ApiClient;
  beforeAll(async () => {
    sandbox = await memorySandbox();
    client = new ApiClient({ baseUrl: sandbox.url, apiKey: TEST_KEY, accountId: TEST_ACCOUNT, timeoutMs: 30_000 });
  });
  afterAll(() => sandbox.close());

  it('creates, reads, ends and deletes a window; then says it was not found, in words', async () => {
    const { window } = await createMaintenanceWindow(client, BODY);
    expect(window).toMatchObject({ id: expect.any(Number), name: 'Deploy', tags: ['web'], updated_at: null });
    expect((await getMaintenanceWindow(client, window.id)).window).toEqual(window);
    const ended = await updateMaintenanceWindow(client, window.id, { endsAt: '2026-03-02T12:30:00Z' });
    expect(ended.window.endsAt).toBe('2026-03-02T12:30:00.000Z');
    await deleteMaintenanceWindow(client, window.id);
    const error = await getMaintenanceWindow(client, window.id).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      kind: 'not-found',
      message: expect.stringContaining(`Maintenance window ${window.id} was not found.`),
      hint: '`mon maintenance list` shows the windows and their IDs.',
    });
    await expect(deleteMaintenanceWindow(client, window.id)).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('follows the pages to the end, newest first', async () => {
    for (let n = 0; n < 5; n++) await createMaintenanceWindow(client, { ...BODY, name: `W${n}` });
    const names: string[] = [];
    for await (const { entries } of maintenanceWindowPages(client, { limit: 2, startsAt: { gte: '2026-03-02' } })) {
      names.push(...entries.map((entry) => entry.name));
    }
    expect(names).toEqual(['W4', 'W3', 'W2', 'W1', 'W0']);
    expect(
      sandbox.requests
        .filter((request) => request.path.startsWith('/v1/maintenance-windows?'))
        .map((request) => request.path),
    ).toEqual([
      '/v1/maintenance-windows?limit=2&startsAt%5Bgte%5D=2026-03-02&page=1',
      '/v1/maintenance-windows?limit=2&startsAt%5Bgte%5D=2026-03-02&page=2',
      '/v1/maintenance-windows?limit=2&startsAt%5Bgte%5D=2026-03-02&page=3',
    ]);
  });
});
