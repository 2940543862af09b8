import type { MessageSnapshot, StoredMessage } from '../messages/message-store.js';
import { LIVE, type MessageCollections } from './mongo-message-documents.js';

const BATCH = 500;

/** Every live message in id order, with its rows read for a batch of messages at a time. */
export async function* scanMessages(collections: MessageCollections): AsyncIterable<MessageSnapshot> {
  let batch: StoredMessage[] = [];
  for await (const stored of collections.messages.find(LIVE, { sort: { _id: 1 }, projection: { doc: 1 } })) {
    batch.push(stored.doc);
    if (batch.length < BATCH) continue;
    yield* withRows(collections, batch);
    batch = [];
  }
  yield* withRows(collections, batch);
}

async function* withRows(collections: MessageCollections, messages: readonly StoredMessage[]): AsyncIterable<MessageSnapshot> {
  if (messages.length === 0) return;
  const found = await collections.rows
    .find({ message_id: { $in: messages.map((message) => message.id) } }, { sort: { message_id: 1, user_id: 1 }, projection: { user_id: 1, message_id: 1, flags: 1 } })
    .toArray();
  const rows = new Map<number, { user_id: number; flags: number }[]>();
  for (const row of found) {
    const list = rows.get(row.message_id) ?? [];
    list.push({ user_id: row.user_id, flags: row.flags });
    rows.set(row.message_id, list);
  }
  for (const message of messages) yield { message, rows: rows.get(message.id) ?? [] };
}
