import type { StoredEventOf } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';
import { mutedTopicsOf } from './muted-topics.js';

/**
 * The legacy `muted_topics` event, with the whole list, to the user whose visibility policy for a
 * topic changed (older clients keep muted topics from it rather than from `user_topic`). When the
 * empty topic is among them, clients with and without the empty_topic_name capability see it named
 * differently.
 */
async function mutedTopicsDeliveries(event: StoredEventOf<'UserTopicChanged'>, models: ReadModels): Promise<Delivery[]> {
  const userIds = [event.data.user_id];
  const named = await mutedTopicsOf(models, event.data.user_id, true);
  if (!named.some(([, topic]) => topic === '')) return [{ userIds, event: { type: 'muted_topics', muted_topics: named } }];
  const displayed = await mutedTopicsOf(models, event.data.user_id, false);
  return [
    { userIds, event: { type: 'muted_topics', muted_topics: named }, audience: { capabilities: { empty_topic_name: true } } },
    { userIds, event: { type: 'muted_topics', muted_topics: displayed }, audience: { capabilities: { empty_topic_name: false } } },
  ];
}

export const mutedTopicsFanout = fanoutOf('muted-topics', ['UserTopicChanged'], mutedTopicsDeliveries);
