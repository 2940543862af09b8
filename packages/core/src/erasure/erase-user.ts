import { badRequest, ownerRequired } from '../errors.js';
import type { DomainEvent } from '../events/index.js';
import type { ErasureMode, UserErased } from '../events/erasure-events.js';
import { Role } from '../roles.js';
import { streams } from '../streams.js';
import type { AttachmentState } from '../uploads/attachment-state.js';
import { decideEraseAttachment } from '../uploads/attachment-decisions.js';
import { isSystemBot } from '../users/system-bots.js';
import type { UserState } from '../users/user-state.js';

export const ERASURE_MODES: readonly ErasureMode[] = ['with_messages', 'preserving_messages'];

/** The account an owner may erase: a deactivated person not erased yet. */
export function checkEraseUser(actor: UserState, target: UserState | undefined, userId: number): UserState {
  if (actor.role !== Role.Owner) throw ownerRequired('Must be an organization owner to erase a user');
  if (!target || isSystemBot(target)) throw badRequest(`No such user: 'user_id' ${userId} names no account`);
  if (target.is_bot) throw badRequest(`Invalid 'user_id': ${userId} is a bot; erasure is for people (deactivate the bot instead)`);
  if (target.erased) throw badRequest(`Invalid 'user_id': user ${userId} has already been erased`);
  if (target.is_active) throw badRequest(`Invalid 'user_id': user ${userId} is active; deactivate them before erasing them`);
  return target;
}

/**
 * Nothing is recorded about an erased person any more: it would be sealed under the key that is gone
 * (a rename, new profile values, a status, a reactivation that would need a new password).
 */
export function checkNotErased(target: UserState): void {
  if (target.erased) throw badRequest(`User ${target.user_id} has been erased: nothing of them can be changed`);
}

/** An email invitation that named the person's address: forgotten with them; a pending one is revoked. */
export interface NamingInvitation {
  invite_id: number;
  pending: boolean;
}

/** What the person holds that goes with them, as the read models list it (each list ascending). */
export interface ErasureHoldings {
  /** Channels they are still subscribed to. */
  channelIds: readonly number[];
  draftIds: readonly number[];
  snippetIds: readonly number[];
  scheduledMessageIds: readonly number[];
  reminderIds: readonly number[];
  /** Their files that no message kept after the erasure links. */
  attachments: readonly AttachmentState[];
  invitations: readonly NamingInvitation[];
}

/** One stream's events of an erasure. */
export interface ErasureAppend {
  stream: string;
  events: DomainEvent[];
}

/**
 * The erasure's facts besides its message deletions: unsubscribed (their subscriptions' settings go
 * too), their drafts, snippets, scheduled messages, reminders and unlinked files deleted, pending
 * invitations to their address revoked; `UserErased` last, so every other projection has applied what
 * came before when their key goes.
 */
export function decideEraseUser(target: UserState, mode: ErasureMode, holdings: ErasureHoldings): ErasureAppend[] {
  const user_id = target.user_id;
  const appends: ErasureAppend[] = [];
  for (const channel_id of holdings.channelIds) appends.push({ stream: streams.channel(channel_id), events: [{ type: 'SubscriptionRemoved', data: { channel_id, user_ids: [user_id] } }] });
  for (const draft_id of holdings.draftIds) appends.push({ stream: streams.draft(draft_id), events: [{ type: 'DraftDeleted', data: { draft_id, user_id, discarded: true } }] });
  for (const saved_snippet_id of holdings.snippetIds) appends.push({ stream: streams.savedSnippet(saved_snippet_id), events: [{ type: 'SavedSnippetDeleted', data: { saved_snippet_id, user_id } }] });
  for (const scheduled_message_id of holdings.scheduledMessageIds) {
    appends.push({ stream: streams.scheduledMessage(scheduled_message_id), events: [{ type: 'ScheduledMessageDeleted', data: { scheduled_message_id, sender_id: user_id } }] });
  }
  for (const reminder_id of holdings.reminderIds) appends.push({ stream: streams.reminder(reminder_id), events: [{ type: 'ReminderDeleted', data: { reminder_id, creator_id: user_id } }] });
  for (const attachment of holdings.attachments) appends.push({ stream: streams.attachment(attachment.id), events: [decideEraseAttachment(attachment)] });
  for (const invitation of holdings.invitations.filter((each) => each.pending)) {
    appends.push({ stream: streams.emailInvitation(invitation.invite_id), events: [{ type: 'EmailInvitationRevoked', data: { invite_id: invitation.invite_id } }] });
  }
  const erased: UserErased = { type: 'UserErased', data: { user_id, mode, invitation_ids: holdings.invitations.map((each) => each.invite_id) } };
  appends.push({ stream: streams.user(user_id), events: [erased] });
  return appends;
}
