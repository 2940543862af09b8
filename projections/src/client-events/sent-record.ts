import { messageData, type StoredEventOf } from '@chat/core';
import { type MessageRecord, messageRecord } from '@chat/wire';
import type { EventFacts, SentMessage } from '../event-facts.js';
import { sentRows } from '../messages/sent-message.js';
import type { ReadModels } from '../read-models.js';
import type { FanoutOptions } from './feed-sink.js';
import { messageLookups } from './message-lookups.js';

/**
 * The message a send brought and its receivers' flags, as the messages projection handed them on. A
 * process that fans out without keeping the read models (they are shared, another process writes
 * them) works them out from the event the same way, and asks the store only for the conversation id.
 */
export function sentMessageOf(event: StoredEventOf<'MessageSent'>, models: ReadModels, facts: EventFacts): SentMessage {
  if (facts.sent) return facts.sent;
  const { message, flags } = sentRows(event);
  const conversation = models.messages.get(message.id).then((stored) => stored?.recipient_id ?? null);
  return (facts.sent = { message, receivers: event.data.receivers, flags, conversation });
}

const records = new WeakMap<SentMessage, Promise<MessageRecord | null>>();

/** The record of a sent message, as `message` events carry it: built once per send, whoever asks. */
export function sentRecord(sent: SentMessage, models: ReadModels, options: FanoutOptions): Promise<MessageRecord | null> {
  let record = records.get(sent);
  if (!record) {
    record = (async () => {
      const recipient_id = await sent.conversation;
      if (recipient_id === null) return null;
      const message = { ...messageData(sent.message), recipient_id };
      return messageRecord(message, await messageLookups(models, [message], options.realmHost()));
    })();
    records.set(sent, record);
  }
  return record;
}
