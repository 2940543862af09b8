import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { FeedEntry } from './client-event.js';
import { EventQueue, type QueueSpec } from './event-queue.js';
import type { QueueRegistry } from './queue-registry.js';

interface SavedQueues {
  version: 1;
  queues: { id: string; spec: QueueSpec; lastAcked: number; lastActivity: number }[];
  feeds: { userId: number; head: number; entries: FeedEntry[] }[];
}

/** Writes every queue and its unacknowledged events at a graceful stop, atomically. */
export function saveQueues(registry: QueueRegistry, file: string): void {
  const queues = registry.allQueues();
  const users = [...new Set(queues.map((queue) => queue.userId))];
  const saved: SavedQueues = {
    version: 1,
    queues: queues.map((q) => ({ id: q.id, spec: q.spec, lastAcked: q.lastAcked, lastActivity: q.lastActivity })),
    feeds: users.map((userId) => ({ userId, ...registry.feedOf(userId).snapshot() })),
  };
  writeFileSync(`${file}.tmp`, JSON.stringify(saved));
  renameSync(`${file}.tmp`, file);
}

/** Restores the queues of the previous run, once: the file is removed so a crash cannot replay stale queues. */
export function loadQueues(registry: QueueRegistry, file: string): number {
  if (!existsSync(file)) return 0;
  const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedQueues;
  rmSync(file);
  for (const feed of saved.feeds) {
    const restored = registry.feedOf(feed.userId);
    restored.head = feed.head;
    restored.restore(feed.entries);
  }
  for (const q of saved.queues) registry.add(new EventQueue(q.id, q.spec, q.lastAcked, q.lastActivity));
  return saved.queues.length;
}
