import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { ClientEvent, FeedEntry } from '../client-event.js';
import { EventQueue, type QueueSpec } from '../event-queue.js';
import type { MemoryFeedStore } from './memory-feed-store.js';
import type { MemoryQueueStore } from './memory-queue-store.js';

interface SavedQueues {
  version: 1;
  queues: { id: string; spec: QueueSpec; lastAcked: number; lastActivity: number }[];
  feeds: { userId: number; head: number; entries: FeedEntry[]; lastSource?: number }[];
}

/**
 * Writes every queue and its unacknowledged events at a graceful stop, atomically; each entry's event
 * as `scrub` gives it (what was forgotten meanwhile taken out), and none when it gives null.
 */
export function saveQueues(queues: MemoryQueueStore, feeds: MemoryFeedStore, file: string, scrub: (event: ClientEvent) => ClientEvent | null = (event) => event): void {
  const all = queues.all();
  const users = [...new Set(all.map((queue) => queue.userId))];
  const saved: SavedQueues = {
    version: 1,
    queues: all.map((q) => ({ id: q.id, spec: q.spec, lastAcked: q.lastAcked, lastActivity: q.lastTouched })),
    feeds: users.map((userId) => {
      const feed = feeds.feedOf(userId).snapshot();
      const entries = feed.entries.flatMap((entry) => {
        const event = scrub(entry.event);
        return event === null ? [] : [{ ...entry, event }];
      });
      return { userId, ...feed, entries };
    }),
  };
  writeFileSync(`${file}.tmp`, JSON.stringify(saved), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/** Restores the queues of the previous run, once: the file is removed so a crash cannot replay stale queues. */
export function loadQueues(queues: MemoryQueueStore, feeds: MemoryFeedStore, file: string): number {
  if (!existsSync(file)) return 0;
  const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedQueues;
  rmSync(file);
  for (const feed of saved.feeds) {
    const restored = feeds.feedOf(feed.userId);
    restored.head = feed.head;
    restored.lastSource = feed.lastSource;
    restored.restore(feed.entries);
  }
  for (const q of saved.queues) queues.add(new EventQueue(q.id, q.spec, q.lastAcked, q.lastActivity));
  return saved.queues.length;
}
