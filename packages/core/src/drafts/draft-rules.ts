import { ApiError, badRequest } from '../errors.js';
import type { DraftContent, DraftCreated, DraftDeleted, DraftEdited, DraftEvent } from '../events/draft-events.js';

/** A draft as its stream tells it; undefined once deleted. */
export type DraftState = DraftCreated['data'];

export const DRAFT_EVENT_TYPES = ['DraftCreated', 'DraftEdited', 'DraftDeleted'] as const satisfies readonly DraftEvent['type'][];

export function evolveDraft(state: DraftState | undefined, event: DraftEvent): DraftState | undefined {
  switch (event.type) {
    case 'DraftCreated':
      return { ...event.data };
    case 'DraftEdited':
      return state && { ...event.data };
    case 'DraftDeleted':
      return undefined;
  }
}

export const foldDraft = (events: readonly DraftEvent[]): DraftState | undefined => events.reduce<DraftState | undefined>(evolveDraft, undefined);

/** What a client sends for a draft; `timestamp` is filled from the clock when missing. */
export type DraftInput = Omit<DraftContent, 'timestamp'> & { timestamp?: number };

/** What the draft rules read besides the request. */
export interface DraftContext {
  user_id: number;
  /** The user's `enable_drafts_synchronization` setting. */
  syncEnabled: boolean;
  /** UNIX seconds. */
  now: number;
  channelExists: (channelId: number) => boolean;
  userExists: (userId: number) => boolean;
}

const noSync = (): ApiError => badRequest('User has disabled synchronizing drafts.');
const notFound = (): ApiError => new ApiError('BAD_REQUEST', 404, 'Draft does not exist');

/** A draft as stored: addressed as its type says, and without null bytes, which no draft may hold. */
function checkDraft(ctx: DraftContext, draft: DraftInput): DraftContent {
  if (draft.content.includes('\0') || draft.topic.includes('\0')) throw badRequest("Invalid 'drafts': content and topic may not contain null bytes.");
  const timestamp = draft.timestamp ?? ctx.now;
  if (draft.type === '') return { type: '', to: [], topic: '', content: draft.content, timestamp };
  if (draft.type === 'stream') {
    if (draft.to.length !== 1) throw badRequest('Must specify exactly 1 channel ID for channel messages');
    if (!ctx.channelExists(draft.to[0])) throw badRequest(`Invalid channel ID ${draft.to[0]}`);
    return { type: 'stream', to: [...draft.to], topic: draft.topic, content: draft.content, timestamp };
  }
  const to = [...new Set(draft.to)].sort((a, b) => a - b);
  for (const id of to) if (!ctx.userExists(id)) throw badRequest(`Invalid user ID ${id}`);
  return { type: 'private', to, topic: '', content: draft.content, timestamp };
}

/** POST /drafts: each draft gets the next id; all are checked before any is saved. */
export function decideCreateDrafts(ctx: DraftContext, drafts: readonly DraftInput[], ids: readonly number[]): DraftCreated[] {
  if (!ctx.syncEnabled) throw noSync();
  const checked = drafts.map((draft) => checkDraft(ctx, draft));
  return checked.map((draft, index) => ({ type: 'DraftCreated', data: { ...draft, draft_id: ids[index], user_id: ctx.user_id } }));
}

/** The caller's own draft (someone else's is as unknown as a missing one). */
function ownDraft(state: DraftState | undefined, userId: number): DraftState {
  if (!state || state.user_id !== userId) throw notFound();
  return state;
}

/** PATCH /drafts/{draft_id}: the draft is replaced as a whole. */
export function decideEditDraft(ctx: DraftContext, state: DraftState | undefined, draft: DraftInput): DraftEdited[] {
  if (!ctx.syncEnabled) throw noSync();
  const { draft_id, user_id } = ownDraft(state, ctx.user_id);
  return [{ type: 'DraftEdited', data: { ...checkDraft(ctx, draft), draft_id, user_id } }];
}

/** DELETE /drafts/{draft_id} */
export function decideDeleteDraft(state: DraftState | undefined, userId: number): DraftDeleted[] {
  const { draft_id, user_id } = ownDraft(state, userId);
  return [{ type: 'DraftDeleted', data: { draft_id, user_id, discarded: false } }];
}

/** Draft synchronization turned off: the server forgets the user's drafts, without telling their clients. */
export const discardDrafts = (userId: number, draftIds: readonly number[]): DraftDeleted[] =>
  draftIds.map((draft_id) => ({ type: 'DraftDeleted', data: { draft_id, user_id: userId, discarded: true } }));
