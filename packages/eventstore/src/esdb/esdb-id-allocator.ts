import { randomUUID } from 'node:crypto';
import { type Clock, type IdKind, idsInEvent, type StoredEvent, systemClock } from '@chat/core';
import { type EventStore, WrongExpectedRevision } from '../event-store.js';
import type { IdAllocator } from '../ids/id-allocator.js';

/** What the allocator needs from the log: EsdbEventStore reads a stream's last event in one step. */
export interface ReservationLog {
  append: EventStore['append'];
  readAll: EventStore['readAll'];
  lastEvent(stream: string): Promise<StoredEvent | null>;
}

export interface EsdbIdAllocatorOptions {
  /** Ids reserved per append: larger blocks mean fewer appends and bigger gaps after a restart. */
  blockSize?: number;
  /**
   * The highest id of a kind the log already records. Without it the allocator scans the log once,
   * when a kind has no reservation yet (a log imported from an embedded install, for instance).
   */
  floor?: (kind: IdKind) => Promise<number>;
  clock?: Clock;
  maxAttempts?: number;
}

interface Block {
  next: number;
  last: number;
}

/**
 * Ids for several processes sharing one log: each reserves a block by appending IdBlockReserved to
 * `ids-<kind>` with the revision it read, so two processes never get overlapping blocks. Ids of a
 * block that a process never used are skipped for good. Within a process ids increase in call order.
 */
export class EsdbIdAllocator implements IdAllocator {
  private readonly blocks = new Map<IdKind, Block>();
  private readonly queues = new Map<IdKind, Promise<unknown>>();
  private readonly blockSize: number;
  private readonly clock: Clock;
  private readonly maxAttempts: number;

  constructor(
    private readonly log: ReservationLog,
    private readonly options: EsdbIdAllocatorOptions = {},
  ) {
    this.blockSize = options.blockSize ?? 100;
    this.clock = options.clock ?? systemClock;
    this.maxAttempts = options.maxAttempts ?? 20;
  }

  next(kind: IdKind): Promise<number> {
    // One allocation per kind at a time, so concurrent callers get ids in call order.
    const result = (this.queues.get(kind) ?? Promise.resolve()).then(() => this.take(kind));
    this.queues.set(kind, result.catch(() => undefined));
    return result;
  }

  async close(): Promise<void> {
    await Promise.all(this.queues.values());
  }

  private async take(kind: IdKind): Promise<number> {
    let block = this.blocks.get(kind);
    if (!block || block.next > block.last) {
      block = await this.reserve(kind);
      this.blocks.set(kind, block);
    }
    const id = block.next;
    block.next += 1;
    return id;
  }

  private async reserve(kind: IdKind): Promise<Block> {
    const stream = `ids-${kind}`;
    for (let attempt = 1; attempt <= this.maxAttempts; attempt += 1) {
      const previous = await this.log.lastEvent(stream);
      const reservedUpTo = previous?.type === 'IdBlockReserved' ? previous.data.last : 0;
      const floor = this.options.floor ? await this.options.floor(kind) : previous ? 0 : await this.scan(kind);
      const first = Math.max(reservedUpTo, floor) + 1;
      const last = first + this.blockSize - 1;
      const id = randomUUID();
      try {
        await this.log.append(
          stream,
          [
            {
              id,
              event: { type: 'IdBlockReserved', data: { kind, first, last } },
              metadata: {
                actor_id: null,
                occurred_at: this.clock.now(),
                request_id: id,
                client: 'id-allocator',
                schema_version: 1,
                causation_id: null,
                correlation_id: id,
              },
            },
          ],
          previous ? previous.revision : 'no_stream',
        );
        return { next: first, last };
      } catch (error) {
        // Another process reserved in between: read its block and reserve after it.
        if (!(error instanceof WrongExpectedRevision)) throw error;
      }
    }
    throw new Error(`Could not reserve ${kind} ids after ${this.maxAttempts} attempts`);
  }

  /** The highest id of a kind the log records: read once, before the first reservation of a kind. */
  private async scan(kind: IdKind): Promise<number> {
    let highest = 0;
    for await (const event of this.log.readAll()) {
      for (const [k, id] of idsInEvent(event)) if (k === kind && id > highest) highest = id;
    }
    return highest;
  }
}
