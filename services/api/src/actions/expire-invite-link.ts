import { decideExpireInviteLink, streams } from '@chat/core';
import { streamHistory } from '../commands/stream-history.js';
import { schedulerOrigin } from '../commands/scheduler-origin.js';
import type { Clocked, Commands, LogReads } from '../dependencies.js';

/**
 * Records a link's expiry once it is due, deciding from the link's stream with its revision (a
 * revocation or another runner that got there first leaves nothing to do). `InviteLinkUsed` is
 * appended without an exact revision, so a use landing meanwhile only makes this decide again.
 */
export async function expireInviteLink(ctx: Commands & Clocked & LogReads, inviteId: number): Promise<void> {
  const stream = streams.invite(inviteId);
  await ctx.bus.run(schedulerOrigin(`invite-expiry:${inviteId}`), async () => {
    const { events: history, expected } = await streamHistory(ctx.store, stream, ['InviteLinkCreated', 'InviteLinkRevoked', 'InviteLinkExpired']);
    return { appends: [{ stream, expected, events: decideExpireInviteLink(history, ctx.clock.now()) }], result: undefined };
  });
}
