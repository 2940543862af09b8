import type { StoredEvent } from '@chat/core';
import { ByEventType } from './by-event-type.js';
import type { EventFacts } from './event-facts.js';
import type { Applied, Projection } from './projection.js';

/**
 * A projection failed to apply an event; the ones before it (`index` in the event's readers) have
 * applied it and left `facts`, which a retry from `index` hands on again.
 */
export class ProjectionFailed extends Error {
  constructor(
    readonly projection: Projection,
    readonly index: number,
    readonly facts: EventFacts,
    override readonly cause: unknown,
  ) {
    super(`projection ${projection.name} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ProjectionFailed';
  }
}

/**
 * Applies each event to the projections that read its type, in their order, handing each the facts
 * the ones before it left (see EventFacts).
 */
export class ProjectionDispatch {
  private readonly byType: ByEventType<Projection>;
  /** While set (a restart's catch-up), the position each projection already holds: it gets only later events. */
  private floors: ReadonlyMap<Projection, number> | null = null;

  constructor(private readonly projections: readonly Projection[]) {
    this.byType = new ByEventType(projections);
  }

  /** The projections that read events of this type, in the order they were given. */
  readersOf(type: string): readonly Projection[] {
    return this.byType.readersOf(type);
  }

  /**
   * Applies the event to its readers in order, from the `from`-th (a retry resumes where it failed,
   * with the facts the readers before it left). Nothing is awaited until a reader returns a write to
   * wait for, and nothing is returned when none did: a replay awaits only what needs it. A reader's
   * failure comes out as ProjectionFailed.
   */
  apply(event: StoredEvent, from = 0, facts: EventFacts = {}): Applied {
    const readers = this.readersFor(event);
    let index = from;
    try {
      for (; index < readers.length; index++) {
        const pending = readers[index].apply(event, facts);
        if (pending) return this.applyAfter(pending, readers, index, event, facts);
      }
    } catch (error) {
      throw new ProjectionFailed(readers[index], index, facts, error);
    }
    return undefined;
  }

  private async applyAfter(pending: Promise<unknown>, readers: readonly Projection[], at: number, event: StoredEvent, facts: EventFacts): Promise<void> {
    let index = at;
    try {
      await pending;
      for (index = at + 1; index < readers.length; index++) {
        const next = readers[index].apply(event, facts);
        if (next) await next;
      }
    } catch (error) {
      throw new ProjectionFailed(readers[index], index, facts, error);
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
