import type { CallOf } from '@chat/http';
import { resendEmailInvitation, revokeEmailInvitation, sendInvitations } from '../actions/email-invitations.js';
import { callerUser, originOf } from './call-context.js';
import { intList } from './invites.js';
import type { Allocates, Clocked, Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What sendInvitationsEndpoint uses. */
type SendInvitationsEndpointDeps = Commands & Clocked & Configured & Allocates & Reads<'realm' | 'subscriptions' | 'users'> & Uses<'log' | 'mailer' | 'organization'>;
/** What resendEmailInvitationEndpoint uses. */
type ResendEmailInvitationEndpointDeps = Commands & Clocked & Configured & Reads<'emailInvitations' | 'realm' | 'users'> & Uses<'log' | 'mailer'>;

/** POST /invites: an answer with no fields; addresses skipped make it INVITATION_FAILED. */
export async function sendInvitationsEndpoint(ctx: SendInvitationsEndpointDeps, call: CallOf<'invites-send'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  await sendInvitations(ctx, ctx.mailer, originOf(call), actor, {
    invitee_emails: p.invitee_emails,
    invite_as: p.invite_as,
    invite_expires_in_minutes: p.invite_expires_in_minutes,
    stream_ids: intList(p.stream_ids) ?? [],
    group_ids: intList(p.group_ids),
    include_realm_default_subscriptions: p.include_realm_default_subscriptions === true,
    notify_referrer_on_join: p.notify_referrer_on_join !== false,
    welcome_message_custom_text: p.welcome_message_custom_text ?? null,
  });
  return {};
}

/** DELETE /invites/{invite_id} */
export async function revokeEmailInvitationEndpoint(ctx: Commands & Reads<'emailInvitations' | 'users'>, call: CallOf<'email-invite-revoke'>): Promise<Record<string, unknown>> {
  await revokeEmailInvitation(ctx, originOf(call), await callerUser(ctx, call), call.path.invite_id);
  return {};
}

/** POST /invites/{invite_id}/resend */
export async function resendEmailInvitationEndpoint(ctx: ResendEmailInvitationEndpointDeps, call: CallOf<'email-invite-resend'>): Promise<Record<string, unknown>> {
  await resendEmailInvitation(ctx, ctx.mailer, originOf(call), await callerUser(ctx, call), call.path.invite_id);
  return {};
}
