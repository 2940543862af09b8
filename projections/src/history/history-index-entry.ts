import type { AuditKind } from '@chat/core';

/**
 * One event of the organization's history, by log position: what the audit trail filters on and what a
 * replay into the past reads, so neither scans the messages. No value of the event is kept (names,
 * addresses, texts stay sealed in the log): only ids, its type, actor, time and kinds.
 */
export interface HistoryIndexEntry {
  position: number;
  type: string;
  actor_id: number | null;
  /** Milliseconds since the epoch (metadata.occurred_at). */
  occurred_at: number;
  /** Its audit kinds; empty for a change that is not administrative (a user's own settings). */
  kinds: AuditKind[];
  user_ids: number[];
  channel_ids: number[];
  group_ids: number[];
  /** MessagesMoved and MessagesDeleted: the messages they name (a message's past reads them). */
  message_ids?: number[];
}
