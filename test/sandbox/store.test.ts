import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
});
