import { MemoryReadStore, MongoReadStore } from '@chat/readstore';
import { messageStoreContract } from './message-store.contract.js';

messageStoreContract('MemoryMessageStore', async () => new MemoryReadStore().messages);

const mongoUrl = process.env.MONGO_URL;
if (mongoUrl) {
  // A database per run, so runs on a shared server never meet; the final clear drops its last collection.
  const dbName = `chat_messages_contract_${Date.now()}_${process.pid}`;
  let connecting: Promise<MongoReadStore> | undefined;
  const connection = () => (connecting ??= MongoReadStore.connect(mongoUrl, dbName));
  messageStoreContract(
    'MongoMessageStore',
    async () => (await connection()).messages,
    async () => {
      if (!connecting) return;
      const store = await connecting;
      await store.clear();
      await store.close();
    },
    { positionGuarded: true },
  );
} else {
  describe('MessageStore contract: MongoMessageStore', function () {
    it('runs only against a server: set MONGO_URL, e.g. mongodb://localhost:27017/?replicaSet=rs0');
  });
}
