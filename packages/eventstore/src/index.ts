export * from './event-store.js';
export * from './schema-registry.js';
export * from './validating-event-store.js';
export { SqliteEventStore } from './sqlite/sqlite-event-store.js';
export { type ChainedRow, chainHash, GENESIS_HASH } from './sqlite/chain-hash.js';
export type { IdAllocator } from './ids/id-allocator.js';
export { LogIdAllocator } from './ids/log-id-allocator.js';
export { EsdbEventStore, type EsdbEventStoreOptions } from './esdb/esdb-event-store.js';
export { EsdbIdAllocator, type EsdbIdAllocatorOptions, type ReservationLog } from './esdb/esdb-id-allocator.js';
