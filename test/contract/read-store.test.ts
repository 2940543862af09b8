import { MemoryReadStore } from '@chat/readstore';
import { MongoReadStore } from '@chat/readstore/mongodb';
import { readStoreContract } from './read-store.contract.js';

readStoreContract('MemoryReadStore', async () => new MemoryReadStore());

const mongoUrl = process.env.MONGO_URL;
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
  describe('ReadStore contract: MongoReadStore', function () {
    it('runs only against a server: set MONGO_URL, e.g. mongodb://localhost:27017/?replicaSet=rs0');
  });
}
