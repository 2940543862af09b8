import { MemoryReadStore } from '@chat/readstore';
import { MongoReadStore } from '@chat/readstore/mongodb';
import { readStoreContract } from './read-store.contract.js';
import { MONGO_URL, needsServer } from '../support/production-stores.js';

readStoreContract('MemoryReadStore', async () => new MemoryReadStore());

const mongoUrl = MONGO_URL;
if (mongoUrl) {
  // A database per run, so runs on a shared server never meet. clear() drops all its collections,
  // and MongoDB drops a database together with its last collection: the final clear removes it.
  const dbName = `chat_contract_${Date.now()}_${process.pid}`;
  const open = () => MongoReadStore.connect(mongoUrl, dbName);
  readStoreContract('MongoReadStore', open, async () => {
    const store = await open();
    await store.clear();
    await store.close();
  });
} else {
  needsServer('ReadStore contract: MongoReadStore', 'MONGO_URL');
}
