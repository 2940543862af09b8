import type { StoredEvent } from '@chat/core';
import type { EventListener, EventStore } from '@chat/eventstore';
import { EventSchemaRegistry } from '@chat/eventstore';
import { allProjections, openReadModels, ProjectionRunner, type ReadModels } from '@chat/projections';
import { MemoryReadStore } from '@chat/readstore';
import { CommandBus } from '../../services/api/src/commands/command-bus.js';
import type { TestServer } from './test-server.js';

/**
 * A second API process over the server's log: its own read models and command bus, fed by a
 * subscription that can be held back (`lag()`), as a process whose read models fall behind.
 */
export class LaggingProcess {
  readonly models: ReadModels;
  readonly bus: CommandBus;
  readonly runner: ProjectionRunner;
  private held: StoredEvent[] | null = null;
  private listener: EventListener | null = null;

  private constructor(readonly store: EventStore, server: TestServer) {
    const readStore = new MemoryReadStore();
    this.models = openReadModels(readStore);
    const feed: EventStore = Object.create(store, {
      subscribe: {
        value: (from: number, listener: EventListener) => {
          this.listener = listener;
          return store.subscribe(from, (events) => (this.held ? this.held.push(...events) : listener(events)));
        },
      },
    });
    this.runner = new ProjectionRunner(feed, allProjections(this.models), readStore.checkpoints);
    this.bus = new CommandBus(store, this.runner, server.clock, new EventSchemaRegistry());
  }

  static async start(server: TestServer): Promise<LaggingProcess> {
    const process = new LaggingProcess(server.ctx.store, server);
    await process.runner.start();
    return process;
  }

  /** From now on its read models see nothing new until `catchUp()`. */
  lag(): void {
    this.held ??= [];
  }

  catchUp(): void {
    const held = this.held ?? [];
    this.held = null;
    if (held.length > 0) this.listener?.(held);
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }
}
