import { expect } from 'chai';
import { openReadModels, ProjectionRunner, type ReadModels } from '@chat/projections';
import { allProjections } from '../../services/api/src/features/all-features.js';
import { MemoryReadStore } from '@chat/readstore';
import type { TestServer } from './test-server.js';

/** A fresh memory store, rebuilt by a fresh runner from position 0 of the server's log up to its head. */
export async function rebuiltModels(server: TestServer): Promise<ReadModels> {
  const store = new MemoryReadStore();
  const models = openReadModels(store);
  const runner = new ProjectionRunner(server.ctx.store, allProjections(models), store.checkpoints);
  await runner.start();
  await runner.stop();
  expect(runner.position).to.equal(await server.ctx.store.headPosition());
  return models;
}
