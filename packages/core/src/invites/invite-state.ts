import type { InviteLinkCreated } from '../events/invite-events.js';

/** A reusable invitation link as the read model holds it and as deciders see it: what was recorded, plus its life. */
export type InviteLinkState = Omit<InviteLinkCreated['data'], 'invite_id'> & {
  id: number;
  /** Milliseconds since the epoch, from the creating event's metadata. */
  created_at: number;
  revoked: boolean;
};
