import { type AuditChange, type AuditKind, documentChanges, type StoredEvent, type UserState } from '@chat/core';
import type { HistoryIndexEntry } from './history-index.js';
import type { OrganizationHistory } from './organization-history.js';
import type { OrganizationReplay } from './organization-replay.js';
import { watchedDocuments } from './watched-documents.js';

/** Which administrative changes to list; every criterion given must hold. */
export interface AuditFilter {
  actors?: readonly (number | null)[];
  /** Changes naming this user as their target. */
  user?: number;
  channel?: number;
  kinds?: readonly AuditKind[];
  /** Milliseconds since the epoch: since ≤ occurred_at < until. */
  since?: number;
  until?: number;
  /** Entries after this position (the previous page's `next_after`). */
  after?: number;
  /** Entries up to and including this position. */
  upTo?: number;
  limit: number;
}

export interface AuditActor {
  user_id: number;
  full_name: string;
  role: number;
  is_bot: boolean;
  /** A bot's owner, as the organization knew them then. */
  bot_owner: { user_id: number; full_name: string } | null;
}

export interface AuditEntry {
  position: number;
  event_id: string;
  type: string;
  kinds: AuditKind[];
  /** ISO 8601, and seconds since the epoch as the API gives times. */
  time: string;
  timestamp: number;
  /** null: the server itself (a scheduled expiry, the first start). */
  actor: AuditActor | null;
  request_id: string;
  client: string;
  target: { user_ids: number[]; channel_ids: number[]; group_ids: number[] };
  changes: AuditChange[];
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Pass as `after` for the next page; null when this page is the last. */
  next_after: number | null;
}

const any = <T>(wanted: readonly T[] | undefined, values: readonly T[]): boolean => wanted === undefined || wanted.some((value) => values.includes(value));

export function matchesAudit(entry: HistoryIndexEntry, filter: AuditFilter): boolean {
  if (entry.kinds.length === 0) return false;
  if (filter.after !== undefined && entry.position <= filter.after) return false;
  if (filter.upTo !== undefined && entry.position > filter.upTo) return false;
  if (filter.actors !== undefined && !filter.actors.includes(entry.actor_id)) return false;
  if (filter.user !== undefined && !entry.user_ids.includes(filter.user)) return false;
  if (filter.channel !== undefined && !entry.channel_ids.includes(filter.channel)) return false;
  if (filter.since !== undefined && entry.occurred_at < filter.since) return false;
  if (filter.until !== undefined && entry.occurred_at >= filter.until) return false;
  return any(filter.kinds, entry.kinds);
}

function actorOf(replay: OrganizationReplay, actorId: number | null): AuditActor | null {
  if (actorId === null) return null;
  const users = replay.store.historyCollection<UserState>({ name: 'users' });
  const user = users.storedDoc(actorId);
  if (!user) return { user_id: actorId, full_name: '', role: 0, is_bot: false, bot_owner: null };
  const owner = user.bot_owner_id === null ? undefined : users.storedDoc(user.bot_owner_id);
  return {
    user_id: user.user_id,
    full_name: user.full_name,
    role: user.role,
    is_bot: user.is_bot,
    bot_owner: owner ? { user_id: owner.user_id, full_name: owner.full_name } : null,
  };
}

function stored(replay: OrganizationReplay, event: StoredEvent): (object | undefined)[] {
  return watchedDocuments(event).map((watched) => replay.store.historyCollection<object>({ name: watched.collection }).storedDoc(watched.key));
}

/**
 * A page of the audit trail: the administrative changes the filter keeps, oldest first, each with
 * who made it (as the organization knew them then), from which request and client, and the values
 * before and after, read from a replay of the organization around the change.
 */
export async function auditTrail(history: OrganizationHistory, filter: AuditFilter, entries: readonly HistoryIndexEntry[]): Promise<AuditPage> {
  const chosen: HistoryIndexEntry[] = [];
  for (const entry of entries) {
    if (!matchesAudit(entry, filter)) continue;
    chosen.push(entry);
    if (chosen.length > filter.limit) break;
  }
  const page = chosen.slice(0, filter.limit);
  const more = chosen.length > filter.limit;
  const built = new Map<number, AuditEntry>();
  let before: (object | undefined)[] = [];
  let actor: AuditActor | null = null;
  if (page.length > 0) {
    await history.at(page[page.length - 1].position, {
      positions: new Set(page.map((entry) => entry.position)),
      before(event, replay) {
        before = stored(replay, event);
        actor = actorOf(replay, event.metadata.actor_id);
      },
      after(event, replay) {
        const after = stored(replay, event);
        const changes = watchedDocuments(event).flatMap((watched, index) => documentChanges(watched.model, watched.key, before[index], after[index]));
        const entry = page.find((candidate) => candidate.position === event.position) as HistoryIndexEntry;
        built.set(event.position, {
          position: event.position,
          event_id: event.id,
          type: event.type,
          kinds: entry.kinds,
          time: new Date(event.metadata.occurred_at).toISOString(),
          timestamp: Math.floor(event.metadata.occurred_at / 1000),
          actor,
          request_id: event.metadata.request_id,
          client: event.metadata.client,
          target: { user_ids: entry.user_ids, channel_ids: entry.channel_ids, group_ids: entry.group_ids },
          changes,
        });
      },
    });
  }
  return { entries: page.map((entry) => built.get(entry.position) as AuditEntry), next_after: more ? page[page.length - 1].position : null };
}
