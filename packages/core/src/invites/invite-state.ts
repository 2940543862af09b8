import type { RoleValue } from '../roles.js';

/** A reusable invitation link as the read model holds it and as deciders see it. */
export interface InviteLinkState {
  id: number;
  key_digest: string;
  creator_id: number;
  invited_as: RoleValue;
  channel_ids: number[];
  group_ids: number[];
  include_realm_default_subscriptions: boolean;
  welcome_message_custom_text: string | null;
  /** Milliseconds since the epoch, from the creating event's metadata. */
  created_at: number;
  /** Milliseconds since the epoch; null never expires. */
  expires_at: number | null;
  revoked: boolean;
}
