import type { Db } from 'mongodb';
import type { MessageStore } from '../messages/message-store.js';

// PLACEHOLDER: replaced by the real adapter in this session.
export function openMongoMessageStore(_db: Db): MessageStore {
  throw new Error('MongoDB message store not written yet');
}
