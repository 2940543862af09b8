import { decideMuteUser, decideReadMutedMessages, decideUnmuteUser, FlagBit, streams } from '@chat/core';
import { mutedUserKey, type ReadModels } from '@chat/projections';
import { AS_READ, type Origin } from '../commands/command-bus.js';
import { userStreamAppends } from '../commands/user-stream-append.js';
import type { Commands, Reads } from '../dependencies.js';

/** The users who muted `senderId`: their copies of the sender's new messages start read. */
export async function mutersOf(models: ReadModels, senderId: number): Promise<ReadonlySet<number>> {
  return new Set((await models.mutedUsers.findMany('muted_user_id', senderId)).map((each) => each.user_id));
}

/**
 * POST /users/me/muted_users/{id}: the mute, and every unread message of the muted user in the
 * muter's history marked read (one flags change, as if the muter had read them).
 */
export async function muteUser(ctx: Commands & Reads<'messages' | 'mutedUsers' | 'users'>, origin: Origin, userId: number, mutedUserId: number): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const target = await ctx.models.users.get(mutedUserId);
    const events = decideMuteUser(userId, target, (await ctx.models.mutedUsers.get(mutedUserKey(userId, mutedUserId))) !== undefined);
    const unread = await ctx.models.messages.matching({
      userId,
      source: { kind: 'history' },
      where: [{ op: 'sender', userId: mutedUserId }, { op: 'not', of: { op: 'flags', bits: FlagBit.read } }],
    });
    const appends = await userStreamAppends(userId, events);
    const read = decideReadMutedMessages(userId, unread);
    if (read.length > 0) appends.push({ stream: streams.flags(userId), expected: AS_READ, events: read });
    return { appends, result: undefined };
  });
}

/** DELETE /users/me/muted_users/{id} */
export async function unmuteUser(ctx: Commands & Reads<'mutedUsers' | 'users'>, origin: Origin, userId: number, mutedUserId: number): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const target = await ctx.models.users.get(mutedUserId);
    const events = decideUnmuteUser(userId, target, (await ctx.models.mutedUsers.get(mutedUserKey(userId, mutedUserId))) !== undefined);
    return { appends: await userStreamAppends(userId, events), result: undefined };
  });
}
