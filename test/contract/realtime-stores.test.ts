import { MemoryRealtime, type RealtimeStores } from '@chat/realtime';
import { MongoRealtime } from '@chat/realtime/mongodb';
import { feedStoreContract } from './feed-store.contract.js';
import { feedWakeupsContract } from './feed-wakeups.contract.js';
import { queueStoreContract } from './queue-store.contract.js';
import { sharedQueuesContract } from './shared-queues.contract.js';
import { MONGO_URL, needsServer } from '../support/production-stores.js';

// In one process "two processes" share one instance, which is what the embedded stores are for.
const memoryPair = async (): Promise<readonly [RealtimeStores, RealtimeStores]> => {
  const stores = new MemoryRealtime();
  return [stores, stores];
};
feedStoreContract('MemoryFeedStore', async () => new MemoryRealtime());
queueStoreContract('MemoryQueueStore', async () => new MemoryRealtime());
feedWakeupsContract('LocalFeedWakeups', memoryPair);
sharedQueuesContract('MemoryRealtime', memoryPair);

const mongoUrl = MONGO_URL;
if (mongoUrl) {
  // A database per run, so runs on a shared server never meet; each suite drops it when done.
  const dbName = `chat_realtime_contract_${Date.now()}_${process.pid}`;
  for (const changeStreams of [true, false]) {
    const connect = () => MongoRealtime.connect(mongoUrl, dbName, { wakeupIntervalMs: 50, changeStreams });
    const open = async (): Promise<RealtimeStores> => {
      const stores = await connect();
      await stores.clear();
      return stores;
    };
    const pair = async (): Promise<readonly [RealtimeStores, RealtimeStores]> => [await open(), await connect()];
    const drop = async (): Promise<void> => {
      const stores = await connect();
      await stores.drop();
      await stores.close();
    };
    const label = `MongoRealtime (${changeStreams ? 'change stream where the server has one' : 'polling'})`;
    if (changeStreams) {
      feedStoreContract(label, open, drop);
      queueStoreContract(label, open, drop);
    }
    feedWakeupsContract(label, pair, drop);
    sharedQueuesContract(label, pair, drop);
  }
} else {
  needsServer('Realtime store contracts: MongoRealtime', 'MONGO_URL');
}
