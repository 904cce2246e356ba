import { describe, expect, it } from 'vitest';
import { Store } from '../../src/sandbox/store';

describe('a collection', () => {
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
