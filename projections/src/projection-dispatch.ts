import type { DomainEventType, StoredEvent } from '@chat/core';
import type { Applied, Projection } from './projection.js';

/** A projection failed to apply an event; the ones before it (`index` in the event's readers) have applied it. */
export class ProjectionFailed extends Error {
  constructor(
    readonly projection: Projection,
    readonly index: number,
    override readonly cause: unknown,
  ) {
    super(`projection ${projection.name} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ProjectionFailed';
  }
}

/** Applies each event to the projections that read its type, in their order. */
export class ProjectionDispatch {
  private readonly byType = new Map<string, readonly Projection[]>();
  /** While set (a restart's catch-up), the position each projection already holds: it gets only later events. */
  private floors: ReadonlyMap<Projection, number> | null = null;

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

  /**
   * Applies the event to its readers in order, from the `from`-th (a retry resumes where it failed).
   * Nothing is awaited until a reader returns a write to wait for, and nothing is returned when none
   * did: a replay awaits only what needs it. A reader's failure comes out as ProjectionFailed.
   */
  apply(event: StoredEvent, from = 0): Applied {
    const readers = this.readersFor(event);
    let index = from;
    try {
      for (; index < readers.length; index++) {
        const pending = readers[index].apply(event);
        if (pending) return this.applyAfter(pending, readers, index, event);
      }
    } catch (error) {
      throw new ProjectionFailed(readers[index], index, error);
    }
    return undefined;
  }

  private async applyAfter(pending: Promise<void>, readers: readonly Projection[], at: number, event: StoredEvent): Promise<void> {
    let index = at;
    try {
      await pending;
      for (index = at + 1; index < readers.length; index++) {
        const next = readers[index].apply(event);
        if (next) await next;
      }
    } catch (error) {
      throw new ProjectionFailed(readers[index], index, error);
    }
  }

  private readersFor(event: StoredEvent): readonly Projection[] {
    const all = this.readersOf(event.type);
    const floors = this.floors;
    return floors ? all.filter((projection) => event.position > (floors.get(projection) ?? 0)) : all;
  }

  /** From now on, gives each listed projection only events after its position; null gives every event to all again. */
  holdBack(floors: ReadonlyMap<Projection, number> | null): void {
    this.floors = floors && floors.size > 0 ? floors : null;
  }

  /** Tells every projection that the log has been applied up to its head. */
  async caughtUp(): Promise<void> {
    for (const projection of this.projections) await projection.caughtUp?.();
  }
}
