import { type CreateInviteLink, decideCreateInviteLink, decideRevokeInviteLink, streams, type UserState } from '@chat/core';
import { AS_READ, type Origin } from '../commands/command-bus.js';
import { inviteKeyDigest, inviteLinkUrl, newInviteKey } from '../secrets/invite-keys.js';
import { channelContext } from './channel-context.js';
import type { Allocates, Clocked, Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What createInviteLink uses. */
type CreateInviteLinkDeps = Commands & Clocked & Configured & Allocates & Reads<'subscriptions'> & Uses<'organization'>;

export type InviteLinkRequest = Omit<CreateInviteLink, 'invite_id' | 'key_digest' | 'now' | 'default_validity_minutes'>;

/** POST /invites/multiuse: returns the link, whose key exists only in this answer. */
export async function createInviteLink(ctx: CreateInviteLinkDeps, origin: Origin, actor: UserState, request: InviteLinkRequest): Promise<string> {
  const invite_id = await ctx.ids.next('invite');
  const key = newInviteKey();
  await ctx.bus.run(origin, async () => {
    const cc = await channelContext(ctx, actor.user_id, [], request.stream_ids ?? []);
    const events = decideCreateInviteLink(cc, {
      ...request,
      invite_id,
      key_digest: inviteKeyDigest(key),
      now: ctx.clock.now(),
      default_validity_minutes: ctx.config.invitationLinkValidityMinutes,
    });
    return { appends: [{ stream: streams.invite(invite_id), expected: 'no_stream', events }], result: undefined };
  });
  return inviteLinkUrl(ctx.config.externalUrl, key);
}

/** DELETE /invites/multiuse/{invite_id} */
export async function revokeInviteLink(ctx: Commands & Reads<'invites'>, origin: Origin, actor: UserState, inviteId: number): Promise<void> {
  const stream = streams.invite(inviteId);
  await ctx.bus.run(origin, async () => {
    const events = decideRevokeInviteLink(actor, await ctx.models.invites.get(inviteId));
    return { appends: [{ stream, expected: AS_READ, events }], result: undefined };
  });
}
