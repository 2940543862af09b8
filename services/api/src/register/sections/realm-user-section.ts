import { isSystemBot, Role } from '@chat/core';
import { JsonText } from '@chat/http';
import { avatarUrl, userView } from '@chat/wire';
import { realmHost } from '../../realm-host.js';
import type { RegisterContext, SectionBuilder } from '../register-context.js';
import { type SerializedUsers, serializeUsers, usersAsSeenBy } from './serialized-users.js';

const userViewOptions = ({ ctx, clientGravatar }: RegisterContext) => ({ realmHost: realmHost(ctx), clientGravatar, includeCustomProfileFields: true });

/**
 * The organization's users serialized for the viewer's role and avatar choice: the bulk of a register
 * answer, made once per organization version (in slices, so the first register after a change never
 * holds the server) and shared by every register until the organization changes.
 */
async function serializedUsers(rc: RegisterContext): Promise<SerializedUsers> {
  const { ctx, viewer, clientGravatar } = rc;
  const organization = await ctx.organization.current();
  return organization.derived(`realm_users:${viewer.role}:${clientGravatar}`, () => serializeUsers([...organization.users.values()], viewer, userViewOptions(rc), rc.pause));
}

/** Makes the serialized users ready before the snapshot, where they are then only looked up. */
export async function prepareRealmUsers(rc: RegisterContext): Promise<void> {
  await serializedUsers(rc);
}

/** The `realm_user` section: every user, and the viewer's own identity and permissions. */
export const realmUserSection: SectionBuilder = async (rc) => {
  const { ctx, viewer } = rc;
  const options = userViewOptions(rc);
  const organization = await ctx.organization.current();
  const users = usersAsSeenBy(await serializedUsers(rc), viewer, organization.users, options);
  const canCreate = viewer.role <= Role.Member;
  return {
    realm_users: new JsonText(users.active),
    realm_non_active_users: new JsonText(users.inactive),
    cross_realm_bots: [...organization.users.values()].filter(isSystemBot).sort((a, b) => a.user_id - b.user_id).map((u) => ({ ...userView(u, viewer, options), is_system_bot: true })),
    user_id: viewer.user_id,
    email: userView(viewer, viewer, options).email,
    delivery_email: viewer.email,
    full_name: viewer.full_name,
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
