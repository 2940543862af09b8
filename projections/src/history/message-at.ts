import type { StoredEvent } from '@chat/core';
import type { AsOf } from './history-parameters.js';

/** Where a message was: a channel and topic, or a direct conversation. */
type Place = { type: 'stream'; stream_id: number; topic: string } | { type: 'private'; user_ids: number[] };

/**
 * A message as it was at one point of the log. `state`: `present` (its content and place then),
 * `deleted` (deleted at or before that point), or `erased` (it existed then, but has been deleted
 * since: its text was forgotten with it and is never read back, so content is null).
 */
export interface MessageAnswer {
  position: number;
  message_id: number;
  state: 'present' | 'deleted' | 'erased';
  sender_id: number;
  place: Place;
  /** The Markdown source then; null once deleted or erased. */
  content: string | null;
  /** ISO 8601: when it was sent, last edited (content or place) up to that point, deleted. */
  sent_at: string;
  last_edited_at: string | null;
  deleted_at: string | null;
  edits: number;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The message as of `position`, from its own stream's events and the moves and deletions that named
 * it, in log order. Null when it had not been sent yet (or never was).
 */
export function messageAnswer(events: readonly StoredEvent[], messageId: number, position: number): MessageAnswer | null {
  let answer = null as MessageAnswer | null;
  let deletedLater: number | null = null;
  for (const event of [...events].sort((a, b) => a.position - b.position)) {
    if (event.type === 'MessagesDeleted' && event.data.message_ids.includes(messageId)) {
      if (event.position > position) {
        deletedLater ??= event.metadata.occurred_at;
        continue;
      }
      if (answer) answer = { ...answer, state: 'deleted', content: null, deleted_at: iso(event.metadata.occurred_at) };
      continue;
    }
    if (event.position > position) continue;
    if (event.type === 'MessageSent' && event.data.message_id === messageId) {
      const { recipient } = event.data;
      const place: Place = recipient.type === 'channel' ? { type: 'stream', stream_id: recipient.channel_id, topic: recipient.topic } : { type: 'private', user_ids: [...recipient.user_ids] };
      answer = { position, message_id: messageId, state: 'present', sender_id: event.data.sender_id, place, content: event.data.content, sent_at: iso(event.metadata.occurred_at), last_edited_at: null, deleted_at: null, edits: 0 };
    } else if (answer && answer.state === 'present' && event.type === 'MessageContentEdited' && event.data.message_id === messageId) {
      answer = { ...answer, content: event.data.content, last_edited_at: iso(event.metadata.occurred_at), edits: answer.edits + 1 };
    } else if (answer && answer.state === 'present' && event.type === 'MessagesMoved' && event.data.message_ids.includes(messageId)) {
      const { to, content_edit: edit } = event.data;
      const content = edit && event.data.message_id === messageId ? edit.content : answer.content;
      answer = { ...answer, place: { type: 'stream', stream_id: to.channel_id, topic: to.topic }, content, last_edited_at: iso(event.metadata.occurred_at), edits: answer.edits + 1 };
    }
  }
  if (answer && answer.state === 'present' && deletedLater !== null) answer = { ...answer, state: 'erased', content: null };
  return answer;
}

/** The position a message question asks about: as given; its last event at or before a time; or the end of the log. */
export function messagePositionOf(events: readonly StoredEvent[], asOf: AsOf): number {
  if ('position' in asOf) return asOf.position;
  const within = 'time' in asOf ? events.filter((event) => event.metadata.occurred_at <= asOf.time) : events;
  return within.reduce((last, event) => Math.max(last, event.position), 0);
}
