import { DEFAULT_USER_SETTINGS, Role, type RoleValue, type UserState } from '@chat/core';

/** A user as the read model holds it right after UserCreated, with any field overridden. */
export function aUser(overrides: Partial<UserState> = {}): UserState {
  const user_id = overrides.user_id ?? 10;
  return {
    user_id,
    email: `user${user_id}@example.com`,
    full_name: `User ${user_id}`,
    role: Role.Member,
    is_active: true,
    is_bot: false,
    bot_type: null,
    bot_owner_id: null,
    timezone: '',
    date_joined: 1_700_000_000_000,
    avatar_version: 1,
    profile_data: {},
    password_hash: 'scrypt$16384$8$1$c2FsdA==$aGFzaA==',
    api_key_generation: 1,
    can_change_user_emails: false,
    settings: { ...DEFAULT_USER_SETTINGS },
    pending_email_change: null,
    ...overrides,
  };
}

const withRole = (role: RoleValue, user_id: number) => (overrides: Partial<UserState> = {}): UserState =>
  aUser({ user_id, role, ...overrides });

export const anOwner = withRole(Role.Owner, 1);
export const anAdmin = withRole(Role.Administrator, 2);
export const aModerator = withRole(Role.Moderator, 3);
export const aMember = withRole(Role.Member, 4);
export const aGuest = withRole(Role.Guest, 6);

/**
 * Fresh users for a decider test to act as and on: one per role, another plain member (20) and a
 * deactivated member (21).
 */
export function someUsers() {
  return {
    owner: anOwner(),
    admin: anAdmin(),
    moderator: aModerator(),
    member: aMember(),
    guest: aGuest(),
    other: aUser({ user_id: 20 }),
    gone: aUser({ user_id: 21, is_active: false }),
  };
}
