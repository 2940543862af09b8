import { checkEmailInvitationUsable, decideAcceptEmailInvitation, groupMemberships, normalizeEmail, streams } from '@chat/core';
import { AS_READ, type Origin, type StreamAppend } from '../commands/command-bus.js';
import type { AcceptInviteInput } from './accept-invite-input.js';
import { newAccountAppends, prepareAccount } from './create-user.js';
import { groupAppend } from './user-groups.js';
import { referrerNoticeAppends } from './referrer-notice.js';
import type { Allocates, Clocked, Commands, Configured, LogReads, Uses } from '../dependencies.js';

/** What acceptEmailInvitation uses. */
export type AcceptEmailInvitationDeps = Commands & Clocked & Configured & Allocates & LogReads & Uses<'models' | 'organization' | 'passwords'>;

/**
 * Accepting an email invitation (the key from the mail, for the address it was sent to): creates the
 * account as the invitation describes it and uses the invitation up. The invitation's stream is
 * appended at the revision read, so of two requests racing with one key only one gets through. The
 * sender hears of it from the notification bot in the same command, when the invitation asked for it.
 */
export async function acceptEmailInvitation(ctx: AcceptEmailInvitationDeps, origin: Origin, input: AcceptInviteInput, digest: string): Promise<{ user_id: number; email: string }> {
  const email = normalizeEmail(input.email);
  // Refused before a password is hashed or an id spent on a bad key.
  checkEmailInvitationUsable(await ctx.models.emailInvitations.findOne('key_digest', digest), ctx.clock.now(), email);
  const account = await prepareAccount(ctx, { email, password: input.password, full_name: input.full_name });
  return ctx.bus.run(origin, async () => {
    // The revision is read before the invitation, so a change after this read fails the append.
    const first = await ctx.models.emailInvitations.findOne('key_digest', digest);
    const expected = first ? AS_READ : 'no_stream';
    const latest = first ? await ctx.models.emailInvitations.get(first.id) : undefined;
    const found = latest?.key_digest === digest ? latest : undefined;
    const { invite, events } = decideAcceptEmailInvitation(found, ctx.clock.now(), account.email, account.user_id);
    const groups = new Map((await ctx.models.userGroups.all()).map((group) => [group.id, group]));
    const accountAppends = await newAccountAppends(ctx, null, {
      ...account,
      role: invite.invited_as,
      channel_ids: invite.channel_ids,
      join_default_channels: invite.include_realm_default_subscriptions,
    });
    const memberships: StreamAppend[] = [];
    for (const change of groupMemberships(invite.group_ids, groups, account.user_id)) memberships.push(groupAppend(change.data.group_id, [change]));
    const notice = events.length === 0 ? [] : await referrerNoticeAppends(ctx, invite, account);
    return { appends: [...accountAppends, { stream: streams.emailInvitation(invite.id), expected, events }, ...memberships, ...notice], result: { user_id: account.user_id, email: account.email } };
  });
}
