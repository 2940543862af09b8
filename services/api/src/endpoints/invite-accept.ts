import { checkNewPassword } from '@chat/core';
import type { CallOf } from '@chat/http';
import { acceptInviteLink } from '../actions/accept-invite-link.js';
import { originOf } from './call-context.js';
import type { Reads } from '../dependencies.js';
import type { AcceptEmailInvitationDeps } from '../actions/accept-email-invitation.js';

/** What acceptInviteLinkEndpoint uses. */
type AcceptInviteLinkEndpointDeps = AcceptEmailInvitationDeps & Reads<'invites'>;

/**
 * POST /invites/multiuse/accept (no authentication): the key from an invitation link's URL
 * (`/join/<key>/`) plus the new account's details. The answer carries no API key: the new user
 * fetches one with POST /fetch_api_key, like everyone else.
 */
export async function acceptInviteLinkEndpoint(ctx: AcceptInviteLinkEndpointDeps, call: CallOf<'invite-link-accept'>): Promise<Record<string, unknown>> {
  const p = call.params;
  const { password } = p;
  checkNewPassword(password, 'password');
  return { ...(await acceptInviteLink(ctx, originOf(call), { key: p.key, email: p.email, password, full_name: p.full_name })) };
}
