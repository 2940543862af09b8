export * from './read-store.js';
export { MemoryCollection } from './memory/memory-collection.js';
export { MemoryReadStore } from './memory/memory-read-store.js';
export { MongoReadStore } from './mongodb/mongo-read-store.js';
export * from './messages/message-store.js';
export { matchesPredicate } from './messages/message-predicate.js';
export { MemoryMessageStore } from './memory/messages/memory-message-store.js';
export type { BodySource, MessageBody } from './memory/messages/message-bodies.js';
