import { EventEmitter } from 'node:events';
import {
  type AppendExpectedRevision,
  type EventStoreDBClient,
  PersistentSubscriptionExistsError,
  PersistentSubscriptionMaximumSubscribersReachedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';

/**
 * A stand-in for an EventStoreDB server behind the official client, for running the adapter's
 * contract suites where no server runs. It keeps the server's documented behaviour that the adapter
 * depends on, as KurrentDB's source shows it, and none of the adapter's assumptions:
 * - positions are byte offsets of records in one log, system records among ours; a read of `$all`
 *   may start only at a record boundary (StorageReaderWorker: INVALID_ARGUMENT "Trying to read from
 *   an invalid position"), and reads forwards from it inclusively (AllReader);
 * - a read call is open until its reader takes its last record, unless its whole answer fits in the
 *   connection's flow-control window (64 KiB); one connection carries at most 100 open calls
 *   (Kestrel's default), and a further call waits for one to end;
 * - a retried append is recognised for certain against an exact revision or 'no_stream' (its ids are
 *   compared with the stream's events), against 'stream_exists' or 'any' only while its ids are among
 *   those committed recently, an 8 MiB cache of about 28 + 2 × (stream name length) bytes per event
 *   (IndexWriter.CheckCommit);
 * - with throwOnAppendFailure=false in the connection string, a conflict is a result, not an error;
 * - a persistent subscription group takes at most maxSubscriberCount subscribers and refuses more
 *   with MaximumSubscribersReached (PersistentSubscriptionService); a subscriber's place is freed
 *   when its call ends, and a node restart drops every subscriber.
 */

interface LogRecord {
  position: bigint;
  bytes: number;
  streamId: string;
  revision: bigint;
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

interface ProposedEvent {
  id: string;
  type: string;
  data: unknown;
  metadata?: unknown;
}

type ReadFrom = 'start' | 'end' | { commit: bigint; prepare: bigint };
type Filter = { filterOn: string; regex?: string; prefixes?: string[] };

const WINDOW_BYTES = 65_535;
const MAX_OPEN_CALLS = 100;
const RECENT_IDS_BYTES = 8 * 1024 * 1024;

/** What the client's error classes read from a gRPC error. */
const serviceError = () => ({ metadata: { getMap: () => ({}) }, message: 'refused', code: 9 }) as never;

const invalidPosition = (): Error => Object.assign(new Error('Trying to read from an invalid position.'), { code: 3 });

export class FakeEsdb {
  private readonly log: LogRecord[] = [];
  private readonly streams = new Map<string, LogRecord[]>();
  private readonly recent = new Map<string, { streamId: string; revision: bigint; bytes: number }>();
  private recentBytes = 0;
  private end = 0n;
  private appends = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly wakes = new Set<() => void>();
  /** Calls the server still holds open. */
  openCalls = 0;

  constructor() {
    this.write('$epoch', '$epoch-information', {});
  }

  /** A client of this server, as EventStoreDBClient.connectionString would make one. */
  client(options: { throwOnAppendFailure?: boolean } = {}): EventStoreDBClient {
    const client = {
      appendToStream: (stream: string, events: ProposedEvent | ProposedEvent[], opts: { expectedRevision?: AppendExpectedRevision } = {}) =>
        this.append(stream, Array.isArray(events) ? events : [events], opts.expectedRevision ?? 'any', options.throwOnAppendFailure ?? true),
      readAll: (opts: { fromPosition?: ReadFrom; maxCount?: number | bigint; direction?: string } = {}) => this.readAll(opts),
      readStream: (stream: string, opts: { fromRevision?: 'start' | 'end' | bigint; maxCount?: number | bigint; direction?: string } = {}) => this.readStream(stream, opts),
      subscribeToAll: (opts: { fromPosition?: ReadFrom; filter?: Filter }) => this.subscribe(opts),
      createPersistentSubscriptionToStream: (stream: string, group: string, settings: { maxSubscriberCount: number | 'unbounded' }) => this.createGroup(stream, group, settings),
      subscribeToPersistentSubscriptionToStream: (stream: string, group: string) => this.subscribeToGroup(stream, group),
      dispose: async () => undefined,
    };
    return client as unknown as EventStoreDBClient;
  }

  private async append(streamId: string, events: ProposedEvent[], expected: AppendExpectedRevision, throwOnFailure: boolean) {
    const stream = this.streams.get(streamId) ?? [];
    const current = BigInt(stream.length - 1);
    const ok = (nextExpectedRevision: bigint) => ({ success: true, nextExpectedRevision, position: undefined });
    const conflict = () => {
      if (!throwOnFailure) return { success: false, nextExpectedRevision: current, position: undefined };
      // The client's own constructor for a conflict it found in an append's answer.
      const WrongVersion = WrongExpectedVersionError as unknown as new (error: undefined, versions: object) => WrongExpectedVersionError;
      return Promise.reject(new WrongVersion(undefined, { streamName: streamId, expected, current: current < 0n ? 'no_stream' : current }));
    };
    if (expected === 'any' || expected === 'stream_exists') {
      if (expected === 'stream_exists' && current < 0n) return conflict();
      const known = events.map((event) => this.recent.get(event.id));
      if (known.every((entry) => entry?.streamId === streamId)) return ok(known[known.length - 1]!.revision);
    } else {
      const at = expected === 'no_stream' ? -1n : BigInt(expected);
      if (at > current) return conflict();
      if (at < current) {
        const same = events.every((event, index) => stream[Number(at) + 1 + index]?.id === event.id);
        return same ? ok(at + BigInt(events.length)) : conflict();
      }
    }
    for (const event of events) this.write(streamId, event.type, event.data, event.metadata, event.id);
    if (++this.appends % 3 === 0) this.write(`$stats-${this.appends}`, '$statsCollected', { appends: this.appends });
    for (const wake of [...this.wakes]) wake();
    return ok(BigInt((this.streams.get(streamId)?.length ?? 0) - 1));
  }

  private write(streamId: string, type: string, data: unknown, metadata: unknown = {}, id: string = crypto.randomUUID()): void {
    const stream = this.streams.get(streamId) ?? [];
    const bytes = 80 + 2 * streamId.length + JSON.stringify(data).length + JSON.stringify(metadata).length;
    const record = { position: this.end, bytes, streamId, revision: BigInt(stream.length), id, type, data, metadata };
    this.end += BigInt(bytes);
    stream.push(record);
    this.streams.set(streamId, stream);
    this.log.push(record);
    this.remember(record);
  }

  private remember(record: LogRecord): void {
    const bytes = 28 + 24 + 2 * record.streamId.length;
    this.recent.set(record.id, { streamId: record.streamId, revision: record.revision, bytes });
    this.recentBytes += bytes;
    for (const [id, entry] of this.recent) {
      if (this.recentBytes <= RECENT_IDS_BYTES) break;
      this.recent.delete(id);
      this.recentBytes -= entry.bytes;
    }
  }

  /** Persistent subscription groups: how many subscribers each holds, and its limit. */
  private readonly groups = new Map<string, { limit: number; holders: number }>();
  private readonly subscribers = new Set<(error?: Error) => void>();

  private createGroup(stream: string, group: string, settings: { maxSubscriberCount: number | 'unbounded' }): Promise<void> {
    const key = `${stream}::${group}`;
    if (this.groups.has(key)) return Promise.reject(new PersistentSubscriptionExistsError(serviceError()));
    this.groups.set(key, { limit: settings.maxSubscriberCount === 'unbounded' ? Number.POSITIVE_INFINITY : settings.maxSubscriberCount, holders: 0 });
    return Promise.resolve();
  }

  /** A subscriber: confirmed while the group has room (PersistentSubscriptionService), refused otherwise. */
  private subscribeToGroup(stream: string, group: string) {
    const entry = this.groups.get(`${stream}::${group}`);
    const subscriber = new EventEmitter();
    let holding = false;
    setImmediate(() => {
      if (!entry || entry.holders >= entry.limit) {
        subscriber.emit('error', new PersistentSubscriptionMaximumSubscribersReachedError(serviceError()));
        return;
      }
      entry.holders += 1;
      holding = true;
      this.subscribers.add(end);
      subscriber.emit('confirmation');
    });
    const end = (error?: Error) => {
      if (!holding || !entry) return;
      holding = false;
      entry.holders -= 1;
      this.subscribers.delete(end);
      if (error) subscriber.emit('error', error);
      subscriber.emit('close');
    };
    return Object.assign(subscriber, { unsubscribe: async () => end() });
  }

  /** A node restart, or a leader election: every persistent subscriber is dropped. */
  dropPersistentSubscribers(): void {
    for (const end of [...this.subscribers]) end(new Error('persistent subscription dropped: the node restarted'));
  }

  private readAll(opts: { fromPosition?: ReadFrom; maxCount?: number | bigint; direction?: string }) {
    const from = opts.fromPosition ?? (opts.direction === 'backwards' ? 'end' : 'start');
    const count = Number(opts.maxCount ?? Number.MAX_SAFE_INTEGER);
    if (opts.direction === 'backwards') {
      const before = from === 'end' ? this.log.length : this.log.findIndex((record) => from !== 'start' && record.position >= from.prepare);
      const upTo = before < 0 ? this.log.length : before;
      return this.call(this.log.slice(Math.max(0, upTo - count), upTo).reverse().map(resolved));
    }
    let start = 0;
    if (from === 'end') start = this.log.length;
    else if (from !== 'start') {
      start = this.log.findIndex((record) => record.position >= from.prepare);
      if (start < 0) start = this.log.length;
      else if (this.log[start].position !== from.prepare) return this.call([], invalidPosition());
    }
    return this.call(this.log.slice(start, start + count).map(resolved));
  }

  private readStream(streamId: string, opts: { fromRevision?: 'start' | 'end' | bigint; maxCount?: number | bigint; direction?: string }) {
    const stream = this.streams.get(streamId);
    if (!stream) return this.call([], new StreamNotFoundError(undefined as never, streamId));
    const count = Number(opts.maxCount ?? Number.MAX_SAFE_INTEGER);
    const from = opts.fromRevision ?? (opts.direction === 'backwards' ? 'end' : 'start');
    if (opts.direction === 'backwards') {
      const last = from === 'end' ? stream.length - 1 : Math.min(Number(from), stream.length - 1);
      return this.call(stream.slice(Math.max(0, last + 1 - count), last + 1).reverse().map(resolved));
    }
    const first = from === 'start' ? 0 : from === 'end' ? stream.length : Number(from);
    return this.call(stream.slice(first, first + count).map(resolved));
  }

  /** A read call: open from its first pull until its reader takes the last record (or it fits the window). */
  private call<T extends { event: { bytes: number } }>(items: T[], error?: Error) {
    let open = false;
    const close = () => {
      if (!open) return;
      open = false;
      this.openCalls -= 1;
      this.waiting.shift()?.();
    };
    const fits = items.reduce((sum, item) => sum + item.event.bytes, 0) <= WINDOW_BYTES;
    const server = this;
    return {
      async *[Symbol.asyncIterator]() {
        while (server.openCalls >= MAX_OPEN_CALLS) await new Promise<void>((resolve) => server.waiting.push(resolve));
        server.openCalls += 1;
        open = true;
        if (fits || error) close();
        if (error) throw error;
        for (const item of items) yield item;
        close();
      },
      cancel: async () => close(),
    };
  }

  private subscribe(opts: { fromPosition?: ReadFrom; filter?: Filter }) {
    const from = opts.fromPosition ?? 'start';
    let index = from === 'start' ? 0 : from === 'end' ? this.log.length : this.log.findIndex((record) => record.position > from.prepare);
    if (index < 0) index = this.log.length;
    let stopped = false;
    let wake: (() => void) | null = null;
    const server = this;
    const passes = (record: LogRecord): boolean => {
      const filter = opts.filter;
      if (!filter) return true;
      const value = filter.filterOn === 'streamName' ? record.streamId : record.type;
      return filter.prefixes ? filter.prefixes.some((prefix) => value.startsWith(prefix)) : new RegExp(filter.regex ?? '').test(value);
    };
    return {
      async *[Symbol.asyncIterator]() {
        while (!stopped) {
          while (index < server.log.length && !stopped) {
            const record = server.log[index++];
            if (passes(record)) yield resolved(record);
          }
          if (stopped) return;
          await new Promise<void>((resolve) => {
            wake = resolve;
            server.wakes.add(resolve);
          });
          if (wake) server.wakes.delete(wake);
        }
      },
      unsubscribe: async () => {
        stopped = true;
        wake?.();
      },
    };
  }
}

/** A record as the client hands it over (positions on every read, as servers from 22.6 on give them). */
function resolved(record: LogRecord) {
  const position = { commit: record.position, prepare: record.position };
  return {
    event: { streamId: record.streamId, revision: record.revision, id: record.id, type: record.type, data: record.data, metadata: record.metadata, isJson: true, position, bytes: record.bytes },
    commitPosition: record.position,
  };
}
