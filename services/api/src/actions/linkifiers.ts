import {
  decideAddLinkifier,
  decideRemoveLinkifier,
  decideReorderLinkifiers,
  decideUpdateLinkifier,
  type DomainEvent,
  evolveLinkifiers,
  LINKIFIER_EVENT_TYPES,
  type LinkifierContext,
  type LinkifierInput,
  type LinkifierState,
  streams,
  type UserState,
} from '@chat/core';
import { linkifierPatternGroups } from '@chat/markdown';
import type { Origin } from '../commands/command-bus.js';
import { foldedStream } from '../commands/folded-stream.js';
import type { Allocates, Commands, LogReads } from '../dependencies.js';

/** What changeLinkifiers uses. */
type ChangeLinkifiersDeps = Commands & LogReads;

/** Decides on the linkifiers as their stream tells them, and appends with the revision read. */
function changeLinkifiers<R>(ctx: ChangeLinkifiersDeps, origin: Origin, actor: UserState, decide: (lc: LinkifierContext) => { events: DomainEvent[]; result: R }): Promise<R> {
  const stream = streams.linkifiers();
  return ctx.bus.run(origin, async () => {
    const { state, expected } = await foldedStream(ctx.store, stream, LINKIFIER_EVENT_TYPES, [] as LinkifierState[], evolveLinkifiers);
    const { events, result } = decide({ actor, linkifiers: state, patternGroups: linkifierPatternGroups });
    return { appends: [{ stream, expected, events }], result };
  });
}

/** POST /realm/filters: answers the new linkifier's id. */
export async function addLinkifier(ctx: Commands & Allocates & LogReads, origin: Origin, actor: UserState, input: LinkifierInput): Promise<number> {
  const id = await ctx.ids.next('linkifier');
  return changeLinkifiers(ctx, origin, actor, (lc) => ({ events: decideAddLinkifier(lc, id, input), result: id }));
}

/** PATCH /realm/filters/{filter_id} */
export const updateLinkifier = (ctx: ChangeLinkifiersDeps, origin: Origin, actor: UserState, id: number, input: LinkifierInput): Promise<void> =>
  changeLinkifiers(ctx, origin, actor, (lc) => ({ events: decideUpdateLinkifier(lc, id, input), result: undefined }));

/** DELETE /realm/filters/{filter_id} */
export const removeLinkifier = (ctx: ChangeLinkifiersDeps, origin: Origin, actor: UserState, id: number): Promise<void> =>
  changeLinkifiers(ctx, origin, actor, (lc) => ({ events: decideRemoveLinkifier(lc, id), result: undefined }));

/** PATCH /realm/linkifiers */
export const reorderLinkifiers = (ctx: ChangeLinkifiersDeps, origin: Origin, actor: UserState, order: number[] | undefined): Promise<void> =>
  changeLinkifiers(ctx, origin, actor, (lc) => ({ events: decideReorderLinkifiers(lc, order), result: undefined }));
