import { expect } from 'chai';
import type { DomainEvent, StoredEvent } from '@chat/core';
import type { ReadAllOptions } from '@chat/eventstore';
import { SearchKeeper } from '@chat/projections';
import { type SearchIndex, searchTerms, SqliteSearchIndex } from '@chat/readstore';
import { storedEvents } from '../../support/stored-events.js';

const sent = (message_id: number, words: string): DomainEvent => ({
  type: 'MessageSent',
  data: {
    message_id,
    sender_id: 1,
    recipient: { type: 'channel', channel_id: 10, topic: 'disk' },
    content: words,
    rendered_content: `<p>${words}</p>`,
    is_me_message: false,
    receivers: [1],
    read: [1],
    flags: { mentioned: [], stream_wildcard_mentioned: [], topic_wildcard_mentioned: [], has_alert_word: [] },
  },
});

const diskFull = (): Error => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });

/** The real embedded index, whose writes fail as on a full disk while `full` is set (the way the SQLite adapter fails: refusing until resumed). */
function indexOnADisk(): { index: SearchIndex; disk: { full: boolean } } {
  const inner = new SqliteSearchIndex(':memory:');
  const disk = { full: false };
  let refusing = false;
  const guarded = <A extends unknown[]>(write: (...args: A) => undefined | Promise<void>) => (...args: A) => {
    if (disk.full || refusing) {
      refusing = true;
      throw diskFull();
    }
    return write(...args);
  };
  const index: SearchIndex = {
    put: guarded((doc, position) => inner.put(doc, position)),
    setText: guarded((id, text, position) => inner.setText(id, text, position)),
    setTopic: guarded((ids, topic, position) => inner.setTopic(ids, topic, position)),
    remove: guarded((ids, position) => inner.remove(ids, position)),
    position: () => inner.position(),
    search: (terms, range, limit) => inner.search(terms, range, limit),
    matchingAmong: (terms, ids) => inner.matchingAmong(terms, ids),
    flush: () => inner.flush(),
    resume: () => {
      refusing = false;
      inner.resume();
    },
    clear: () => inner.clear(),
    close: () => inner.close(),
  };
  return { index, disk };
}

/** A log the keeper can read again, in memory. */
class ArrayLog {
  readonly events: StoredEvent[] = [];
  async *readAll(options: ReadAllOptions = {}): AsyncIterable<StoredEvent> {
    for (const event of this.events) if (event.position > (options.fromPosition ?? 0)) yield event;
  }
}

const found = (index: SearchIndex, word: string) => index.search(searchTerms([word]), { below: Number.MAX_SAFE_INTEGER }, 100);

describe('SearchKeeper: the search index through a full disk', function () {
  it('never lets a failed write reach the runner; falls behind, then catches up from the log once writes fit again', async function () {
    const { index, disk } = indexOnADisk();
    const log = new ArrayLog();
    log.events.push(...storedEvents([sent(1, 'alpha'), sent(2, 'bravo'), sent(3, 'charlie'), sent(4, 'delta'), sent(5, 'echo')]));
    const told: string[] = [];
    const keeper = new SearchKeeper(index, { log, retryMs: 20, onBehind: (error) => told.push(`behind: ${error.message}`), onCaughtUp: () => told.push('caught up') });
    const apply = (event: StoredEvent) => keeper.projection.apply(event);
    try {
      await apply(log.events[0]);
      disk.full = true;
      // Neither throws nor rejects: the runner goes on with every other read model.
      for (const event of log.events.slice(1, 3)) expect(() => apply(event)).to.not.throw();
      expect(keeper.isBehind).to.equal(true);
      expect(told).to.deep.equal(['behind: database or disk is full']);
      // While behind, live events are only noted, and retries fail quietly while the disk stays full.
      await apply(log.events[3]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(keeper.isBehind).to.equal(true);
      expect(await found(index, 'bravo')).to.deep.equal([]);

      disk.full = false;
      await apply(log.events[4]);
      const deadline = Date.now() + 5000;
      while (keeper.isBehind && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(told).to.deep.equal(['behind: database or disk is full', 'caught up']);
      for (const [word, id] of [['alpha', 1], ['bravo', 2], ['charlie', 3], ['delta', 4], ['echo', 5]] as const) expect(await found(index, word), word).to.deep.equal([id]);
      expect(await index.position()).to.equal(5);
      // And live writes go to the index again.
      log.events.push(...storedEvents([sent(1, 'alpha'), sent(2, 'b'), sent(3, 'c'), sent(4, 'd'), sent(5, 'e'), sent(6, 'foxtrot')]).slice(5));
      await apply(log.events[5]);
      await index.flush();
      expect(await found(index, 'foxtrot')).to.deep.equal([6]);
    } finally {
      keeper.stop();
      await index.close();
    }
  });
});
