import { auditKindsOf, auditTargetsOf, type StoredEvent } from '@chat/core';
import type { HistoryIndexEntry } from './history-index-entry.js';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';
import { MESSAGE_HISTORY_TYPES, organizationEventTypes } from './organization-projections.js';

export type { HistoryIndexEntry } from './history-index-entry.js';

/** The user an event is about, when it is about one user (a role change, a deactivation): whether a bot is. */
export const subjectUserOf = (event: StoredEvent): number | null =>
  'user_id' in event.data && typeof event.data.user_id === 'number' && event.type !== 'InviteLinkUsed' && event.type !== 'EmailInvitationAccepted' ? event.data.user_id : null;

/** The index entry of an event; `isBot` tells whether the user it is about (subjectUserOf) is a bot. */
export function historyIndexEntry(event: StoredEvent, isBot: boolean): HistoryIndexEntry {
  const base = { position: event.position, type: event.type, actor_id: event.metadata.actor_id, occurred_at: event.metadata.occurred_at };
  if (event.type === 'MessagesMoved' || event.type === 'MessagesDeleted') {
    return { ...base, kinds: [], user_ids: [], channel_ids: [], group_ids: [], message_ids: [...event.data.message_ids] };
  }
  const targets = auditTargetsOf(event.type, event.data);
  return { ...base, kinds: auditKindsOf(event.type, event.data, isBot), user_ids: targets.user_ids, channel_ids: targets.channel_ids, group_ids: targets.group_ids };
}

async function entryOf(models: ReadModels, event: StoredEvent): Promise<HistoryIndexEntry> {
  const subject = subjectUserOf(event);
  const user = subject === null ? undefined : await models.users.get(subject);
  return historyIndexEntry(event, user?.is_bot === true);
}

/** Keeps `historyIndex`: one entry per organization event, and per message move or deletion. */
export function historyIndexProjection(models: ReadModels): Projection {
  const types = [...organizationEventTypes(models), ...MESSAGE_HISTORY_TYPES];
  return projectionOf('history-index', types, async (event) => {
    await models.historyIndex.put(event.position, await entryOf(models, event), event.position);
  });
}
