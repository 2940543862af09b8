import { type EventStore, EventSchemaRegistry } from '@chat/eventstore';
import { openReadModels, ProjectionRunner, type ReadModels } from '@chat/projections';
import { allProjections } from '../../services/api/src/features/all-features.js';
import { MemoryReadStore } from '@chat/readstore';
import { CommandBus } from '../../services/api/src/commands/command-bus.js';
import { HeldFeed } from './held-feed.js';
import type { TestServer } from './test-server.js';

/**
 * A second API process over the server's log: its own read models and command bus, fed by a
 * subscription that can be held back (`lag()`), as a process whose read models fall behind.
 */
export class LaggingProcess {
  readonly models: ReadModels;
  readonly bus: CommandBus;
  readonly runner: ProjectionRunner;
  private readonly feed: HeldFeed;

  private constructor(readonly store: EventStore, server: TestServer) {
    const readStore = new MemoryReadStore();
    this.models = openReadModels(readStore);
    this.feed = new HeldFeed(store);
    this.runner = new ProjectionRunner(this.feed.store, allProjections(this.models), readStore.checkpoints);
    this.bus = new CommandBus(store, this.runner, server.clock, new EventSchemaRegistry());
  }

  static async start(server: TestServer): Promise<LaggingProcess> {
    const process = new LaggingProcess(server.ctx.store, server);
    await process.runner.start();
    return process;
  }

  /** From now on its read models see nothing new until `catchUp()`. */
  lag(): void {
    this.feed.lag();
  }

  catchUp(): void {
    this.feed.catchUp();
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }
}
