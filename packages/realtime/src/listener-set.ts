import type { FeedListener } from './feed-wakeups.js';

interface Registration {
  listener: FeedListener;
  watched: () => readonly number[];
}

/** The listeners of one process, shared by every wake-up adapter. */
export class ListenerSet {
  private readonly registrations = new Set<Registration>();

  add(listener: FeedListener, watched: () => readonly number[]): () => void {
    const registration = { listener, watched };
    this.registrations.add(registration);
    return () => this.registrations.delete(registration);
  }

  async notify(userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    await Promise.all([...this.registrations].map((registration) => registration.listener(userIds)));
  }

  /** Every user some listener has a poll waiting for. */
  watched(): number[] {
    const users = new Set<number>();
    for (const registration of this.registrations) for (const userId of registration.watched()) users.add(userId);
    return [...users];
  }
}
