import type { DomainEventType, StoredEvent } from '@chat/core';
import type { Projection } from './projection.js';

/** Applies each event to the projections that read its type, in their order. */
export class ProjectionDispatch {
  private readonly byType = new Map<string, readonly Projection[]>();

  constructor(private readonly projections: readonly Projection[]) {}

  /** The projections that read events of this type, in the order they were given. */
  readersOf(type: string): readonly Projection[] {
    let readers = this.byType.get(type);
    if (!readers) {
      readers = this.projections.filter((projection) => projection.handles === 'every' || projection.handles.includes(type as DomainEventType));
      this.byType.set(type, readers);
    }
    return readers;
  }

  async apply(event: StoredEvent): Promise<void> {
    for (const projection of this.readersOf(event.type)) await projection.apply(event);
  }
}
