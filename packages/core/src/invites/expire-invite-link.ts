import type { InviteEvent } from '../events/invite-events.js';
import type { InviteLinkExpired } from '../events/invite-expiry-events.js';

/**
 * Records that a link's expiry passed, deciding from the link's own stream: nothing for a link that
 * never expires, is not due yet, was revoked first, or whose expiry is recorded already.
 */
export function decideExpireInviteLink(history: readonly (InviteEvent | InviteLinkExpired)[], now: number): InviteLinkExpired[] {
  let created: { invite_id: number; expires_at: number | null } | undefined;
  for (const event of history) {
    if (event.type === 'InviteLinkCreated') created = event.data;
    if (event.type === 'InviteLinkRevoked' || event.type === 'InviteLinkExpired') return [];
  }
  if (!created || created.expires_at === null || now < created.expires_at) return [];
  return [{ type: 'InviteLinkExpired', data: { invite_id: created.invite_id, expires_at: created.expires_at } }];
}
