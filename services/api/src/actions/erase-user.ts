import {
  checkEraseUser,
  decideEraseUser,
  deletionGroups,
  type ErasureHoldings,
  type ErasureMode,
  groupDeleted,
  type MessagesDeleted,
  type NamingInvitation,
  type QuotingReminder,
  streams,
  type UserState,
} from '@chat/core';
import { releaseKey } from '../commands/claims.js';
import { AS_READ, type Origin, type StreamAppend } from '../commands/command-bus.js';
import type { Commands, LogReads, Reads, Uses } from '../dependencies.js';
import { cancelledReminders, deletionLinks } from './message-deletion-links.js';
import { erasedMessages } from './erased-messages.js';

/** The read models an erasure reads. */
type ErasureReads = Reads<
  'users' | 'messages' | 'channels' | 'subscriptions' | 'attachmentLinks' | 'attachments' | 'reminders' | 'drafts' | 'savedSnippets' | 'scheduledMessages' | 'emailInvitations'
>;
/** What eraseUser uses. */
export type EraseUserDeps = Commands & LogReads & ErasureReads & Uses<'uploads' | 'mailer'>;

export interface ErasureResult {
  /** The messages deleted with the person (when preserving theirs, only the server's notices about them). */
  deleted_message_ids: number[];
  /** Their files deleted (no message kept links them). */
  deleted_attachment_ids: number[];
}

const ascending = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);

/** The message deletions of an erasure, in groups, with the reminders quoting them. */
async function messageDeletions(ctx: EraseUserDeps, userId: number, mode: ErasureMode): Promise<{ events: MessagesDeleted[]; reminders: QuotingReminder[] }> {
  const events: MessagesDeleted[] = [];
  const reminders: QuotingReminder[] = [];
  for (const group of deletionGroups(await erasedMessages(ctx, userId, mode))) {
    const ids = group.map((message) => message.id);
    const holders = (await Promise.all(ids.map((id) => ctx.models.messages.holders(id)))).flat();
    const links = await deletionLinks(ctx, ids);
    events.push(groupDeleted(group, holders, links.attachmentIds, 'erasure'));
    reminders.push(...links.reminders);
  }
  return { events, reminders };
}

/**
 * Other people's reminders quoting a message of the person: the quote the server made names them, so
 * the reminder is cancelled with them even where the message stays.
 */
async function remindersQuoting(ctx: EraseUserDeps, userId: number): Promise<QuotingReminder[]> {
  const others = (await ctx.models.reminders.all()).filter((reminder) => reminder.creator_id !== userId);
  const senders = new Map((await ctx.models.messages.getMany(ascending(others.map((reminder) => reminder.message_id)))).map((message) => [message.id, message.sender_id]));
  return others.filter((reminder) => senders.get(reminder.message_id) === userId).map(({ reminder_id, creator_id }) => ({ reminder_id, creator_id }));
}

/** The email invitations that named the person's address (the one they accepted among them). */
async function namingInvitations(ctx: EraseUserDeps, target: UserState): Promise<NamingInvitation[]> {
  const all = await ctx.models.emailInvitations.all();
  return all
    .filter((invitation) => invitation.accepted_by === target.user_id || invitation.email === target.email)
    .map((invitation) => ({ invite_id: invitation.id, pending: invitation.accepted_by === null && !invitation.revoked }))
    .sort((a, b) => a.invite_id - b.invite_id);
}

/** What the person holds, apart from what the message deletions take. */
async function holdingsOf(ctx: EraseUserDeps, target: UserState, deletedMessageIds: ReadonlySet<number>, quoting: ReadonlySet<number>): Promise<ErasureHoldings> {
  const userId = target.user_id;
  const models = ctx.models;
  const files = await models.attachments.findMany('owner_id', userId);
  return {
    channelIds: ascending((await models.subscriptions.findMany('user_id', userId)).filter((sub) => sub.active).map((sub) => sub.channel_id)),
    draftIds: ascending((await models.drafts.findMany('user_id', userId)).map((draft) => draft.draft_id)),
    snippetIds: ascending((await models.savedSnippets.findMany('user_id', userId)).map((snippet) => snippet.saved_snippet_id)),
    scheduledMessageIds: ascending((await models.scheduledMessages.findMany('sender_id', userId)).map((scheduled) => scheduled.scheduled_message_id)),
    reminderIds: ascending((await models.reminders.findMany('creator_id', userId)).map((reminder) => reminder.reminder_id).filter((id) => !quoting.has(id))),
    attachments: files.filter((file) => file.messages.every((message) => deletedMessageIds.has(message.id))).sort((a, b) => a.id - b.id),
    invitations: await namingInvitations(ctx, target),
  };
}

/**
 * POST /erasure/users/{user_id} and `npm run events -- erase-user`: an owner erases a deactivated person
 * (docs/topics/forgetting.md). One command: their subscriptions removed, their messages deleted (mode
 * with_messages) with the reminders quoting them, their personal items and unlinked files deleted,
 * pending invitations to their address revoked, their address released for a new account, and
 * `UserErased` last; the forgetting projection then destroys their key. The files' bytes and the mail
 * still waiting for them go once it is committed.
 */
export async function eraseUser(ctx: EraseUserDeps, origin: Origin, actor: UserState, userId: number, mode: ErasureMode): Promise<ErasureResult> {
  const erased = await ctx.bus.run(origin, async () => {
    const target = checkEraseUser((await ctx.models.users.get(actor.user_id)) ?? actor, await ctx.models.users.get(userId), userId);
    const deletions = await messageDeletions(ctx, userId, mode);
    const deletedIds = new Set(deletions.events.flatMap((event) => event.data.message_ids));
    const quotingKept = (await remindersQuoting(ctx, userId)).filter((reminder) => !deletions.reminders.some((each) => each.reminder_id === reminder.reminder_id));
    deletions.reminders.push(...quotingKept);
    const quoting = new Set(deletions.reminders.map((reminder) => reminder.reminder_id));
    const holdings = await holdingsOf(ctx, target, deletedIds, quoting);
    const appends: StreamAppend[] = [
      ...deletions.events.map((event): StreamAppend => ({ stream: streams.message(Math.max(...event.data.message_ids)), expected: AS_READ, events: [event] })),
      ...cancelledReminders(deletions.reminders),
      await releaseKey(ctx.store, 'email', target.email, userId),
      ...decideEraseUser(target, mode, holdings).map((append): StreamAppend => ({ ...append, expected: AS_READ })),
    ];
    const result = { deleted_message_ids: ascending(deletedIds), deleted_attachment_ids: holdings.attachments.map((file) => file.id) };
    return { appends, result: { result, paths: holdings.attachments.map((file) => file.path_id), email: target.email } };
  });
  for (const path of erased.paths) await ctx.uploads.delete(path);
  await ctx.mailer.forget?.(erased.email);
  return erased.result;
}
