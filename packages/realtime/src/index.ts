export * from './client-event.js';
export * from './event-queue.js';
export * from './queue-persistence.js';
export * from './queue-registry.js';
export * from './user-feed.js';
