import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { type SearchIndex, searchTerms, SqliteSearchIndex, ThreadedSearchIndex, WRITES_BEFORE_SYNC } from '@chat/readstore';
import { MongoReadStore } from '@chat/readstore/mongodb';
import { searchIndexContract } from './search-index.contract.js';
import { MONGO_URL, needsServer } from '../support/production-stores.js';

const directories: string[] = [];
let file = '';
const freshFile = (): string => {
  const directory = mkdtempSync(join(tmpdir(), 'chat-search-'));
  directories.push(directory);
  return (file = join(directory, 'search.sqlite3'));
};
searchIndexContract('SqliteSearchIndex (FTS5)', {
  open: async () => new SqliteSearchIndex(freshFile()),
  async reopen(index: SearchIndex) {
    await index.close();
    return new SqliteSearchIndex(file);
  },
});
searchIndexContract('ThreadedSearchIndex (FTS5 in a writer thread, read in another)', {
  open: async () => new ThreadedSearchIndex(freshFile()),
  async reopen(index: SearchIndex) {
    await index.close();
    return new ThreadedSearchIndex(file);
  },
});
after(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const mongoUrl = MONGO_URL;
if (mongoUrl) {
  const dbName = `chat_search_contract_${Date.now()}_${process.pid}`;
  const stores: MongoReadStore[] = [];
  const open = async () => {
    const store = await MongoReadStore.connect(mongoUrl, dbName);
    stores.push(store);
    return store.searchIndex();
  };
  searchIndexContract('MongoSearchIndex', {
    async open() {
      const index = await open();
      await index.clear();
      return index;
    },
    reopen: () => open(),
  });
  after(async () => {
    if (stores[0]) await stores[0].clear();
    for (const store of stores.splice(0)) await store.close();
  });
} else {
  needsServer('SearchIndex contract: MongoSearchIndex', 'MONGO_URL');
}

describe('ThreadedSearchIndex: writes off the event loop', () => {
  it('answers no write until 2,000 went unanswered, then waits for the writer; a search sees every write before it', async () => {
    const index = new ThreadedSearchIndex(freshFile());
    try {
      const answers = Array.from({ length: WRITES_BEFORE_SYNC }, (_, i) => index.put({ id: i + 1, topic: 'bulk', text: i % 2 === 0 ? 'even words' : 'odd words' }, i + 1));
      expect(answers.slice(0, -1).every((answer) => answer === undefined)).to.equal(true);
      expect(answers.at(-1)).to.be.an.instanceOf(Promise);
      await answers.at(-1);
      expect(index.remove([2], WRITES_BEFORE_SYNC + 1)).to.equal(undefined);
      expect(await index.search(searchTerms(['odd']), { below: 10 }, 10)).to.deep.equal([8, 6, 4]);
      expect(await index.position()).to.equal(WRITES_BEFORE_SYNC + 1);
    } finally {
      await index.close();
    }
  });

  it('tells its failure listeners when the writer thread is lost, and refuses writes and questions after', async () => {
    const index = new ThreadedSearchIndex(join(freshFile(), 'no such directory', 'search.sqlite3'));
    try {
      const told = await new Promise<Error>((resolve) => index.watchFailures((error) => resolve(error)));
      expect(told.message).to.match(/unable to open database file|directory does not exist/i);
      expect(() => index.put({ id: 1, topic: 't', text: 'words' }, 1)).to.throw(told.message);
      const refused = await index.position().then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).to.equal(told);
    } finally {
      await index.close();
    }
  });

  it('starts a new writer thread when resumed after losing one, which opens the file once it can', async () => {
    const directory = join(dirname(freshFile()), 'made later');
    const index = new ThreadedSearchIndex(join(directory, 'search.sqlite3'));
    try {
      let told: () => void = () => undefined;
      const failures: Error[] = [];
      index.watchFailures((error) => (failures.push(error), told()));
      await new Promise<void>((resolve) => (told = resolve));
      index.resume(); // the directory is still missing: the new thread is lost too, and told
      await new Promise<void>((resolve) => (told = resolve));
      expect(failures).to.have.length(2);
      expect(() => index.put({ id: 1, topic: 't', text: 'words' }, 1)).to.throw(/unable to open database file|directory does not exist/i);
      mkdirSync(directory, { recursive: true });
      index.resume();
      expect(await index.position()).to.equal(0);
      await index.put({ id: 7, topic: 'travel', text: 'kept words' }, 3);
      expect(await index.search(searchTerms(['kept']), { below: 100 }, 10)).to.deep.equal([7]);
      expect(await index.position()).to.equal(3);
    } finally {
      await index.close();
    }
  });
});
