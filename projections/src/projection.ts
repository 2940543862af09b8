import type { StoredEvent } from '@chat/core';

/** Turns events into read-model changes. Deterministic: it reads nothing but the event and its models. */
export interface Projection {
  readonly name: string;
  apply(event: StoredEvent): Promise<void>;
}
