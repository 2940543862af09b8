import { CONTENT_BITS, type ContentEdit, contentBits, FlagBit, type MessageEdit, type MessageState, resolveToggle, type StoredEvent, type StoredEventOf } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** The message with new content, and the content half of its history entry. */
function withContent(message: MessageState, edit: ContentEdit, at: number): { message: MessageState; entry: Partial<MessageEdit> } {
  return {
    message: { ...message, content: edit.content, rendered_content: edit.rendered_content, is_me_message: edit.is_me_message, last_edit_timestamp: at },
    entry: { prev_content: edit.prev_content, prev_rendered_content: edit.prev_rendered_content },
  };
}

/** Gives every holder of the message the content flags the edit decided (other bits untouched). */
async function rewriteContentFlags(models: ReadModels, messageId: number, edit: ContentEdit, position: number): Promise<void> {
  const bitsOf = contentBits(edit.flags);
  const rows = (await models.messages.holders(messageId)).map((user_id) => ({ user_id, flags: bitsOf(user_id) }));
  await models.messages.rewriteFlags(messageId, CONTENT_BITS, rows, position);
}

/** The history entry every edit starts with: who, and when (milliseconds, from the event). */
const entryOf = (event: StoredEvent): MessageEdit => ({ timestamp: event.metadata.occurred_at, user_id: event.metadata.actor_id });

async function applyContentEdit(models: ReadModels, event: StoredEventOf<'MessageContentEdited'>): Promise<void> {
  const found = await models.messages.get(event.data.message_id);
  if (!found) return;
  const { message, entry } = withContent(found, event.data, event.metadata.occurred_at);
  await models.messages.replace({ ...message, edit_history: [{ ...entryOf(event), ...entry }, ...found.edit_history] }, event.position);
  await rewriteContentFlags(models, found.id, event.data, event.position);
}

async function applyMove(models: ReadModels, event: StoredEventOf<'MessagesMoved'>): Promise<void> {
  const { data, metadata, position } = event;
  const { from, to } = data;
  const changesChannel = from.channel_id !== to.channel_id;
  // Resolving or unresolving alone does not count as moving the messages.
  const moves = changesChannel || resolveToggle(from.topic, to.topic) === null;
  for (const found of await models.messages.getMany(data.message_ids)) {
    if (found.recipient.type !== 'channel') continue;
    const before = found.recipient;
    let message: MessageState = { ...found, recipient: { type: 'channel', channel_id: to.channel_id, topic: to.topic } };
    const entry: MessageEdit = { ...entryOf(event) };
    if (before.topic !== to.topic) Object.assign(entry, { prev_topic: before.topic, topic: to.topic });
    if (changesChannel) Object.assign(entry, { prev_stream: before.channel_id, stream: to.channel_id });
    if (data.content_edit && found.id === data.message_id) {
      const edited = withContent(message, data.content_edit, metadata.occurred_at);
      message = edited.message;
      Object.assign(entry, edited.entry);
    }
    if (moves) message.last_moved_timestamp = metadata.occurred_at;
    await models.messages.replace({ ...message, edit_history: [entry, ...found.edit_history] }, position);
    if (data.rows_removed.length > 0) await models.messages.removeRows(found.id, data.rows_removed, position);
  }
  for (const userId of data.rows_added) {
    const held = await models.messages.flagsOf(userId, data.message_ids);
    const missing = data.message_ids.filter((id) => !held.has(id)).map((message_id) => ({ message_id, flags: FlagBit.read }));
    if (missing.length > 0) await models.messages.addRows(userId, missing, position);
  }
  if (data.content_edit) await rewriteContentFlags(models, data.message_id, data.content_edit, position);
}

/**
 * Content edits and moves: the messages as they now read (content, topic, channel, history), the
 * content flags of their holders, and the rows a channel move drops or adds.
 */
export function messageEditsProjection(models: ReadModels): Projection {
  return projectionOf('message-edits', ['MessageContentEdited', 'MessagesMoved'], async (event) => {
    if (event.type === 'MessageContentEdited') await applyContentEdit(models, event);
    else if (event.type === 'MessagesMoved') await applyMove(models, event);
  });
}
