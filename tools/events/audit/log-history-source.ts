import type { StoredEvent } from '@chat/core';
import type { EventLogReader } from '@chat/eventstore';
import { openReadModels } from '@chat/projections';
import { type HistoryIndexEntry, historyIndexEntry, type HistorySource, MESSAGE_HISTORY_TYPES, organizationEventTypes, HistoryStore, subjectUserOf } from '@chat/projections/history/index';

/** A log read once into what the history tools need: the index, and the events it names (never messages). */
export interface LogHistory extends HistorySource {
  /** The head when the scan began: answers are as of at most this. */
  head: number;
  /** The other events of one message (its own stream), for "a message as it was". */
  messageEvents(messageId: number): StoredEvent[];
}

/**
 * Reads the whole log once, as the server's `historyIndex` projection would, keeping the
 * organization's events and message moves and deletions, and (when asked) one message's stream.
 * `scanned` hears of each position read.
 */
export async function scanLogHistory(reader: EventLogReader, scanned: (position: number, head: number) => void, messageId?: number): Promise<LogHistory> {
  const head = await reader.headPosition();
  const wanted = new Set<string>([...organizationEventTypes(openReadModels(new HistoryStore())), ...MESSAGE_HISTORY_TYPES]);
  const bots = new Set<number>();
  const entries: HistoryIndexEntry[] = [];
  const events = new Map<number, StoredEvent>();
  const messageStream = messageId === undefined ? null : `message-${messageId}`;
  const messages: StoredEvent[] = [];
  for await (const event of reader.readAll({ fromPosition: 0 })) {
    if (event.position > head) break;
    scanned(event.position, head);
    if (event.stream === messageStream) messages.push(event);
    if (!wanted.has(event.type)) continue;
    if (event.type === 'UserCreated' && event.data.is_bot) bots.add(event.data.user_id);
    const subject = subjectUserOf(event);
    entries.push(historyIndexEntry(event, subject !== null && bots.has(subject)));
    events.set(event.position, event);
  }
  return {
    head,
    entries: async () => entries,
    read: async (positions) => positions.map((position) => events.get(position) as StoredEvent),
    messageEvents: () => messages,
  };
}
