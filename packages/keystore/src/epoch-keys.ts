import { EPOCH_SIZE, subjectParts, type Subject } from './subjects.js';

const KEY_BYTES = 32;

/**
 * The keys of a materialized epoch (one whose master is destroyed): one slot of 32 bytes per subject,
 * all zeros where the subject is forgotten. A numbered epoch has EPOCH_SIZE slots in one buffer
 * (32 KiB, whatever how many subjects it still holds); a subject's own epoch has one.
 */
export class EpochKeys {
  constructor(readonly bytes: Buffer) {}

  private slot(subject: Subject): number {
    const parts = subjectParts(subject);
    return parts && this.bytes.length > KEY_BYTES ? parts.id % EPOCH_SIZE : 0;
  }

  /** The subject's key, or null when it is forgotten. */
  get(subject: Subject): Buffer | null {
    const at = this.slot(subject) * KEY_BYTES;
    const key = this.bytes.subarray(at, at + KEY_BYTES);
    return key.every((byte) => byte === 0) ? null : Buffer.from(key);
  }

  set(subject: Subject, key: Buffer): void {
    key.copy(this.bytes, this.slot(subject) * KEY_BYTES);
  }

  forget(subject: Subject): void {
    const at = this.slot(subject) * KEY_BYTES;
    this.bytes.fill(0, at, at + KEY_BYTES);
  }

  copy(): EpochKeys {
    return new EpochKeys(Buffer.from(this.bytes));
  }
}
