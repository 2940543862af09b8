import { KeyRing } from './key-ring.js';
import type { KeyStore } from './key-store.js';

/**
 * The keys as a reader in another thread or process sees them (the export thread, the history tools):
 * loaded from the store, and loaded again whenever `refresh` finds the store changed, so a reader that
 * refreshes before each page never decrypts what was forgotten before that page.
 */
export class KeyRingSource {
  private current: KeyRing;
  private mark: string;

  private constructor(
    private readonly store: KeyStore,
    ring: KeyRing,
    mark: string,
  ) {
    this.current = ring;
    this.mark = mark;
  }

  static async open(store: KeyStore): Promise<KeyRingSource> {
    const mark = await store.changeMark();
    return new KeyRingSource(store, new KeyRing((await store.load()).ring), mark);
  }

  get ring(): KeyRing {
    return this.current;
  }

  /** Whether the ring has the epoch of every subject (a reader loaded before a new epoch has not). */
  knowsAll(subjects: readonly string[]): boolean {
    return subjects.every((subject) => this.current.knows(subject));
  }

  async refresh(): Promise<void> {
    const mark = await this.store.changeMark();
    if (mark === this.mark) return;
    this.current = new KeyRing((await this.store.load()).ring);
    this.mark = mark;
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
