import { type DomainEvent, streams } from '@chat/core';
import type { ServerContext } from '../server-context.js';
import type { StreamAppend } from './command-bus.js';
import { currentRevision } from './expected-revision.js';

/** An append of `events` to the user's own stream as it is now; none when there is nothing to record. */
export async function userStreamAppends(ctx: ServerContext, userId: number, events: DomainEvent[]): Promise<StreamAppend[]> {
  if (events.length === 0) return [];
  const stream = streams.user(userId);
  return [{ stream, expected: await currentRevision(ctx.store, stream), events }];
}
