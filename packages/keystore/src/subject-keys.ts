import { KeyRing } from './key-ring.js';
import type { KeyStore, StoredKeys } from './key-store.js';
import { epochOf, type Subject, subjectOfNextEpoch } from './subjects.js';

export type ForgetListener = (subjects: readonly Subject[], position: number) => void;

/**
 * The server's keys: the ring every read decrypts with, kept equal to the durable store. New epochs
 * are stored before anything is sealed with them; forgetting destroys keys in the store first and in
 * the ring once that holds, so nothing sealed is ever left without a key by a failed write.
 */
export class SubjectKeys {
  private readonly listeners = new Set<ForgetListener>();
  /** Epochs being stored now, each with the write that stores it: callers that need one wait for that write. */
  private readonly making = new Map<string, Promise<void>>();

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

  /**
   * Makes the epochs these subjects need (rare: one per 1,024 messages), durably, before sealing. An
   * epoch already being stored is waited for, never stored again: at an epoch's first message every
   * send in flight needs it, and each used to commit a master of its own to the store, one after the
   * other (50 concurrent sends: 50 commits, hundreds of milliseconds that held all of them).
   */
  async ensure(subjects: readonly Subject[]): Promise<void> {
    const fresh = this.ring.newEpochs(subjects);
    if (fresh.length === 0) return;
    const waits: Promise<void>[] = [];
    const mine = fresh.filter(([epoch]) => {
      const pending = this.making.get(epoch);
      if (pending) waits.push(pending);
      return !pending;
    });
    if (mine.length > 0) {
      const made = (async (): Promise<void> => {
        try {
          this.ring.addMasters(await this.store.addEpochs(mine));
        } finally {
          for (const [epoch] of mine) this.making.delete(epoch);
        }
      })();
      for (const [epoch] of mine) this.making.set(epoch, made);
      waits.push(made);
    }
    await Promise.all(waits);
  }

  /**
   * Starts storing the epoch after each numbered subject's when it is not made yet, so the sends that
   * reach it find its master in the ring instead of waiting for a commit to the key store. A failure is
   * left to the send that needs the epoch: its own `ensure` tries again and answers the error.
   */
  prepareNext(subjects: readonly Subject[]): void {
    for (const subject of subjects) {
      const next = subjectOfNextEpoch(subject);
      if (!next || this.ring.knows(next) || this.making.has(epochOf(next))) continue;
      this.ensure([next]).catch(() => undefined);
    }
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
