import type { EmailInvitationSent } from '../events/email-invitation-events.js';

/** An email invitation as the read model holds it: what was recorded, plus its life. */
export type EmailInvitationState = Omit<EmailInvitationSent['data'], 'invite_id'> & {
  id: number;
  /** Milliseconds since the epoch: when it was last mailed. */
  invited_at: number;
  revoked: boolean;
  /** The account created with it, once accepted. */
  accepted_by: number | null;
};

/** Pending: neither revoked nor accepted, and not past its expiry. */
export const isEmailInvitationPending = (invite: EmailInvitationState, now: number): boolean =>
  !invite.revoked && invite.accepted_by === null && (invite.expires_at === null || now < invite.expires_at);
