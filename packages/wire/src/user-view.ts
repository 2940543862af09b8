import { createHash } from 'node:crypto';
import { dummyEmail, Role, type UserState } from '@chat/core';

export interface UserViewOptions {
  realmHost: string;
  clientGravatar: boolean;
  includeCustomProfileFields: boolean;
}

/** Whether `viewer` may see `user`'s real address, under the user's email_address_visibility. */
export function canSeeEmail(viewer: UserState | null, user: UserState): boolean {
  if (viewer && viewer.user_id === user.user_id) return true;
  const role = viewer?.role ?? Role.Guest + 1;
  switch (user.settings.email_address_visibility) {
    case 1:
      return viewer !== null;
    case 2:
      return role <= Role.Member;
    case 3:
      return role <= Role.Administrator;
    case 5:
      return role <= Role.Moderator;
    default:
      return false;
  }
}

/** The address that stands for a user in the API: the real one only when everyone may see it. */
export const apiEmail = (user: UserState, realmHost: string): string =>
  user.settings.email_address_visibility === 1 ? user.email : dummyEmail(user.user_id, realmHost);

/** Gravatar digests by address: a message list names the same senders again and again. */
const gravatarDigests = new Map<string, string>();
/** Addresses remembered before the memo starts over. */
const DIGESTS_KEPT = 20_000;

function gravatarDigest(email: string): string {
  let digest = gravatarDigests.get(email);
  if (digest === undefined) {
    if (gravatarDigests.size >= DIGESTS_KEPT) gravatarDigests.clear();
    digest = createHash('md5').update(email).digest('hex');
    gravatarDigests.set(email, digest);
  }
  return digest;
}

export function avatarUrl(user: UserState, clientGravatar: boolean): string | null {
  if (clientGravatar) return null;
  return `https://secure.gravatar.com/avatar/${gravatarDigest(user.email)}?d=identicon&version=${user.avatar_version}`;
}

/** A user record as GET /users and the register response give it. */
export function userView(user: UserState, viewer: UserState | null, options: UserViewOptions): Record<string, unknown> {
  const view: Record<string, unknown> = {
    user_id: user.user_id,
    email: apiEmail(user, options.realmHost),
    delivery_email: canSeeEmail(viewer, user) ? user.email : null,
    full_name: user.full_name,
    date_joined: new Date(user.date_joined).toISOString(),
    is_active: user.is_active,
    is_owner: user.role === Role.Owner,
    is_admin: user.role <= Role.Administrator,
    is_guest: user.role === Role.Guest,
    is_bot: user.is_bot,
    bot_type: user.bot_type,
    role: user.role,
    timezone: user.timezone,
    avatar_url: avatarUrl(user, options.clientGravatar),
    avatar_version: user.avatar_version,
  };
  // Only bots have an owner (null for system bots); a person's record has no such field.
  if (user.is_bot) view.bot_owner_id = user.bot_owner_id;
  if (options.includeCustomProfileFields) {
    view.profile_data = Object.fromEntries(
      Object.entries(user.profile_data).map(([id, value]) => [id, { value, rendered_value: null }]),
    );
  }
  return view;
}
