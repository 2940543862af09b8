/**
 * An invitation link's expiry time passed (recorded by the scheduler when it was due): auditors see
 * when it stopped working, and it leaves the read model. It was refused from `expires_at` on anyway.
 */
export interface InviteLinkExpired {
  type: 'InviteLinkExpired';
  data: { invite_id: number; expires_at: number };
}

export type InviteExpiryEvent = InviteLinkExpired;

declare module './index.js' {
  interface DomainEventKinds {
    InviteExpiryEvent: InviteExpiryEvent;
  }
}
