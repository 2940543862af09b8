import { type EmailInvitationState, referrerNoticeContent, referrerToNotify } from '@chat/core';
import type { StreamAppend } from '../commands/command-bus.js';
import { botDirectMessageAppend } from './bot-notices.js';
import type { Allocates, Configured, Uses } from '../dependencies.js';

/** What referrerNoticeAppends uses. */
type ReferrerNoticeAppendsDeps = Configured & Allocates & Uses<'models' | 'organization'>;

/**
 * The notification bot's direct message telling an invitation's sender that the invitee joined,
 * appended in the command that creates the account. Nothing when the invitation did not ask for it
 * or its sender is no longer active.
 */
export async function referrerNoticeAppends(ctx: ReferrerNoticeAppendsDeps, invite: EmailInvitationState, joined: { user_id: number; full_name: string }): Promise<StreamAppend[]> {
  const referrer = referrerToNotify(invite, await ctx.models.users.get(invite.creator_id));
  if (!referrer) return [];
  return [await botDirectMessageAppend(ctx, referrer.user_id, referrerNoticeContent(joined), [joined])];
}
