import { isSystemBot, Role } from '@chat/core';
import { JsonText } from '@chat/http';
import { avatarUrl, userView } from '@chat/wire';
import { realmHost } from '../../endpoints/call-context.js';
import type { SectionBuilder } from '../register-context.js';
import { serializeUsers, usersAsSeenBy } from './serialized-users.js';

/** The `realm_user` section: every user, and the viewer's own identity and permissions. */
export const realmUserSection: SectionBuilder = async ({ ctx, viewer, clientGravatar }) => {
  const options = { realmHost: realmHost(ctx), clientGravatar, includeCustomProfileFields: true };
  const organization = await ctx.organization.current();
  // Serialized once per organization version, role and avatar choice: the bulk of a register answer.
  const serialized = organization.derived(`realm_users:${viewer.role}:${clientGravatar}`, () => serializeUsers([...organization.users.values()], viewer, options));
  const users = usersAsSeenBy(serialized, viewer, organization.users, options);
  const canCreate = viewer.role <= Role.Member;
  return {
    realm_users: new JsonText(users.active),
    realm_non_active_users: new JsonText(users.inactive),
    cross_realm_bots: [...organization.users.values()].filter(isSystemBot).sort((a, b) => a.user_id - b.user_id).map((u) => ({ ...userView(u, viewer, options), is_system_bot: true })),
    user_id: viewer.user_id,
    email: userView(viewer, viewer, options).email,
    delivery_email: viewer.email,
    full_name: viewer.full_name,
    role: viewer.role,
    is_owner: viewer.role === Role.Owner,
    is_admin: viewer.role <= Role.Administrator,
    is_moderator: viewer.role === Role.Moderator,
    is_guest: viewer.role === Role.Guest,
    avatar_source: 'G',
    avatar_url: avatarUrl(viewer, false),
    avatar_url_medium: avatarUrl(viewer, false),
    can_create_streams: canCreate,
    can_create_public_streams: canCreate,
    can_create_private_streams: canCreate,
    can_create_web_public_streams: false,
    can_subscribe_other_users: canCreate,
    can_invite_others_to_realm: viewer.role <= Role.Administrator,
  };
};
