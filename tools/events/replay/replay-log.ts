import type { EventLogReader } from '@chat/eventstore';
import { openReadModels, type Projection, ProjectionDispatch, READ_MODELS_CHECKPOINT, type ReadModels, searchProjection } from '@chat/projections';
import type { ReadStore, SearchIndex } from '@chat/readstore';

export interface ReplayProgress {
  /** Events applied so far, over every call of `to`. */
  events: number;
  /** Position of the last event applied (0 before the first). */
  position: number;
  /** Time spent applying, in seconds, over every call of `to`. */
  seconds: number;
}

/**
 * The server's read-model projections over a store of their own, fed from a log: `to(position)`
 * applies every event up to and including that position (the head when omitted), and can be called
 * again to carry on. What a start-up rebuild does, without the follow-up subscription.
 */
export class LogReplay {
  readonly models: ReadModels;
  private projections: ProjectionDispatch | null = null;
  private progress: ReplayProgress = { events: 0, position: 0, seconds: 0 };

  constructor(
    private readonly log: EventLogReader,
    private readonly store: ReadStore,
    /** The full-text index to rebuild too (fresh), when given. */
    private readonly search?: SearchIndex,
    /** Where an interrupted replay into this store got to: the events up to it are applied already. */
    resumeAfter = 0,
  ) {
    this.models = openReadModels(store);
    this.progress.position = resumeAfter;
  }

  /**
   * The server's projections, in its order (its features list them). The features bring the server's
   * views along, so they are loaded when a replay starts, not by every verb of the CLI.
   */
  private async dispatch(): Promise<ProjectionDispatch> {
    if (!this.projections) {
      const { allProjections } = await import('../../../services/api/src/features/all-features.js');
      const search: Projection[] = this.search ? [searchProjection(this.search)] : [];
      this.projections = new ProjectionDispatch([...allProjections(this.models), ...search]);
    }
    return this.projections;
  }

  get done(): ReplayProgress {
    return { ...this.progress };
  }

  /**
   * Applies the log up to `upTo`; `stopped()`, asked between events (with a turn of the event loop
   * every 50 ms, so a signal gets in), ends it early. Either way the checkpoint names the last event
   * applied, from which a later `to` (or a resumed replay) carries on.
   */
  async to(upTo?: number, onEvent?: (progress: ReplayProgress) => void, stopped: () => boolean = () => false): Promise<ReplayProgress> {
    const last = upTo ?? (await this.log.headPosition());
    const projections = await this.dispatch();
    const started = performance.now();
    let { events, position } = this.progress;
    if (position < last) {
      let turn = performance.now();
      for await (const event of this.log.readAll({ fromPosition: position })) {
        if (event.position > last) break;
        if (performance.now() - turn > 50) {
          await new Promise((resolve) => setImmediate(resolve));
          turn = performance.now();
        }
        if (stopped()) break;
        const pending = projections.apply(event);
        if (pending) await pending;
        events += 1;
        position = event.position;
        if (onEvent && events % 1000 === 0) onEvent({ events, position, seconds: this.progress.seconds + (performance.now() - started) / 1000 });
      }
      await projections.caughtUp();
    }
    this.progress = { events, position, seconds: this.progress.seconds + (performance.now() - started) / 1000 };
    await this.store.checkpoints.set(READ_MODELS_CHECKPOINT, position);
    return this.done;
  }
}

/** Events per second, rounded; 0 when nothing was timed. */
export const eventsPerSecond = (progress: ReplayProgress): number => (progress.seconds > 0 ? Math.round(progress.events / progress.seconds) : 0);
