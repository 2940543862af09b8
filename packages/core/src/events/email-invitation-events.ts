import type { RoleValue } from '../roles.js';

/**
 * An invitation was mailed to one address. Only the sha256 digest of the key in the mailed link is
 * recorded: whoever reads the log cannot join with it.
 */
export interface EmailInvitationSent {
  type: 'EmailInvitationSent';
  data: {
    invite_id: number;
    email: string;
    /** sha256 (hex) of the key in the mail. */
    key_digest: string;
    creator_id: number;
    invited_as: RoleValue;
    channel_ids: number[];
    group_ids: number[];
    include_realm_default_subscriptions: boolean;
    notify_referrer_on_join: boolean;
    /** null: the organization's default welcome text; '' none. */
    welcome_message_custom_text: string | null;
    /** Milliseconds since the epoch; null never expires. */
    expires_at: number | null;
  };
}

/** The invitation was mailed again with a new key (the earlier one stops working); its expiry stays. */
export interface EmailInvitationResent {
  type: 'EmailInvitationResent';
  data: { invite_id: number; key_digest: string };
}

/** The invitation stops working. */
export interface EmailInvitationRevoked {
  type: 'EmailInvitationRevoked';
  data: { invite_id: number };
}

/** The invitee created their account with it; it cannot be used again. */
export interface EmailInvitationAccepted {
  type: 'EmailInvitationAccepted';
  data: { invite_id: number; user_id: number };
}

export type EmailInvitationEvent = EmailInvitationSent | EmailInvitationResent | EmailInvitationRevoked | EmailInvitationAccepted;

declare module './index.js' {
  interface DomainEventKinds {
    EmailInvitationEvent: EmailInvitationEvent;
  }
}
