import { WrongExpectedRevision } from '@chat/eventstore';
import type { TestServer } from './test-server.js';

/** Counts the appends of the server's store refused for a stale expected revision, from now on. */
export function countRevisionConflicts(server: TestServer): () => number {
  const store = server.ctx.store;
  const appendStreams = store.appendStreams.bind(store);
  let conflicts = 0;
  store.appendStreams = async (...args) => {
    try {
      return await appendStreams(...args);
    } catch (error) {
      if (error instanceof WrongExpectedRevision) conflicts += 1;
      throw error;
    }
  };
  return () => conflicts;
}
