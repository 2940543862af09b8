import { WrongExpectedRevision } from '@chat/eventstore';
import type { TestServer } from './test-server.js';

/** Counts the appends of the server's store refused for a stale expected revision, from now on. */
export function countRevisionConflicts(server: TestServer): () => number {
  const store = server.ctx.store;
  const append = store.append.bind(store);
  let conflicts = 0;
  store.append = async (...args) => {
    try {
      return await append(...args);
    } catch (error) {
      if (error instanceof WrongExpectedRevision) conflicts += 1;
      throw error;
    }
  };
  return () => conflicts;
}
