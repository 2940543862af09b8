export * from './subjects.js';
export * from './sealed-box.js';
export * from './key-ring.js';
export * from './key-store.js';
export { SqliteKeyStore } from './sqlite/sqlite-key-store.js';
export { MemoryKeyStore } from './memory/memory-key-store.js';
export * from './subject-keys.js';
export * from './key-ring-source.js';
export * from './key-location.js';
