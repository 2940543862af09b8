import { badRequest, type EmailInvitationState, type InviteLinkState, isAdminRole, isEmailInvitationPending, isInviteLinkUsable, managesInvite, Role } from '@chat/core';
import type { CallOf } from '@chat/http';
import { createInviteLink, revokeInviteLink } from '../actions/invites.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Clocked, Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What createInviteLinkEndpoint uses. */
type CreateInviteLinkEndpointDeps = Commands & Clocked & Configured & Allocates & Reads<'subscriptions' | 'users'> & Uses<'organization'>;

export const intList = (value: unknown): number[] | undefined => (Array.isArray(value) ? value.map(Number) : undefined);

/** POST /invites/multiuse */
export async function createInviteLinkEndpoint(ctx: CreateInviteLinkEndpointDeps, call: CallOf<'invite-link-create'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  const invite_link = await createInviteLink(ctx, originOf(call), actor, {
    invite_as: p.invite_as,
    invite_expires_in_minutes: p.invite_expires_in_minutes,
    stream_ids: intList(p.stream_ids),
    group_ids: intList(p.group_ids),
    include_realm_default_subscriptions: p.include_realm_default_subscriptions === true,
    welcome_message_custom_text: p.welcome_message_custom_text ?? null,
  });
  return { invite_link };
}

const seconds = (ms: number | null): number | null => (ms === null ? null : Math.floor(ms / 1000));

/**
 * An entry of GET /invites. `link_url` is left out: only the digest of a link's key is kept, so the
 * URL cannot be shown again after the answer that created it (the public API marks it optional).
 */
const linkView = (invite: InviteLinkState): Record<string, unknown> => ({
  id: invite.id,
  invited_by_user_id: invite.creator_id,
  invited: seconds(invite.created_at),
  expiry_date: seconds(invite.expires_at),
  invited_as: invite.invited_as,
  is_multiuse: true,
});

const emailInvitationView = (invite: EmailInvitationState): Record<string, unknown> => ({
  id: invite.id,
  invited_by_user_id: invite.creator_id,
  invited: seconds(invite.invited_at),
  expiry_date: seconds(invite.expires_at),
  invited_as: invite.invited_as,
  email: invite.email,
  notify_referrer_on_join: invite.notify_referrer_on_join,
  is_multiuse: false,
});

/** GET /invites: the pending invitations the caller manages (administrators: all), email ones first, oldest first. */
export async function listInvites(ctx: Clocked & Reads<'emailInvitations' | 'invites' | 'users'>, call: CallOf<'invites-list'>): Promise<Record<string, unknown>> {
  const viewer = await callerUser(ctx, call);
  if (viewer.role === Role.Guest) throw badRequest('Not allowed for guest users');
  const now = ctx.clock.now();
  const admin = isAdminRole(viewer.role);
  const links = admin ? await ctx.models.invites.all() : await ctx.models.invites.findMany('creator_id', viewer.user_id);
  const mailed = admin ? await ctx.models.emailInvitations.all() : await ctx.models.emailInvitations.findMany('creator_id', viewer.user_id);
  const byId = <T extends { id: number }>(a: T, b: T): number => a.id - b.id;
  return {
    invites: [
      ...mailed.filter((invite) => managesInvite(viewer, invite) && isEmailInvitationPending(invite, now)).sort(byId).map(emailInvitationView),
      ...links.filter((invite) => managesInvite(viewer, invite) && isInviteLinkUsable(invite, now)).sort(byId).map(linkView),
    ],
  };
}

/** DELETE /invites/multiuse/{invite_id} */
export async function revokeInviteLinkEndpoint(ctx: Commands & Reads<'invites' | 'users'>, call: CallOf<'invite-link-revoke'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await revokeInviteLink(ctx, originOf(call), actor, call.path.invite_id);
  return {};
}
