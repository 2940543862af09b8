import { decideUpdateUserTopic, type UpdateUserTopic } from '@chat/core';
import type { Origin } from '../commands/command-bus.js';
import { userStreamAppends } from '../commands/user-stream-append.js';
import { channelContext } from './channel-context.js';
import type { Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What updateUserTopic uses. */
type UpdateUserTopicDeps = Commands & Configured & Reads<'subscriptions' | 'userTopics'> & Uses<'organization'>;

/** POST /user_topics: the change goes to the user's stream (nothing when the policy is already the one asked). */
export async function updateUserTopic(ctx: UpdateUserTopicDeps, origin: Origin, userId: number, cmd: UpdateUserTopic): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const cc = await channelContext(ctx, userId);
    const policies = (await ctx.models.userTopics.findMany('user_id', userId)).filter((policy) => policy.channel_id === cmd.channel_id);
    const events = decideUpdateUserTopic({ ...cc, userId, channel: cc.channels.get(cmd.channel_id), policies }, cmd);
    return { appends: await userStreamAppends(userId, events), result: undefined };
  });
}
