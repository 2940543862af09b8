import { badRequest, type InviteLinkState, isAdminRole, isInviteLinkUsable, managesInvite, Role } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { createInviteLink, revokeInviteLink } from '../actions/invites.js';
import type { ServerContext } from '../server-context.js';
import { callerUser, originOf } from './call-context.js';

const intList = (value: unknown): number[] | undefined => (Array.isArray(value) ? value.map(Number) : undefined);

/** POST /invites/multiuse */
export async function createInviteLinkEndpoint(ctx: ServerContext, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  const invite_link = await createInviteLink(ctx, originOf(call), actor, {
    invite_as: p.invite_as === undefined ? undefined : Number(p.invite_as),
    invite_expires_in_minutes: p.invite_expires_in_minutes as number | null | undefined,
    stream_ids: intList(p.stream_ids),
    group_ids: intList(p.group_ids),
    include_realm_default_subscriptions: p.include_realm_default_subscriptions === true,
    welcome_message_custom_text: p.welcome_message_custom_text === undefined ? null : String(p.welcome_message_custom_text),
  });
  return { invite_link };
}

/**
 * An entry of GET /invites. `link_url` is left out: only the digest of a link's key is kept, so the
 * URL cannot be shown again after the answer that created it (the public API marks it optional).
 * `email` belongs to email invitations, which this server does not send.
 */
const inviteView = (invite: InviteLinkState): Record<string, unknown> => ({
  id: invite.id,
  invited_by_user_id: invite.creator_id,
  invited: Math.floor(invite.created_at / 1000),
  expiry_date: invite.expires_at === null ? null : Math.floor(invite.expires_at / 1000),
  invited_as: invite.invited_as,
  is_multiuse: true,
});

/** GET /invites: the links the caller manages (administrators: all) that still work, oldest first. */
export async function listInvites(ctx: ServerContext, call: RouteCall): Promise<Record<string, unknown>> {
  const viewer = await callerUser(ctx, call);
  if (viewer.role === Role.Guest) throw badRequest('Not allowed for guest users');
  const now = ctx.clock.now();
  const candidates = isAdminRole(viewer.role) ? await ctx.models.invites.all() : await ctx.models.invites.findMany('creator_id', viewer.user_id);
  const invites = candidates
    .filter((invite) => managesInvite(viewer, invite) && isInviteLinkUsable(invite, now))
    .sort((a, b) => a.id - b.id)
    .map(inviteView);
  return { invites };
}

/** DELETE /invites/multiuse/{invite_id} */
export async function revokeInviteLinkEndpoint(ctx: ServerContext, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await revokeInviteLink(ctx, originOf(call), actor, Number(call.path.invite_id));
  return {};
}
