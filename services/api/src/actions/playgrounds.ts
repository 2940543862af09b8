import {
  decideAddPlayground,
  decideRemovePlayground,
  type DomainEvent,
  evolvePlaygrounds,
  PLAYGROUND_EVENT_TYPES,
  type PlaygroundContext,
  type PlaygroundInput,
  type PlaygroundState,
  streams,
  type UserState,
} from '@chat/core';
import type { Origin } from '../commands/command-bus.js';
import { foldedStream } from '../commands/folded-stream.js';
import type { Allocates, Commands, LogReads } from '../dependencies.js';

/** Decides on the playgrounds as their stream tells them, and appends with the revision read. */
function changePlaygrounds(ctx: Commands & LogReads, origin: Origin, actor: UserState, decide: (pc: PlaygroundContext) => DomainEvent[]): Promise<void> {
  const stream = streams.playgrounds();
  return ctx.bus.run(origin, async () => {
    const { state, expected } = await foldedStream(ctx.store, stream, PLAYGROUND_EVENT_TYPES, [] as PlaygroundState[], evolvePlaygrounds);
    return { appends: [{ stream, expected, events: decide({ actor, playgrounds: state }) }], result: undefined };
  });
}

/** POST /realm/playgrounds: answers the new playground's id. */
export async function addPlayground(ctx: Commands & Allocates & LogReads, origin: Origin, actor: UserState, input: PlaygroundInput): Promise<number> {
  const id = await ctx.ids.next('playground');
  await changePlaygrounds(ctx, origin, actor, (pc) => decideAddPlayground(pc, id, input));
  return id;
}

/** DELETE /realm/playgrounds/{playground_id} */
export const removePlayground = (ctx: Commands & LogReads, origin: Origin, actor: UserState, id: number): Promise<void> =>
  changePlaygrounds(ctx, origin, actor, (pc) => decideRemovePlayground(pc, id));
