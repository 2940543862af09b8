import type { UserState } from '../users/user-state.js';
import { silentMention } from '../messages/bot-messages.js';
import type { EmailInvitationState } from './email-invitation-state.js';

/** The notice's text, as the public server words it. */
export const referrerNoticeContent = (joined: Pick<UserState, 'user_id' | 'full_name'>): string =>
  `${silentMention(joined)} accepted your invitation to join Zulip!`;

/**
 * Who hears that an email invitation was accepted: its sender, when the invitation asked for it
 * (`notify_referrer_on_join`) and the sender's account is still active; otherwise nobody. Invitation
 * links notify nobody: as on the public server, a link's creator is not the newcomer's referrer.
 */
export function referrerToNotify(invite: EmailInvitationState, referrer: UserState | undefined): UserState | null {
  if (!invite.notify_referrer_on_join || !referrer || !referrer.is_active) return null;
  return referrer.user_id === invite.creator_id ? referrer : null;
}
