import { checkInviteLinkUsable, decideUseInviteLink, streams } from '@chat/core';
import type { Origin, StreamAppend } from '../commands/command-bus.js';
import { inviteKeyDigest } from '../secrets/invite-keys.js';
import { newAccountAppends, prepareAccount } from './create-user.js';
import { groupAppend } from './user-groups.js';
import { acceptEmailInvitation, type AcceptEmailInvitationDeps } from './accept-email-invitation.js';
import type { AcceptInviteInput } from './accept-invite-input.js';

/** What acceptInviteLink uses. */
type AcceptInviteLinkDeps = AcceptEmailInvitationDeps;

export type { AcceptInviteInput } from './accept-invite-input.js';

/**
 * POST /invites/multiuse/accept: creates the account the link describes (its role, its channels,
 * the default channels only if it says so) and adds it to the link's groups. The link's stream takes
 * InviteLinkUsed whatever happened to it meanwhile ('stream_exists'): a link valid when the request was
 * decided admits it, and concurrent uses of a multi-use link do not conflict.
 */
export async function acceptInviteLink(ctx: AcceptInviteLinkDeps, origin: Origin, input: AcceptInviteInput): Promise<{ user_id: number; email: string }> {
  const digest = inviteKeyDigest(input.key);
  const link = await ctx.models.invites.findOne('key_digest', digest);
  // A key that opens no link may be an email invitation's, from the mail.
  if (!link) return acceptEmailInvitation(ctx, origin, input, digest);
  // Refused before a password is hashed or an id spent on a bad link.
  checkInviteLinkUsable(link, ctx.clock.now());
  const account = await prepareAccount(ctx, { email: input.email, password: input.password, full_name: input.full_name });
  return ctx.bus.run(origin, async () => {
    const invite = await ctx.models.invites.findOne('key_digest', digest);
    const groups = new Map((await ctx.models.userGroups.all()).map((group) => [group.id, group]));
    const use = decideUseInviteLink(invite, groups, ctx.clock.now(), account.user_id);
    const link = use.invite;
    const accountAppends = await newAccountAppends(ctx, null, {
      ...account,
      role: link.invited_as,
      channel_ids: link.channel_ids,
      join_default_channels: link.include_realm_default_subscriptions,
    });
    const memberships: StreamAppend[] = [];
    for (const change of use.memberships) memberships.push(groupAppend(change.data.group_id, [change]));
    const used: StreamAppend = { stream: streams.invite(link.id), expected: 'stream_exists', events: [use.used] };
    return { appends: [...accountAppends, used, ...memberships], result: { user_id: account.user_id, email: account.email } };
  });
}
