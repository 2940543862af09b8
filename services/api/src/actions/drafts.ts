import {
  decideCreateDrafts,
  decideDeleteDraft,
  decideEditDraft,
  discardDrafts,
  DRAFT_EVENT_TYPES,
  type DraftContext,
  type DraftInput,
  type DraftState,
  type DomainEvent,
  foldDraft,
  streams,
  type UserState,
} from '@chat/core';
import { AS_READ, type Origin, type StreamAppend } from '../commands/command-bus.js';
import { streamHistory } from '../commands/stream-history.js';
import { ChannelQuery } from '../queries/channel-query.js';
import type { Allocates, Clocked, Commands, LogReads, Reads, Uses } from '../dependencies.js';

/** What createDrafts uses. */
type CreateDraftsDeps = Commands & Clocked & Allocates & Reads<'subscriptions'> & Uses<'organization'>;
/** What editDraft uses. */
type EditDraftDeps = Commands & Clocked & LogReads & Reads<'subscriptions'> & Uses<'organization'>;

/** What the draft rules read: the user's setting, and the channels and users a draft may address. */
async function draftContext(ctx: Clocked & Reads<'subscriptions'> & Uses<'organization'>, user: UserState): Promise<DraftContext> {
  const channels = await ChannelQuery.open(ctx, user);
  return {
    user_id: user.user_id,
    syncEnabled: user.settings.enable_drafts_synchronization,
    now: Math.floor(ctx.clock.now() / 1000),
    channelExists: (channelId) => channels.visible(channelId) !== undefined,
    userExists: (userId) => channels.world.users.get(userId)?.is_active === true,
  };
}

/** POST /drafts: answers the new drafts' ids, in the order given. */
export async function createDrafts(ctx: CreateDraftsDeps, origin: Origin, user: UserState, drafts: readonly DraftInput[]): Promise<number[]> {
  const context = await draftContext(ctx, user);
  // Checked before ids are taken, so a refused request uses none.
  decideCreateDrafts(context, drafts, drafts.map(() => 0));
  const ids: number[] = [];
  for (const _ of drafts) ids.push(await ctx.ids.next('draft'));
  const events = decideCreateDrafts(context, drafts, ids);
  const appends: StreamAppend[] = events.map((event) => ({ stream: streams.draft(event.data.draft_id), expected: 'no_stream', events: [event] }));
  await ctx.bus.run(origin, async () => ({ appends, result: undefined }));
  return ids;
}

async function draftFromLog(ctx: LogReads, draftId: number) {
  const { events, expected } = await streamHistory(ctx.store, streams.draft(draftId), DRAFT_EVENT_TYPES);
  return { state: foldDraft(events), expected };
}

/** PATCH /drafts/{draft_id} */
export async function editDraft(ctx: EditDraftDeps, origin: Origin, user: UserState, draftId: number, draft: DraftInput): Promise<void> {
  const context = await draftContext(ctx, user);
  await ctx.bus.run(origin, async () => {
    const { state, expected } = await draftFromLog(ctx, draftId);
    return { appends: [{ stream: streams.draft(draftId), expected, events: decideEditDraft(context, state, draft) }], result: undefined };
  });
}

/** DELETE /drafts/{draft_id} */
export async function deleteDraft(ctx: Commands & LogReads, origin: Origin, userId: number, draftId: number): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const { state, expected } = await draftFromLog(ctx, draftId);
    return { appends: [{ stream: streams.draft(draftId), expected, events: decideDeleteDraft(state, userId) }], result: undefined };
  });
}

/** The user's drafts, oldest edit first; none while synchronization is off. */
export async function userDrafts(ctx: Reads<'drafts'>, user: UserState): Promise<DraftState[]> {
  if (!user.settings.enable_drafts_synchronization) return [];
  const rows = await ctx.models.drafts.findMany('user_id', user.user_id);
  return rows.sort((a, b) => a.timestamp - b.timestamp || a.draft_id - b.draft_id);
}

/** Turning draft synchronization off drops the user's drafts from the server: one append per draft. */
export async function draftDiscards(ctx: Reads<'drafts'>, userId: number, events: readonly DomainEvent[]): Promise<StreamAppend[]> {
  const turnedOff = events.some((event) => event.type === 'UserSettingsChanged' && event.data.changes.enable_drafts_synchronization === false);
  if (!turnedOff) return [];
  const drafts = await ctx.models.drafts.findMany('user_id', userId);
  const appends: StreamAppend[] = [];
  for (const { draft_id } of drafts.sort((a, b) => a.draft_id - b.draft_id)) {
    appends.push({ stream: streams.draft(draft_id), expected: AS_READ, events: discardDrafts(userId, [draft_id]) });
  }
  return appends;
}
