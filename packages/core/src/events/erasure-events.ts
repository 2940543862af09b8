/** What an erasure does with the person's messages: deleted with them, or kept for the others under a placeholder. */
export type ErasureMode = 'with_messages' | 'preserving_messages';

/**
 * An owner erased a deactivated person: their key is destroyed, so what was sealed under it (name,
 * addresses, profile values, settings, statuses, alert words, push tokens, recorded answers) reads as
 * its placeholder from now on, in every reader. `invitation_ids`: the email invitations that named
 * their address, forgotten with them. Carries no personal data: the fact, the id and the mode.
 */
export interface UserErased {
  type: 'UserErased';
  data: { user_id: number; mode: ErasureMode; invitation_ids: number[] };
}

export type ErasureEvent = UserErased;

declare module './index.js' {
  interface DomainEventKinds {
    ErasureEvent: ErasureEvent;
  }
}
