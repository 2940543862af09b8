import type { StoredEventOf } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import { hasEmptyTopic, messageDetailsView, withTopicDisplayName } from '@chat/wire';
import { unreadEntries } from '../messages/unread-entries.js';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';

/**
 * `update_message_flags` to the user whose flags changed (all their queues). Marking read every
 * unread message says `all` instead of listing them. Marking unread carries `message_details`, for
 * clients to put the messages back into their unread state; where a detail names the empty topic,
 * clients without empty_topic_name get it spelled as its display name.
 */
async function flagsDeliveries(event: StoredEventOf<'MessageFlagsChanged'>, models: ReadModels): Promise<Delivery[]> {
  const { user_id, op, flag, message_ids } = event.data;
  const all = event.data.all === true;
  const base = { type: 'update_message_flags', op, operation: op, flag, messages: all ? [] : message_ids, all };
  const userIds = [user_id];
  if (flag !== 'read' || op !== 'remove') return [{ userIds, event: base }];
  const details = messageDetailsView(await unreadEntries(models, user_id, message_ids), user_id);
  if (!hasEmptyTopic(details)) return [{ userIds, event: { ...base, message_details: details } }];
  return [
    { userIds, event: { ...base, message_details: details }, audience: { capabilities: { empty_topic_name: true } } },
    { userIds, event: { ...base, message_details: withTopicDisplayName(details) }, audience: { capabilities: { empty_topic_name: false } } },
  ];
}

export const flagsFanout = fanoutOf('flags', ['MessageFlagsChanged'], flagsDeliveries);
