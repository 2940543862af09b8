import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { pino, type Logger } from 'pino';
import { type Clock, systemClock } from '@chat/core';
import { EventSchemaRegistry, type EventStore, type IdAllocator, LogIdAllocator, SqliteEventStore, ValidatingEventStore } from '@chat/eventstore';
import { allProjections, openReadModels, ProjectionRunner } from '@chat/projections';
import { MemoryReadStore, type ReadStore } from '@chat/readstore';
import { CommandBus } from './commands/command-bus.js';
import { type Config, ConfigError } from './config.js';
import { type Mailer, OutboxMailer } from './mail/mailer.js';
import { ApiKeys } from './secrets/api-keys.js';
import { Passwords } from './secrets/passwords.js';
import { loadServerSecret } from './secrets/server-secret.js';
import type { ServerContext } from './server-context.js';

export interface Overrides {
  clock?: Clock;
  mailer?: Mailer;
  log?: Logger;
}

/** Infrastructure first, then read models and their projections, then the command side. */
export async function composeServer(config: Config, overrides: Overrides = {}): Promise<ServerContext> {
  mkdirSync(config.dataDir, { recursive: true });
  const log = overrides.log ?? pino({ level: process.env.LOG_LEVEL ?? 'info' });
  const clock = overrides.clock ?? systemClock;
  const registry = new EventSchemaRegistry();
  const raw = await openEventStore(config);
  const store = new ValidatingEventStore(raw, registry);
  const readStore = await openReadStore(config);
  const models = openReadModels(readStore);
  const runner = new ProjectionRunner(store, allProjections(models), readStore.checkpoints, {
    onError: (error) => log.fatal({ err: error }, 'projection failed; read models are stale'),
  });
  const ids: IdAllocator = new LogIdAllocator(store);
  await runner.start();
  return {
    config,
    clock,
    log,
    store,
    registry,
    ids,
    readStore,
    models,
    runner,
    bus: new CommandBus(store, runner, clock, registry),
    apiKeys: new ApiKeys(loadServerSecret(config.dataDir)),
    passwords: new Passwords(config.scryptCost),
    mailer: overrides.mailer ?? new OutboxMailer(join(config.dataDir, 'outbox')),
  };
}

async function openEventStore(config: Config): Promise<EventStore> {
  if (config.eventStore === 'sqlite') return new SqliteEventStore(join(config.dataDir, 'events.sqlite3'));
  throw new ConfigError('EVENT_STORE=esdb is not wired yet');
}

async function openReadStore(config: Config): Promise<ReadStore> {
  if (config.readStore === 'memory') return new MemoryReadStore();
  throw new ConfigError('READ_STORE=mongodb is not wired yet');
}

export async function closeContext(ctx: ServerContext): Promise<void> {
  await ctx.runner.stop();
  await ctx.ids.close();
  await ctx.store.close();
  await ctx.readStore.close();
}
