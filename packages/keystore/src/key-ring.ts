import { createHmac, randomBytes } from 'node:crypto';
import { EpochKeys } from './epoch-keys.js';
import { deriveEpochKeys, keyInEpoch } from './subject-key-derivation.js';
import { epochOf, type Subject } from './subjects.js';

/** What a key store holds: live epoch masters, and the keys left of materialized epochs. */
export interface KeyRingImage {
  masters: readonly (readonly [string, Buffer])[];
  materialized: readonly (readonly [string, Buffer])[];
}

/**
 * What forgetting some subjects changes: the masters destroyed, and the key table each affected
 * epoch has afterwards (its other subjects' keys, derived from the master while it still existed).
 */
export interface ForgetPlan {
  subjects: Subject[];
  dropMasters: string[];
  epochKeys: [string, Buffer][];
}

/** A subject whose epoch the ring has never seen: its key store is not this log's, or lost data. */
export class UnknownKeyError extends Error {
  constructor(readonly subject: Subject) {
    super(`No key for ${subject} (epoch ${epochOf(subject)}): the key store does not belong to this log, or it lost data`);
    this.name = 'UnknownKeyError';
  }
}

/** How many epochs' derived keys are remembered (32 KiB each). */
const DERIVED_EPOCHS = 64;

/**
 * The keys in memory: every read of a sealed value asks here, synchronously. A subject's key is
 * derived from its epoch's master; once anything of an epoch is forgotten, the master is destroyed
 * and the epoch keeps an explicit key per remaining subject (materialized), so forgetting one
 * subject never takes another's key with it.
 */
export class KeyRing {
  private readonly masters = new Map<string, Buffer>();
  private readonly materialized = new Map<string, EpochKeys>();
  /** Keys derived from live masters, a whole epoch at a time (one AES call), the most recent first out. */
  private readonly derived = new Map<string, Buffer>();

  constructor(image: KeyRingImage = { masters: [], materialized: [] }) {
    for (const [epoch, master] of image.masters) this.masters.set(epoch, master);
    for (const [epoch, keys] of image.materialized) this.materialized.set(epoch, new EpochKeys(keys));
  }

  /** The subject's key; null when it was forgotten; throws UnknownKeyError when its epoch was never made. */
  keyOf(subject: Subject): Buffer | null {
    const epoch = epochOf(subject);
    const master = this.masters.get(epoch);
    if (master) return keyInEpoch(this.derivedKeys(epoch, master, subject), subject);
    const keys = this.materialized.get(epoch);
    if (keys) return keys.get(subject);
    throw new UnknownKeyError(subject);
  }

  /** One key for several subjects (text that belongs to each of them): gone when any of theirs is. */
  keyFor(subjects: readonly Subject[]): Buffer | null {
    let key: Buffer | null = null;
    for (const subject of subjects) {
      const own = this.keyOf(subject);
      if (!own) return null;
      key = key ? createHmac('sha256', key).update('chat-compound-key/v1\n').update(own).digest() : own;
    }
    if (!key) throw new Error('a sealed value needs at least one subject');
    return key;
  }

  /** Whether the ring has the subject's epoch (live or materialized). */
  knows(subject: Subject): boolean {
    const epoch = epochOf(subject);
    return epoch === this.lastKnown || ((this.masters.has(epoch) || this.materialized.has(epoch)) && ((this.lastKnown = epoch), true));
  }

  /** The epoch `knows` last found (consecutive events mostly share one). */
  private lastKnown = '';

  private derivedKeys(epoch: string, master: Buffer, subject: Subject): Buffer {
    let keys = this.derived.get(epoch);
    if (!keys) {
      keys = deriveEpochKeys(master, subject);
      if (this.derived.size >= DERIVED_EPOCHS) this.derived.delete(this.derived.keys().next().value as string);
      this.derived.set(epoch, keys);
    }
    return keys;
  }

  isForgotten(subject: Subject): boolean {
    const epoch = epochOf(subject);
    if (this.masters.has(epoch)) return false;
    const keys = this.materialized.get(epoch);
    return keys !== undefined && keys.get(subject) === null;
  }

  /** The epochs these subjects need that the ring does not have yet, each with a fresh master. */
  newEpochs(subjects: readonly Subject[]): [string, Buffer][] {
    const wanted = new Set(subjects.map(epochOf).filter((epoch) => !this.masters.has(epoch) && !this.materialized.has(epoch)));
    return [...wanted].map((epoch) => [epoch, randomBytes(32)]);
  }

  /** Adds masters the store holds (the ones it kept when another writer made the same epoch first). */
  addMasters(masters: readonly (readonly [string, Buffer])[]): void {
    for (const [epoch, master] of masters) if (!this.materialized.has(epoch)) this.masters.set(epoch, master);
  }

  /** What forgetting these subjects changes; the ring itself is changed by `apply`. */
  planForget(subjects: readonly Subject[]): ForgetPlan {
    const byEpoch = new Map<string, Subject[]>();
    for (const subject of new Set(subjects)) {
      const epoch = epochOf(subject);
      byEpoch.set(epoch, [...(byEpoch.get(epoch) ?? []), subject]);
    }
    const plan: ForgetPlan = { subjects: [...new Set(subjects)], dropMasters: [], epochKeys: [] };
    for (const [epoch, forgotten] of byEpoch) {
      const master = this.masters.get(epoch);
      const existing = this.materialized.get(epoch);
      // With the master, the epoch's table is every key derived from it (laid out slot by slot alike).
      const keys = master ? new EpochKeys(Buffer.from(this.derivedKeys(epoch, master, forgotten[0]))) : existing?.copy();
      if (!keys) continue; // nothing of it was ever sealed
      if (master) plan.dropMasters.push(epoch);
      for (const each of forgotten) keys.forget(each);
      plan.epochKeys.push([epoch, keys.bytes]);
    }
    return plan;
  }

  /**
   * Makes the plan true of the ring: masters dropped, epochs' keys replaced. The keys derived from a
   * dropped master go with it (not wiped: keys handed out are views of them); every other epoch's
   * stay (a retention sweep forgets an epoch every batch, and dropping them all made each batch derive
   * the live epochs' keys again).
   */
  apply(plan: ForgetPlan): void {
    for (const epoch of plan.dropMasters) {
      this.masters.get(epoch)?.fill(0);
      this.masters.delete(epoch);
      this.derived.delete(epoch);
    }
    for (const [epoch, keys] of plan.epochKeys) this.materialized.set(epoch, new EpochKeys(Buffer.from(keys)));
  }

  /** Counts for operators: live masters, materialized epochs. */
  counts(): { masters: number; materialized: number } {
    return { masters: this.masters.size, materialized: this.materialized.size };
  }
}
