import { DEFAULT_USER_SETTINGS } from '../settings/user-settings.js';
import type { UserState } from '../users/user-state.js';

/*
 * What an erased person reads as, everywhere. The same texts are the `forgotten` placeholders of the
 * event schemas (schemas/events/UserCreated.v1.json and the others sealed under `user-<id>`), so the
 * live read models after an erasure equal a replay of the log whose keys are gone.
 */

/** The name an erased person is shown under, as the public server names a deleted user. */
export const erasedFullName = (userId: number): string => `Deleted User ${userId}`;

/** The address an erased person is shown under: the public server's form, at a domain that can never receive mail. */
export const erasedEmail = (userId: number): string => `deleteduser${userId}@erased.invalid`;

/** The address an invitation to an erased person reads as. */
export const erasedInviteeEmail = (inviteId: number): string => `invitee${inviteId}@erased.invalid`;

/**
 * The account once erased: everything personal replaced by what does not depend on what it was (the
 * placeholders, no password, the server's default settings, no profile values), so it is the same
 * whether the earlier events were read in clear (live) or as placeholders (a replay). The id, role,
 * dates and bot fields stay: other people's history still refers to them.
 */
export function erasedUser(user: UserState): UserState {
  const id = user.user_id;
  return {
    ...user,
    email: erasedEmail(id),
    full_name: erasedFullName(id),
    timezone: '',
    profile_data: {},
    password_hash: null,
    // Everyone may see the placeholder address, as the public server sets it for a deleted user.
    settings: { ...DEFAULT_USER_SETTINGS, timezone: '', email_address_visibility: 1 },
    pending_email_change: null,
    is_active: false,
    erased: true,
  };
}
