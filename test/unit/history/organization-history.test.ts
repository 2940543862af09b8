import { expect } from 'chai';
import type { DomainEvent, StoredEvent } from '@chat/core';
import { type HistoryIndexEntry, type HistorySource, OrganizationHistory } from '@chat/projections/history/index';
import { storedEvents } from '../../support/stored-events.js';

/** A log of `count` questions asked (organization events that change no model), read through a source that counts reads. */
function countingSource(count: number): { source: HistorySource; read: number[] } {
  const asked: DomainEvent = { type: 'HistoryQueried', data: { question: 'organization', parameters: {} } };
  const events: StoredEvent[] = storedEvents(Array.from({ length: count }, () => asked));
  const entries: HistoryIndexEntry[] = events.map((event) => ({ position: event.position, type: event.type, actor_id: null, occurred_at: event.metadata.occurred_at, kinds: [], user_ids: [], channel_ids: [], group_ids: [] }));
  const read: number[] = [];
  const byPosition = new Map(events.map((event) => [event.position, event]));
  return {
    read,
    source: {
      entries: async () => entries,
      read: async (positions) => {
        read.push(...positions);
        return positions.map((position) => byPosition.get(position) as StoredEvent);
      },
    },
  };
}

/**
 * The replays into the past start from the nearest snapshot: those taken every `every` events, and
 * the point each question asked about, so the next question about that point or a later one with no
 * organization event in between reads nothing again.
 */
describe('OrganizationHistory snapshots', () => {
  it('keeps the point asked about: asking again, or later with nothing in between, reads no event', async () => {
    const { source, read } = countingSource(2500);
    const history = new OrganizationHistory(source, { every: 1000, keep: 8 });
    const last = (await source.entries()).at(-1)?.position as number;
    const first = await history.at(last);
    expect(first.applied).to.equal(2500);
    expect(read).to.have.length(2500);
    read.length = 0;
    const again = await history.at(last);
    expect(again.applied).to.equal(2500);
    expect(again.position).to.equal(last);
    expect(await history.at(last + 10_000)).to.include({ applied: 2500 });
    expect(read).to.deep.equal([]);
  });

  it('replays from the nearest snapshot before an earlier point', async () => {
    const { source, read } = countingSource(2500);
    const history = new OrganizationHistory(source, { every: 1000, keep: 8 });
    const entries = await source.entries();
    await history.at(entries[2499].position);
    read.length = 0;
    const earlier = await history.at(entries[1499].position);
    expect(earlier.applied).to.equal(1500);
    expect(read).to.deep.equal(entries.slice(1000, 1500).map((entry) => entry.position));
  });
});
