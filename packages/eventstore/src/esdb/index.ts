// `@chat/eventstore/esdb`: the EventStoreDB adapter, apart from the package's index so that a server on
// the embedded log never loads its client library (see docs/topics/benchmark.md, start-up).
export { EsdbEventStore, type EsdbEventStoreOptions } from './esdb-event-store.js';
export { EsdbIdAllocator, type EsdbIdAllocatorOptions, type ReservationLog } from './esdb-id-allocator.js';
export { EsdbWriterLease } from './esdb-writer-lease.js';
