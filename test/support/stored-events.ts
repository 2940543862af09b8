import { type DomainEvent, type EventMetadata, Role, type StoredEvent, type UserCreated } from '@chat/core';

export const T0 = 1_700_000_000_000;

/** The stream the server appends an event to: users' events to their own stream, the rest by kind. */
export function streamOf(event: DomainEvent): string {
  if ('user_id' in event.data) return `user-${event.data.user_id}`;
  if (event.type === 'KeyClaimed' || event.type === 'KeyReleased') return `emailclaim-${event.data.owner_id}`;
  if (event.type === 'IdBlockReserved') return `ids-${event.data.kind}`;
  return 'realm';
}

export const metadataAt = (occurred_at: number, request_id = `req-${occurred_at}`): EventMetadata => ({
  actor_id: null,
  occurred_at,
  request_id,
  client: 'unit-test',
  schema_version: 1,
  causation_id: null,
  correlation_id: request_id,
});

/**
 * A log as read back from a store: positions 1, 2, ... in the order given, revisions counted per stream,
 * and each event occurring one second after the previous one unless `occurredAt` says otherwise.
 */
export function storedEvents(events: readonly DomainEvent[], occurredAt: (position: number) => number = (p) => T0 + p * 1000): StoredEvent[] {
  const revisions = new Map<string, number>();
  return events.map((event, index) => {
    const position = index + 1;
    const stream = streamOf(event);
    const revision = (revisions.get(stream) ?? -1) + 1;
    revisions.set(stream, revision);
    const envelope = { position, stream, revision, id: `event-${position}`, metadata: metadataAt(occurredAt(position)) };
    return { ...envelope, type: event.type, data: event.data } as StoredEvent;
  });
}

/** A member's UserCreated as the server appends it (no password unless given); `data` overrides any field. */
export const userCreatedEvent = (user_id: number, data: Partial<UserCreated['data']> = {}): DomainEvent => ({
  type: 'UserCreated',
  data: {
    user_id,
    email: `user${user_id}@example.com`,
    full_name: `User ${user_id}`,
    role: Role.Member,
    password_hash: null,
    is_bot: false,
    bot_type: null,
    bot_owner_id: null,
    timezone: '',
    api_key_generation: 1,
    can_change_user_emails: false,
    ...data,
  },
});
