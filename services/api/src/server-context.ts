import type { Clock } from '@chat/core';
import type { EventSchemaRegistry, EventStore, IdAllocator } from '@chat/eventstore';
import type { ProjectionRunner, ReadModels } from '@chat/projections';
import type { ReadStore } from '@chat/readstore';
import type { PresenceStore, QueueRegistry } from '@chat/realtime';
import type { Logger } from 'pino';
import type { CommandBus } from './commands/command-bus.js';
import type { Config } from './config.js';
import type { Mailer } from './mail/mailer.js';
import type { ApiKeys } from './secrets/api-keys.js';
import type { Passwords } from './secrets/passwords.js';

/** Everything actions and views depend on, wired once at start-up (see compose.ts). */
export interface ServerContext {
  config: Config;
  clock: Clock;
  log: Logger;
  store: EventStore;
  registry: EventSchemaRegistry;
  ids: IdAllocator;
  readStore: ReadStore;
  models: ReadModels;
  runner: ProjectionRunner;
  bus: CommandBus;
  apiKeys: ApiKeys;
  passwords: Passwords;
  mailer: Mailer;
  queues: QueueRegistry;
  presence: PresenceStore;
}
