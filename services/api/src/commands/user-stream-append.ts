import { type DomainEvent, streams } from '@chat/core';
import { AS_READ, type StreamAppend } from './command-bus.js';

/**
 * An append of `events` to the user's own stream, expecting it as the read models showed it when the
 * decision began; none when there is nothing to record.
 */
export async function userStreamAppends(userId: number, events: DomainEvent[]): Promise<StreamAppend[]> {
  if (events.length === 0) return [];
  return [{ stream: streams.user(userId), expected: AS_READ, events }];
}
