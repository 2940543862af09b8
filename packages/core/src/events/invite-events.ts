import type { RoleValue } from '../roles.js';

/**
 * A reusable invitation link was created. Only the sha256 digest of the link's secret key is
 * recorded: whoever reads the log cannot join with it.
 */
export interface InviteLinkCreated {
  type: 'InviteLinkCreated';
  data: {
    invite_id: number;
    /** sha256 (hex) of the key in the link; the key itself is only in the creator's answer. */
    key_digest: string;
    creator_id: number;
    /** The role of every account created through the link. */
    invited_as: RoleValue;
    /** Channels new users join, besides the default ones when `include_realm_default_subscriptions`. */
    channel_ids: number[];
    /** User groups new users join. */
    group_ids: number[];
    include_realm_default_subscriptions: boolean;
    /** null: the organization's default welcome text; '' none. */
    welcome_message_custom_text: string | null;
    /** Milliseconds since the epoch; null never expires. */
    expires_at: number | null;
  };
}

/** The link stops working at once; accounts created through it stay. */
export interface InviteLinkRevoked {
  type: 'InviteLinkRevoked';
  data: { invite_id: number };
}

/** Someone created an account through the link (it stays usable for others). */
export interface InviteLinkUsed {
  type: 'InviteLinkUsed';
  data: { invite_id: number; user_id: number };
}

export type InviteEvent = InviteLinkCreated | InviteLinkRevoked | InviteLinkUsed;

declare module './index.js' {
  interface DomainEventKinds {
    InviteEvent: InviteEvent;
  }
}
