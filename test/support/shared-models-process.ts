import { clientEventsProjection, ProjectionRunner } from '@chat/projections';
import { MemoryReadStore, type ReadStore } from '@chat/readstore';
import { QueueRegistry } from '@chat/realtime';
import type { ServerContext } from '../../services/api/src/server-context.js';
import { allFanouts } from '../../services/api/src/features/all-features.js';
import { HeldFeed } from './held-feed.js';
import type { TestServer } from './test-server.js';

/**
 * A second API process sharing the server's read models and feeds (as with MongoDB): its runner only
 * fans out (the server's runner writes the shared models), fed by a subscription that can be held
 * back (`lag()`), so the shared models hold events this process has not applied yet. `context(shared)`
 * is its ServerContext, saying whether its read models count as shared.
 */
export class SharedModelsProcess {
  readonly runner: ProjectionRunner;
  readonly queues: QueueRegistry;
  private readonly feed: HeldFeed;

  private constructor(private readonly server: TestServer) {
    const { store, models, config } = server.ctx;
    this.queues = new QueueRegistry(server.clock, { idleMs: config.queueIdleMs, heartbeatMs: config.heartbeatMs }, server.ctx.queues.stores);
    this.feed = new HeldFeed(store);
    const fanout = clientEventsProjection(models, this.queues, {
      realmHost: () => new URL(config.externalUrl).hostname,
      externalUrl: () => config.externalUrl,
      allPublicStreamsQueues: () => this.queues.allPublicStreamsQueues(),
    }, allFanouts);
    this.runner = new ProjectionRunner(this.feed.store, [fanout], new MemoryReadStore().checkpoints);
  }

  static async start(server: TestServer): Promise<SharedModelsProcess> {
    const process = new SharedModelsProcess(server);
    await process.runner.start();
    return process;
  }

  context(sharedReadModels: boolean): ServerContext {
    const readStore: ReadStore = Object.create(this.server.ctx.readStore, { shared: { value: sharedReadModels } });
    return { ...this.server.ctx, runner: this.runner, queues: this.queues, readStore };
  }

  /** From now on it applies nothing new until `catchUp()`. */
  lag(): void {
    this.feed.lag();
  }

  catchUp(): void {
    this.feed.catchUp();
  }

  async stop(): Promise<void> {
    await this.runner.stop();
    this.queues.close();
  }
}
