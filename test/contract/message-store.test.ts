import type { MessageState } from '@chat/core';
import { type MessageBody, type MessageReceivers, MemoryMessageStore, MemoryReadStore } from '@chat/readstore';
import { MongoReadStore } from '@chat/readstore/mongodb';
import { messageStoreContract } from './message-store.contract.js';
import { MONGO_URL, needsServer } from '../support/production-stores.js';

messageStoreContract('MemoryMessageStore', async () => new MemoryReadStore().messages);

/**
 * The memory store reading bodies from a log: every write is taken as the event at its position
 * carrying the message's body, as sends and content edits do. Nothing is cached before a catch-up,
 * so each read goes to this "log".
 */
class BodiesInLog extends MemoryMessageStore {
  constructor(private readonly log = new Map<string, MessageBody>()) {
    super({ read: async (wanted) => wanted.map(({ position, messageId }) => log.get(`${position}:${messageId}`)) });
  }

  override async insert(message: MessageState, receivers: MessageReceivers, position: number): Promise<number | null> {
    this.log.set(`${position}:${message.id}`, { content: message.content, rendered_content: message.rendered_content });
    return super.insert(message, receivers, position);
  }

  override async replace(message: MessageState, position: number): Promise<void> {
    this.log.set(`${position}:${message.id}`, { content: message.content, rendered_content: message.rendered_content });
    await super.replace(message, position);
  }

  override async clear(): Promise<void> {
    this.log.clear();
    await super.clear();
  }
}

messageStoreContract('MemoryMessageStore, bodies read from the log', async () => new BodiesInLog());

const mongoUrl = MONGO_URL;
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
  needsServer('MessageStore contract: MongoMessageStore', 'MONGO_URL');
}
