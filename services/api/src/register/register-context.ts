import type { UserState } from '@chat/core';
import type { Capabilities } from '@chat/realtime';
import type { ChannelQuery } from '../queries/channel-query.js';
import type { ReadModels } from '@chat/projections';
import type { Clocked, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/**
 * What register offers, made from the features (services/api/src/features): the sections by the
 * client event type that keeps each current, other names clients give them, and every event type a
 * queue may ask for (the sections' and those without a section).
 */
export interface RegisterSetup {
  sections: ReadonlyMap<string, SectionBuilder>;
  aliases: ReadonlyMap<string, string>;
  eventTypes: ReadonlySet<string>;
}

/** What register reads: the whole state a client starts from, the queues, and the log's head. */
export type RegisterDeps = Clocked &
  Configured &
  LogReads &
  Reads<keyof ReadModels> &
  Uses<'apiKeys' | 'log' | 'organization' | 'presence' | 'queues' | 'readStore' | 'runner'> & { registerSetup: RegisterSetup };

/** What every register section builder gets: the server, the viewer, and the client's choices. */
export interface RegisterContext {
  ctx: RegisterDeps;
  viewer: UserState;
  capabilities: Capabilities;
  applyMarkdown: boolean;
  clientGravatar: boolean;
  includeSubscribers: 'true' | 'false' | 'partial';
  /** Presence in the modern format (slim_presence, or the simplified_presence_events capability). */
  slimPresence: boolean;
  presenceHistoryLimitDays: number;
  /** The viewer's channels, read once per register however many sections need them. */
  channels: () => Promise<ChannelQuery>;
  /** The section names asked for (aliases resolved), or null for all of them. */
  fetchTypes: readonly string[] | null;
  /** Whether the initial state of this event type was asked for (a section may need two types). */
  wants: (type: string) => boolean;
  /**
   * Lets other requests run when the current slice is used up. Sections are built while no event is
   * applied (see queue-start.ts); pausing keeps that (events wait, the snapshot stays exact) but lets
   * requests that apply none (a GET, a long poll's answer) run meanwhile.
   */
  pause: () => Promise<void>;
}

/** Builds one part of the initial state; keyed by the event type whose events keep it current. */
export type SectionBuilder = (rc: RegisterContext) => Promise<Record<string, unknown>>;
