import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteSearchIndex, type SearchIndex } from '@chat/readstore';
import { MongoReadStore } from '@chat/readstore/mongodb';
import { searchIndexContract } from './search-index.contract.js';
import { MONGO_URL, needsServer } from '../support/production-stores.js';

const directories: string[] = [];
let file = '';
searchIndexContract('SqliteSearchIndex (FTS5)', {
  async open() {
    const directory = mkdtempSync(join(tmpdir(), 'chat-search-'));
    directories.push(directory);
    file = join(directory, 'search.sqlite3');
    return new SqliteSearchIndex(file);
  },
  async reopen(index: SearchIndex) {
    await index.close();
    return new SqliteSearchIndex(file);
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
