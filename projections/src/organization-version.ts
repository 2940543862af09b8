import type { DomainEventType, StoredEvent } from '@chat/core';
import type { Projection } from './projection.js';

/**
 * Event types that change only message read models (messages, flags, reactions, topics, alert words).
 * Every other type may change the organization: users, groups, channels, folders or permissions.
 */
const MESSAGE_TRAFFIC: ReadonlySet<DomainEventType> = new Set<DomainEventType>([
  'MessageSent',
  'MessageFlagsChanged',
  'MessageContentEdited',
  'MessagesMoved',
  'MessagesDeleted',
  'ReactionAdded',
  'ReactionRemoved',
  'UserTopicChanged',
  'UserAlertWordsChanged',
]);

/**
 * Counts the events that may have changed the organization, so a cache of it (users, groups, channels)
 * knows when to read the models again. Message traffic, nearly all of a busy log, leaves it unchanged.
 * An unknown or new event type counts, so forgetting to list one costs a re-read, never a stale answer.
 */
export class OrganizationVersion implements Projection {
  readonly name = 'organization-version';
  value = 0;

  async apply(event: StoredEvent): Promise<void> {
    if (!MESSAGE_TRAFFIC.has(event.type)) this.value += 1;
  }
}
