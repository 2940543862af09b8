import { expect } from 'chai';
import type { StoredEvent } from '@chat/core';
import { type EventLogReader, exportEvents, type ReadAllOptions } from '@chat/eventstore';
import { metadataAt, T0 } from '../../support/stored-events.js';

/** A log of `count` events that records how much each read asked for. */
function logOf(count: number): { reader: EventLogReader; asked: (number | undefined)[] } {
  const events = Array.from({ length: count }, (_, i) => ({ position: i + 1, stream: `user-${i % 5}`, revision: 0, id: `e${i}`, type: 'UserRenamed', data: {}, metadata: metadataAt(T0 + i) }) as StoredEvent);
  const asked: (number | undefined)[] = [];
  const reader: EventLogReader = {
    async *readAll(options: ReadAllOptions = {}) {
      asked.push(options.maxCount);
      const from = options.fromPosition ?? 0;
      yield* events.filter((event) => event.position > from || (options.inclusive === true && event.position === from)).slice(0, options.maxCount ?? count);
    },
    readAt: async (wanted) => events.filter((event) => wanted.includes(event.position)),
    headPosition: async () => count,
    subscribe: () => () => {},
    close: async () => {},
  };
  return { reader, asked };
}

async function positions(events: AsyncIterable<StoredEvent>): Promise<number[]> {
  const out: number[] = [];
  for await (const event of events) out.push(event.position);
  return out;
}

describe('exportEvents reads the log in small pages', function () {
  it('gives every event once, in order, asking for at most 256 at a time', async function () {
    const { reader, asked } = logOf(1000);
    expect(await positions(exportEvents(reader, {}, 1000))).to.deep.equal(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(asked.every((each) => each !== undefined && each <= 256)).to.equal(true);
    expect(asked.length).to.be.at.least(4);
  });

  it('keeps the position bounds and the head across pages, and ends at a page boundary', async function () {
    const { reader } = logOf(512);
    expect(await positions(exportEvents(reader, { fromPosition: 250, toPosition: 520 }, 300))).to.deep.equal(Array.from({ length: 51 }, (_, i) => i + 250));
    expect(await positions(exportEvents(reader, {}, 512))).to.have.length(512);
  });

  it('asks between pages whether to stop, even when the filter keeps nothing, and stops where told', async function () {
    const { reader, asked } = logOf(1000);
    const scanned: number[] = [];
    let calls = 0;
    const kept = await positions(
      exportEvents(reader, { types: ['NoSuchType'] }, 1000, {
        onScanned: (position) => scanned.push(position),
        betweenPages: async () => ++calls === 2,
      }),
    );
    expect(kept).to.deep.equal([]);
    expect(calls).to.equal(2);
    expect(asked).to.have.length(2);
    expect(scanned.at(-1)).to.equal(512);
  });

  it('never asks after the last page', async function () {
    const { reader } = logOf(300);
    let calls = 0;
    const kept = await positions(exportEvents(reader, {}, 300, { betweenPages: async () => (calls++, false) }));
    expect(kept).to.have.length(300);
    expect(calls).to.equal(1);
  });
});
