import { BodyCache } from './body-cache.js';
import type { MessageBody } from './message-body.js';
import { grown } from './growable.js';

/** What a message says: the text as written and as rendered. */
export type { MessageBody } from './message-body.js';

/** A body wanted from the log: the one of message `messageId` that the event at `position` carries. */
export interface BodyAt {
  position: number;
  messageId: number;
}

/**
 * Where bodies already live on disk: the log events that carried them (a send, a content edit). Asked
 * for several at once (one read of the log for a page of messages), it answers in the order asked,
 * undefined where the event carries no such body.
 */
export interface BodySource {
  read(wanted: readonly BodyAt[]): Promise<(MessageBody | undefined)[]>;
}

const same = (a: MessageBody, b: MessageBody): boolean => a.content === b.content && a.rendered_content === b.rendered_content;

/** Body positions: 4 bytes each while every position fits in 31 bits (SQLite's event numbers), 8 beyond. */
export type BodyPositions = Int32Array<ArrayBufferLike> | Float64Array<ArrayBufferLike>;

/** The largest position an `Int32Array` of positions holds; a larger one widens it to a `Float64Array`. */
const NARROW_LIMIT = 0x7fff_ffff;

/**
 * The bodies of the memory message store. Without a source they are kept on the heap (tests, tools).
 * With one, only the log position of the event that last set each body is kept (4 bytes a message
 * while positions fit in 31 bits, as SQLite's do up to two billion events; 8 once one does not:
 * EventStoreDB's are byte offsets),
 * the body is read from the log when asked for, and a bounded cache keeps the recent ones: a million
 * messages' text (several hundred MB as strings) no longer lives in the process. A changed body whose
 * event does not carry it (none does today) is kept on the heap, so the store never depends on it.
 */
export class MessageBodies {
  private onHeap = new Map<number, MessageBody>();
  private at: BodyPositions = new Int32Array(0);
  private readonly cache: BodyCache;
  /** Inserted bodies go to the cache only once the log has been caught up with: a replay reads none. */
  private live = false;

  constructor(
    private readonly source?: BodySource,
    cacheSize = 20_000,
  ) {
    this.cache = new BodyCache(cacheSize);
  }

  /** The log position each body is read from (0: kept on the heap), for snapshots. */
  get positions(): BodyPositions {
    return this.at;
  }

  /** Bodies kept on the heap, for snapshots. */
  get heap(): ReadonlyMap<number, MessageBody> {
    return this.onHeap;
  }

  /** Takes over saved positions and heap bodies (a snapshot being loaded). */
  restore(positions: BodyPositions, heap: Iterable<[number, MessageBody]>): void {
    this.clear();
    this.at = positions;
    this.onHeap = new Map(heap);
  }

  /** A new message's body, carried by the event at `position`. */
  inserted(id: number, body: MessageBody, position: number): void {
    if (!this.source) {
      this.onHeap.set(id, { content: body.content, rendered_content: body.rendered_content });
      return;
    }
    this.place(id, position);
    if (this.live) this.cache.set(id, body);
  }

  /** A changed message's body, set by the event at `position` if it differs from the one stored. */
  async replaced(id: number, body: MessageBody, position: number): Promise<void> {
    if (!this.source) return this.inserted(id, body, position);
    if (same(await this.get(id), body)) return;
    const [carried] = await this.source.read([{ position, messageId: id }]);
    this.cache.set(id, { content: body.content, rendered_content: body.rendered_content });
    if (carried && same(carried, body)) {
      this.place(id, position);
      this.onHeap.delete(id);
    } else {
      this.place(id, 0);
      this.onHeap.set(id, { content: body.content, rendered_content: body.rendered_content });
    }
  }

  /** The body of a stored message; `remember` false for a scan, which would only push the recent ones out. */
  async get(id: number, remember = true): Promise<MessageBody> {
    const [body] = await this.getMany([id], remember);
    return body;
  }

  /** The bodies of stored messages, in the order given; those not at hand are read from the log at once. */
  async getMany(ids: readonly number[], remember = true): Promise<MessageBody[]> {
    const bodies: (MessageBody | undefined)[] = ids.map((id) => this.onHeap.get(id) ?? (remember ? this.cache.get(id) : this.cache.peek(id)));
    const missing = bodies.flatMap((body, i) => (body ? [] : [i]));
    if (missing.length === 0) return bodies as MessageBody[];
    const wanted = missing.map((i) => ({ position: this.at[ids[i]] ?? 0, messageId: ids[i] }));
    const read = this.source && wanted.every((each) => each.position > 0) ? await this.source.read(wanted) : [];
    missing.forEach((i, at) => {
      const body = read[at];
      if (!body) throw new Error(`message ${ids[i]}: no body at log position ${wanted[at].position}`);
      if (remember) this.cache.set(ids[i], body);
      bodies[i] = body;
    });
    return bodies as MessageBody[];
  }

  delete(id: number): void {
    this.onHeap.delete(id);
    this.cache.delete(id);
    if (id < this.at.length) this.at[id] = 0;
  }

  /** The log has been caught up with: bodies inserted from now on are likely read soon. */
  caughtUp(): void {
    this.live = true;
  }

  clear(): void {
    this.onHeap.clear();
    this.cache.clear();
    this.at = new Int32Array(0);
    this.live = false;
  }

  private place(id: number, position: number): void {
    if (position > NARROW_LIMIT && this.at instanceof Int32Array) this.at = Float64Array.from(this.at);
    const at = this.at;
    this.at = at instanceof Int32Array ? grown(at, id + 1, (length) => new Int32Array(length)) : grown(at, id + 1, (length) => new Float64Array(length));
    this.at[id] = position;
  }
}
