/** Called with users whose feeds may have grown; resolves once their waiting polls have looked. */
export type FeedListener = (userIds: readonly number[]) => Promise<void>;

/**
 * How a poll waiting in one process learns that its user's feed grew, wherever the append happened.
 * Embedded: in the process. Production: each process also hears of appends made by the others.
 */
export interface FeedWakeups {
  /** Tells the listeners of this process at once (and of other processes, as the adapter can). */
  announce(userIds: readonly number[]): Promise<void>;
  /**
   * `watched` lists the users with a poll waiting here, for adapters that must look for growth
   * themselves. Returns a function that stops listening.
   */
  listen(listener: FeedListener, watched: () => readonly number[]): () => void;
  close(): Promise<void>;
}
