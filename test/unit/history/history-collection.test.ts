import { expect } from 'chai';
import { HistoryStore } from '@chat/projections/history/index';

interface Row {
  id: number;
  channel_id: number;
  name: string;
}

/**
 * A replay's store and its snapshots share their key maps until one of them writes (copy on write):
 * whichever side writes first, the other never sees it, and the indexes stay true on both sides.
 */
describe('HistoryStore snapshots: copy on write', () => {
  const spec = { name: 'rows', fields: ['channel_id'] };
  const row = (id: number, channel_id: number, name = `row ${id}`): Row => ({ id, channel_id, name });

  async function storeWithRows(): Promise<HistoryStore> {
    const store = new HistoryStore();
    const rows = store.collection<Row>(spec);
    for (const each of [row(1, 7), row(2, 7), row(3, 8)]) await rows.put(each.id, each, each.id);
    return store;
  }

  it('keeps a snapshot as it was when the store writes after it', async () => {
    const store = await storeWithRows();
    const rows = store.collection<Row>(spec);
    expect((await rows.findMany('channel_id', 7)).map((each) => each.id)).to.deep.equal([1, 2]);
    const image = store.image();
    await rows.put(2, row(2, 8), 4);
    await rows.delete(1, 4);
    await rows.put(9, row(9, 7), 5);
    expect((await rows.findMany('channel_id', 7)).map((each) => each.id)).to.deep.equal([9]);
    const restored = new HistoryStore(image).collection<Row>(spec);
    expect((await restored.all()).map((each) => each.id)).to.deep.equal([1, 2, 3]);
    expect((await restored.findMany('channel_id', 7)).map((each) => each.id)).to.deep.equal([1, 2]);
  });

  it('keeps the snapshot and the other restores as they were when a restored store writes', async () => {
    const image = (await storeWithRows()).image();
    const first = new HistoryStore(image).collection<Row>(spec);
    const second = new HistoryStore(image).collection<Row>(spec);
    await first.put(3, row(3, 7, 'moved'), 4);
    expect((await first.findMany('channel_id', 7)).map((each) => each.id)).to.deep.equal([1, 2, 3]);
    expect((await second.findMany('channel_id', 7)).map((each) => each.id)).to.deep.equal([1, 2]);
    expect(await second.get(3)).to.deep.equal(row(3, 8));
    expect(await new HistoryStore(image).collection<Row>(spec).get(3)).to.deep.equal(row(3, 8));
  });
});
