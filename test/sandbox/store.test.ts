import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFaults } from '../../src/sandbox/faults';
import { Router } from '../../src/sandbox/router';
import { Store } from '../../src/sandbox/store';

const dataFile = () => join(mkdtempSync(join(tmpdir(), 'mon-store-')), 'data.jsonl');

describe('the sandbox store', () => {
  it('persists every write and reads it back after a restart', () => {
    const file = dataFile();
    const store = Store.open(file);
    expect(store.report.created).toBe(true);
    const things = store.collection<{ id: string; n: number }>('things');
    things.put({ id: 'a', n: 1 });
    things.put({ id: 'b', n: 2 });
    things.put({ id: 'a', n: 3 });
    store.setMeta('seeded', true);
    // No close: a kill -9 leaves exactly what was appended.
    const again = Store.open(file);
    expect(again.collection<{ id: string; n: number }>('things').values()).toEqual([
      { id: 'a', n: 3 },
      { id: 'b', n: 2 },
    ]);
    expect(again.meta('seeded')).toBe(true);
    again.close();
    store.close();
  });

  it('drops a torn last line instead of failing, and cuts it off the file', () => {
    const file = dataFile();
    const store = Store.open(file);
    store.collection('things').put({ id: 'kept' });
    store.close();
    appendFileSync(file, '{"c":"things","put":{"id":"torn"');
    const again = Store.open(file);
    expect(again.report.droppedTornTail).toBe(true);
    expect(
      again
        .collection('things')
        .values()
        .map((doc) => doc.id),
    ).toEqual(['kept']);
    again.collection('things').put({ id: 'after' });
    again.close();
    expect(
      Store.open(file)
        .collection('things')
        .values()
        .map((doc) => doc.id),
    ).toEqual(['kept', 'after']);
  });

  it('refuses a damaged line in the middle and a file that is not its own, leaving them untouched', () => {
    const file = dataFile();
    const content = '{"format":"mon-sandbox","version":1}\nnot json\n{"c":"x","put":{"id":"1"}}\n';
    writeFileSync(file, content);
    expect(() => Store.open(file)).toThrow(/damaged at line 2/);
    expect(readFileSync(file, 'utf8')).toBe(content);
    const foreign = dataFile();
    writeFileSync(foreign, '{"hello":"world"}\n');
    expect(() => Store.open(foreign)).toThrow(/not a mon sandbox data file/);
    expect(readFileSync(foreign, 'utf8')).toBe('{"hello":"world"}\n');
  });

  it('pages in both orders with nextId pointing at the first entry of the next page', () => {
    const store = Store.memory();
    const items = store.collection<{ id: string }>('items');
    for (const id of ['1', '2', '3', '4', '5']) items.put({ id });
    expect(items.page({ limit: 2 })).toEqual({ entries: [{ id: '1' }, { id: '2' }], nextId: '3' });
    expect(items.page({ limit: 2, nextId: '5' })).toEqual({ entries: [{ id: '5' }], nextId: null });
    expect(items.page({ limit: 2, newestFirst: true })).toEqual({ entries: [{ id: '5' }, { id: '4' }], nextId: '3' });
    expect(items.page({ limit: 10, nextId: '2', newestFirst: true })).toEqual({
      entries: [{ id: '2' }, { id: '1' }],
      nextId: null,
    });
    expect(items.page({ limit: 2, nextId: 'nope' })).toBeUndefined();
  });
});

describe('faults', () => {
  it('fires counted rules exactly N times, per method when asked', () => {
    const faults = parseFaults('503x2@GET,dropx1@POST,delay:300');
    expect(faults.delayMs).toBe(300);
    expect(faults.pick('POST')).toEqual({ kind: 'drop' });
    expect(faults.pick('POST')).toBeUndefined();
    expect(faults.pick('GET')).toEqual({ kind: 'status', status: 503 });
    expect(faults.pick('GET')).toEqual({ kind: 'status', status: 503 });
    expect(faults.pick('GET')).toBeUndefined();
  });

  it('fires probabilistic rules by the given ratio', () => {
    const values = [0.1, 0.5, 0.19, 0.99];
    const faults = parseFaults('429:0.2', () => values.shift()!);
    expect([faults.pick('GET'), faults.pick('GET'), faults.pick('GET'), faults.pick('GET')]).toEqual([
      { kind: 'status', status: 429 },
      undefined,
      { kind: 'status', status: 429 },
      undefined,
    ]);
  });

  it.each(['503', '503:2', '200x1', 'boom:0.5', 'delay:fast'])('refuses %s', (spec) => {
    expect(() => parseFaults(spec)).toThrow(/Invalid fault/);
  });
});

describe('the router', () => {
  it('matches params percent-decoded per segment, and tells 404 from 405', () => {
    const router = new Router().get('/v1/things/:id', () => ({ status: 200 }));
    expect(router.match('GET', '/v1/things/a%2Fb').params).toEqual({ id: 'a/b' });
    expect(() => router.match('POST', '/v1/things/x')).toThrow(/POST is not supported/);
    expect(() => router.match('GET', '/v1/other')).toThrow(/Not Found/);
    expect(() => router.match('GET', '/v1/things/a/b')).toThrow(/Not Found/);
  });
});
