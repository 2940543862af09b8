import type { Clock } from '@chat/core';
import type { EventStore, IdAllocator } from '@chat/eventstore';
import type { ReadModels } from '@chat/projections';
import type { CommandBus } from './commands/command-bus.js';
import type { Config } from './config.js';
import type { ServerContext } from './server-context.js';

/**
 * The small dependency shapes actions and views declare instead of the whole `ServerContext`: a
 * function's parameter type lists what it touches (the bus, the read models it reads by name, the
 * clock, the id allocator), and a test can hand it just that. `ServerContext` has every one of these
 * fields, so callers still pass the context they hold. See docs/topics/decisions.md.
 */

/** Appends through the one command handler. */
export interface Commands {
  bus: CommandBus;
}

/** Reads the named read models (`Reads<'users' | 'channels'>`). */
export interface Reads<K extends keyof ReadModels> {
  models: Pick<ReadModels, K>;
}

/** Reads streams from the log itself (decisions that keep the revision they read). */
export interface LogReads {
  store: EventStore;
}

export interface Clocked {
  clock: Clock;
}

/** Allocates integer ids (users, channels, messages, …). */
export interface Allocates {
  ids: IdAllocator;
}

export interface Configured {
  config: Config;
}

/** Any other service of the context, by name (`Uses<'push' | 'uploads'>`). */
export type Uses<K extends keyof ServerContext> = Pick<ServerContext, K>;
