import { badRequest, dummyEmail, isSystemBot, normalizeEmail, type UserState } from '@chat/core';
import type { CallOf, RouteCall } from '@chat/http';
import { canSeeEmail, userView } from '@chat/wire';
import { callerUser } from './call-context.js';
import { realmHost } from '../realm-host.js';
import type { Configured, Reads } from '../dependencies.js';

const viewOptions = (ctx: Configured, call: RouteCall) => ({
  realmHost: realmHost(ctx),
  clientGravatar: call.params.client_gravatar !== false,
  includeCustomProfileFields: call.params.include_custom_profile_fields === true,
});

/** GET /users: deactivated accounts too (with is_active false), unless include_deactivated_users is false. */
export async function listUsers(ctx: Configured & Reads<'users'>, call: CallOf<'users-list'>): Promise<Record<string, unknown>> {
  const viewer = await callerUser(ctx, call);
  const options = viewOptions(ctx, call);
  const withDeactivated = call.params.include_deactivated_users !== false;
  const users = (await ctx.models.users.all()).filter((user) => !isSystemBot(user) && (withDeactivated || user.is_active)).sort((a, b) => a.user_id - b.user_id);
  return { members: users.map((user) => userView(user, viewer, options)) };
}

/** GET /users/me */
/** The fields GET /users/me answers with in the public API (a bot's type and owner are not among them). */
const OWN_USER_FIELDS = [
  'avatar_url', 'avatar_version', 'email', 'full_name', 'is_admin', 'is_owner', 'role', 'is_guest', 'is_bot', 'is_active', 'timezone', 'date_joined', 'user_id', 'profile_data',
] as const;

export async function getOwnUser(ctx: Configured & Reads<'messages' | 'users'>, call: CallOf<'empty'>): Promise<Record<string, unknown>> {
  const viewer = await callerUser(ctx, call);
  const view = userView(viewer, viewer, { realmHost: realmHost(ctx), clientGravatar: false, includeCustomProfileFields: true });
  const own: Record<string, unknown> = Object.fromEntries(OWN_USER_FIELDS.map((field) => [field, view[field]]));
  return { ...own, delivery_email: viewer.email, max_message_id: await ctx.models.messages.maxId(viewer.user_id) };
}

/** GET /users/{user_id} and GET /users/{email} */
export async function getUser(ctx: Configured & Reads<'users'>, call: CallOf<'user-get'>): Promise<Record<string, unknown>> {
  const viewer = await callerUser(ctx, call);
  const user = await resolveUser(ctx, viewer, call.path.user);
  return { user: userView(user, viewer, viewOptions(ctx, call)) };
}

/**
 * A path segment naming a user: an id, the real address (when the viewer may see it), or the
 * placeholder address `user<id>@<host>` that stands in for hidden ones.
 */
export async function resolveUser(ctx: Configured & Reads<'users'>, viewer: UserState, segment: string): Promise<UserState> {
  let user: UserState | undefined;
  if (/^\d+$/.test(segment)) {
    user = await ctx.models.users.get(Number(segment));
  } else {
    const email = normalizeEmail(segment);
    const placeholder = /^user(\d+)@(.+)$/.exec(email);
    if (placeholder && placeholder[2] === realmHost(ctx).toLowerCase()) {
      const candidate = await ctx.models.users.get(Number(placeholder[1]));
      if (candidate && dummyEmail(candidate.user_id, realmHost(ctx)).toLowerCase() === email) user = candidate;
    }
    if (!user) {
      const candidate = await ctx.models.users.findOne('email', email);
      if (candidate && canSeeEmail(viewer, candidate)) user = candidate;
    }
  }
  if (!user) throw badRequest('No such user');
  return user;
}

/** A user of the organization by id (deactivated ones too); else BAD_REQUEST "No such user". */
export async function userByIdOrThrow(ctx: Reads<'users'>, userId: number): Promise<UserState> {
  const user = await ctx.models.users.get(userId);
  if (!user) throw badRequest('No such user');
  return user;
}
