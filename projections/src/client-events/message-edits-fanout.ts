import { type ContentEdit, EMPTY_TOPIC_DISPLAY_NAME, FlagBit, flagNames, inLinkifierOrder, type MessageRecipient, type StoredEvent, type StoredEventOf } from '@chat/core';
import { topicLinks } from '@chat/markdown';
import type { ClientEvent, Delivery } from '@chat/realtime';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';
import { messageAudience } from './message-audience.js';
import { deletionDeliveries } from './message-deletion-fanout.js';

const contentFields = (edit: ContentEdit): Record<string, unknown> => ({
  orig_content: edit.prev_content,
  orig_rendered_content: edit.prev_rendered_content,
  content: edit.content,
  rendered_content: edit.rendered_content,
  is_me_message: edit.is_me_message,
});

/** What every update_message carries: who edited, when, and which messages. */
const baseFields = (event: StoredEvent, message_id: number, message_ids: number[]): Record<string, unknown> => ({
  type: 'update_message',
  user_id: event.metadata.actor_id,
  edit_timestamp: Math.floor(event.metadata.occurred_at / 1000),
  message_id,
  message_ids,
  rendering_only: false,
});

async function channelFields(models: ReadModels, recipient: MessageRecipient): Promise<Record<string, unknown>> {
  if (recipient.type !== 'channel') return {};
  const channel = await models.channels.get(recipient.channel_id);
  return { stream_id: recipient.channel_id, stream_name: channel?.name ?? '' };
}

/**
 * One delivery per set of flags (for `message_id`; users who read the message from public history
 * without a row see it read), and per spelling of the empty topic when a topic field holds it.
 */
async function editDeliveries(models: ReadModels, fields: Record<string, unknown>, messageId: number, userIds: readonly number[]): Promise<Delivery[]> {
  const byFlags = new Map<number, number[]>();
  for (const userId of userIds) {
    const bits = (await models.messages.flagsOf(userId, [messageId])).get(messageId) ?? FlagBit.read;
    byFlags.set(bits, [...(byFlags.get(bits) ?? []), userId]);
  }
  const topics = ['orig_subject', 'subject'].filter((name) => fields[name] === '');
  const deliveries: Delivery[] = [];
  for (const [bits, users] of byFlags) {
    const event: ClientEvent = { ...fields, type: 'update_message', flags: flagNames(bits) };
    if (topics.length === 0) {
      deliveries.push({ userIds: users, event });
      continue;
    }
    const spelled: ClientEvent = { ...event, ...Object.fromEntries(topics.map((name) => [name, EMPTY_TOPIC_DISPLAY_NAME])) };
    deliveries.push(
      { userIds: users, event, audience: { capabilities: { empty_topic_name: true } } },
      { userIds: users, event: spelled, audience: { capabilities: { empty_topic_name: false } } },
    );
  }
  return deliveries;
}

async function contentEdited(event: StoredEventOf<'MessageContentEdited'>, models: ReadModels): Promise<Delivery[]> {
  const message = await models.messages.get(event.data.message_id);
  if (!message) return [];
  const fields = { ...baseFields(event, message.id, [message.id]), ...(await channelFields(models, message.recipient)), ...contentFields(event.data) };
  const users = await messageAudience(models, message.recipient, await models.messages.holders(message.id));
  return editDeliveries(models, fields, message.id, users);
}

async function moved(event: StoredEventOf<'MessagesMoved'>, models: ReadModels): Promise<Delivery[]> {
  const { message_id, message_ids, from, to, propagate_mode, rows_removed, lost_access, content_edit } = event.data;
  const before: MessageRecipient = { type: 'channel', channel_id: from.channel_id, topic: from.topic };
  const fields: Record<string, unknown> = { ...baseFields(event, message_id, message_ids), ...(await channelFields(models, before)), propagate_mode, orig_subject: from.topic };
  if (to.channel_id !== from.channel_id) fields.new_stream_id = to.channel_id;
  if (to.topic !== from.topic) Object.assign(fields, { subject: to.topic, topic_links: topicLinks(to.topic, inLinkifierOrder(await models.linkifiers.all())) });
  if (content_edit) Object.assign(fields, contentFields(content_edit));
  // Holders whose rows the move took (read here, after it) hear of it too: the messages left their history.
  const holders = new Set<number>(rows_removed);
  for (const id of message_ids) for (const userId of await models.messages.holders(id)) holders.add(userId);
  const gone = new Set(lost_access);
  const users = (await messageAudience(models, before, [...holders])).filter((id) => !gone.has(id));
  return [...(await editDeliveries(models, fields, message_id, users)), ...deletionDeliveries(lost_access, message_ids, before)];
}

const HANDLED = ['MessageContentEdited', 'MessagesMoved'] as const;

/**
 * `update_message` to everyone who holds (or, for a move that took their rows, held) the edited or
 * moved messages or may read them in the channel they were in; a move into a channel some holders
 * cannot read is a deletion for them.
 */
async function messageEditsDeliveries(event: StoredEventOf<(typeof HANDLED)[number]>, models: ReadModels): Promise<Delivery[]> {
  if (event.type === 'MessageContentEdited') return contentEdited(event, models);
  if (event.type === 'MessagesMoved') return moved(event, models);
  return [];
}

export const messageEditsFanout = fanoutOf('message-edits', HANDLED, messageEditsDeliveries);
