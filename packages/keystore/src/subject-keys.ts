import { KeyRing } from './key-ring.js';
import type { KeyStore, StoredKeys } from './key-store.js';
import type { Subject } from './subjects.js';

export type ForgetListener = (subjects: readonly Subject[], position: number) => void;

/**
 * The server's keys: the ring every read decrypts with, kept equal to the durable store. New epochs
 * are stored before anything is sealed with them; forgetting destroys keys in the store first and in
 * the ring once that holds, so nothing sealed is ever left without a key by a failed write.
 */
export class SubjectKeys {
  private readonly listeners = new Set<ForgetListener>();

  private constructor(
    readonly store: KeyStore,
    readonly ring: KeyRing,
    private stored: Pick<StoredKeys, 'lastForget' | 'logId'>,
  ) {}

  static async open(store: KeyStore): Promise<SubjectKeys> {
    const loaded = await store.load();
    return new SubjectKeys(store, new KeyRing(loaded.ring), { lastForget: loaded.lastForget, logId: loaded.logId });
  }

  /** Position of the last event that forgot something: a read-models snapshot older than it is never loaded. */
  get lastForget(): number {
    return this.stored.lastForget;
  }

  get logId(): string | null {
    return this.stored.logId;
  }

  async bindLog(logId: string): Promise<void> {
    await this.store.bindLog(logId);
    this.stored = { ...this.stored, logId };
  }

  /** Makes the epochs these subjects need (rare: one per 1,024 messages), durably, before sealing. */
  async ensure(subjects: readonly Subject[]): Promise<void> {
    const fresh = this.ring.newEpochs(subjects);
    if (fresh.length === 0) return;
    this.ring.addMasters(await this.store.addEpochs(fresh));
  }

  /**
   * Forgets the subjects for the event at `position`: their keys destroyed in the store, then in the
   * ring. Subjects already forgotten (a replayed event) change nothing and write nothing.
   */
  async forget(subjects: readonly Subject[], position: number): Promise<boolean> {
    const plan = this.ring.planForget(subjects.filter((subject) => !this.isForgottenOrUnsealed(subject)));
    if (plan.epochKeys.length === 0) return false;
    await this.store.forget(plan, position);
    this.ring.apply(plan);
    this.stored = { ...this.stored, lastForget: Math.max(this.stored.lastForget, position) };
    for (const listener of this.listeners) listener(plan.subjects, position);
    return true;
  }

  onForgotten(listener: ForgetListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.store.close();
  }

  private isForgottenOrUnsealed(subject: Subject): boolean {
    try {
      return this.ring.keyOf(subject) === null;
    } catch {
      return true; // no epoch: nothing of it was ever sealed
    }
  }
}
