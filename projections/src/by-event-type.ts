import type { DomainEventType } from '@chat/core';

/** Something that reads events of the listed types ('every' for one that reads them all). */
export interface EventTypeReader {
  readonly handles: readonly DomainEventType[] | 'every';
}

/** Routes an event type to the readers that declared it, in the order they were given. */
export class ByEventType<R extends EventTypeReader> {
  private readonly byType = new Map<string, readonly R[]>();

  constructor(private readonly readers: readonly R[]) {}

  /** The readers of events of this type, in order. */
  readersOf(type: string): readonly R[] {
    let readers = this.byType.get(type);
    if (!readers) {
      readers = this.readers.filter((reader) => reader.handles === 'every' || reader.handles.some((handled) => handled === type));
      this.byType.set(type, readers);
    }
    return readers;
  }

  /** Every type some reader lists (a reader of 'every' adds none). */
  types(): DomainEventType[] {
    return [...new Set(this.readers.flatMap((reader) => (reader.handles === 'every' ? [] : reader.handles)))];
  }
}
