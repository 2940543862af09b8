import { BodyCache } from './body-cache.js';
import type { MessageBody } from './message-body.js';
import { grown } from './growable.js';

/** What a message says: the text as written and as rendered. */
export type { MessageBody } from './message-body.js';

/**
 * Where bodies already live on disk: the log event that carried them (a send, a content edit). Asked
 * for the body of message `messageId` that the event at `position` carries; undefined when it carries none.
 */
export interface BodySource {
  read(position: number, messageId: number): Promise<MessageBody | undefined>;
}

const same = (a: MessageBody, b: MessageBody): boolean => a.content === b.content && a.rendered_content === b.rendered_content;

/**
 * The bodies of the memory message store. Without a source they are kept on the heap (tests, tools).
 * With one, only the log position of the event that last set each body is kept (8 bytes a message),
 * the body is read from the log when asked for, and a bounded cache keeps the recent ones: a million
 * messages' text (several hundred MB as strings) no longer lives in the process. A changed body whose
 * event does not carry it (none does today) is kept on the heap, so the store never depends on it.
 */
export class MessageBodies {
  private onHeap = new Map<number, MessageBody>();
  private at: Float64Array<ArrayBufferLike> = new Float64Array(0);
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
  get positions(): Float64Array<ArrayBufferLike> {
    return this.at;
  }

  /** Bodies kept on the heap, for snapshots. */
  get heap(): ReadonlyMap<number, MessageBody> {
    return this.onHeap;
  }

  /** Takes over saved positions and heap bodies (a snapshot being loaded). */
  restore(positions: Float64Array<ArrayBufferLike>, heap: Iterable<[number, MessageBody]>): void {
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
    const carried = await this.source.read(position, id);
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
    const kept = this.onHeap.get(id) ?? (remember ? this.cache.get(id) : this.cache.peek(id));
    if (kept) return kept;
    const position = this.at[id] ?? 0;
    const read = this.source && position > 0 ? await this.source.read(position, id) : undefined;
    if (!read) throw new Error(`message ${id}: no body at log position ${position}`);
    if (remember) this.cache.set(id, read);
    return read;
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
    this.at = new Float64Array(0);
    this.live = false;
  }

  private place(id: number, position: number): void {
    this.at = grown(this.at, id + 1, (length) => new Float64Array(length));
    this.at[id] = position;
  }
}
