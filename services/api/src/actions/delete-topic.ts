import { performance } from 'node:perf_hooks';
import { badRequest, checkDeleteTopic, type DeleteMessageContext, decideDeleteTopicBatch, DELETE_TOPIC_BATCH_SIZE, streams, type UserState } from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import { AS_READ, type Origin } from '../commands/command-bus.js';
import { ChannelQuery } from '../queries/channel-query.js';
import { readableMessages } from '../queries/message-access.js';
import type { Clocked, Commands, Reads, Uses } from '../dependencies.js';
import { cancelledReminders, deletionLinks } from './message-deletion-links.js';

/** What topicContext uses. */
type TopicContextDeps = Clocked & Reads<'realm' | 'subscriptions'> & Uses<'organization'>;
/** What deleteTopic uses. */
type DeleteTopicDeps = Commands & Clocked & Reads<'messages' | 'realm' | 'subscriptions' | 'attachmentLinks' | 'reminders'> & Uses<'organization'>;

interface TopicContext {
  q: ChannelQuery;
  deletion: DeleteMessageContext;
}

/**
 * The deletion context for a channel whose messages the actor may read: as the public server's
 * access_stream_by_id, knowing a private channel (as an administrator does) is not enough, so an
 * unknown, invisible or unreadable channel alike is "Invalid channel ID".
 */
async function topicContext(ctx: TopicContextDeps, actor: UserState, channelId: number): Promise<TopicContext> {
  const q = await ChannelQuery.open(ctx, actor);
  const realm = await ctx.models.realm.get(REALM_KEY);
  if (!realm) throw new Error('organization not initialised');
  const channel = q.visible(channelId);
  if (!channel || !q.canRead(channel)) throw badRequest('Invalid channel ID');
  return { q, deletion: { ...q.world, actor, channel, settings: realm.settings, now: ctx.clock.now() } };
}

/** The topic's messages the actor may read (all of it with shared history, else those they received), ascending. */
async function readableTopicIds(ctx: Reads<'messages'>, q: ChannelQuery, channelId: number, topic: string): Promise<number[]> {
  const viewed = await readableMessages(ctx, q, await ctx.models.messages.topicIds(channelId, topic));
  return viewed.map(({ message }) => message.id);
}

/**
 * POST /streams/{stream_id}/delete_topic: deletes the topic's messages the actor may read (the public
 * server's bulk_access_stream_messages_query), newest first, one append per batch (on the stream of the
 * batch's newest message), until none is left or the time budget is spent; then answers whether it
 * finished. Each batch is its own command, so a batch that lands stays.
 */
export async function deleteTopic(ctx: DeleteTopicDeps, origin: Origin, actor: UserState, channelId: number, topic: string, timeBudgetMs: number): Promise<{ complete: boolean }> {
  checkDeleteTopic((await topicContext(ctx, actor, channelId)).deletion);
  const started = performance.now();
  for (let batch = 0; ; batch++) {
    await ctx.bus.run({ ...origin, requestId: `${origin.requestId}|batch-${batch}` }, async () => {
      const { q, deletion } = await topicContext(ctx, actor, channelId);
      const ids = (await readableTopicIds(ctx, q, channelId, topic)).slice(-DELETE_TOPIC_BATCH_SIZE);
      const messages = await ctx.models.messages.getMany(ids);
      const holders = (await Promise.all(ids.map((id) => ctx.models.messages.holders(id)))).flat();
      const links = await deletionLinks(ctx, ids);
      const events = decideDeleteTopicBatch(deletion, { messages, holders, attachmentIds: links.attachmentIds });
      if (events.length === 0) return { appends: [], result: undefined };
      const stream = streams.message(Math.max(...ids));
      return { appends: [{ stream, expected: AS_READ, events }, ...cancelledReminders(links.reminders)], result: undefined };
    });
    const { q } = await topicContext(ctx, actor, channelId);
    if ((await readableTopicIds(ctx, q, channelId, topic)).length === 0) return { complete: true };
    if (performance.now() - started >= timeBudgetMs) return { complete: false };
  }
}
