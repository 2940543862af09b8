import type { IdKind } from '@chat/core';

/** Hands out integer ids that increase in allocation order and are never reused. */
export interface IdAllocator {
  next(kind: IdKind): Promise<number>;
  close(): Promise<void>;
}
