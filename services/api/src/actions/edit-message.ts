import {
  type AccessWorld,
  type AttachmentRecord,
  canReadChannelHistory,
  type ChannelContext,
  decideEditMessage,
  decideNotice,
  type EditFacts,
  type EditRequest,
  type MessageState,
  normalizedTopic,
  streams,
  type TopicMessage,
} from '@chat/core';
import { hasAlertWord } from '@chat/markdown';
import { REALM_KEY } from '@chat/projections';
import { topicKey } from '@chat/readstore';
import { AS_READ, type Origin, type StreamAppend } from '../commands/command-bus.js';
import { ChannelQuery } from '../queries/channel-query.js';
import { readableMessage } from '../queries/message-access.js';
import { receiversAlertWords } from './alert-words.js';
import { uploadsDetachedBy } from './detached-uploads.js';
import { channelContext } from './channel-context.js';
import { renderer } from './send-message.js';
import { notificationBot } from './system-bots.js';
import type { Allocates, Clocked, Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What editMessage uses. */
type EditMessageDeps = Commands & Clocked & Configured & Allocates & Uses<'models' | 'organization'>;

export interface EditResult {
  /** The editor's uploads whose last link the edit removed. */
  detached_uploads: AttachmentRecord[];
}

/** The ids of a topic the user may read: all of it where they may read the channel's history, else those they hold. */
async function readableTopicIds(ctx: Reads<'channels' | 'messages'>, world: AccessWorld, userId: number, channelId: number, topic: string): Promise<number[]> {
  const ids = await ctx.models.messages.topicIds(channelId, topic);
  const channel = await ctx.models.channels.get(channelId);
  if (channel && canReadChannelHistory(world, channel, userId)) return ids;
  const held = await ctx.models.messages.flagsOf(userId, ids);
  return ids.filter((id) => held.has(id));
}

/** Where the messages would arrive, as the decider will name it (an unusable topic is the decider's to refuse). */
function destination(message: MessageState, req: EditRequest): { channelId: number; topic: string } | null {
  const recipient = message.recipient;
  if (recipient.type !== 'channel' || (req.topic === undefined && req.stream_id === undefined)) return null;
  let topic = recipient.topic;
  try {
    if (req.topic !== undefined) topic = normalizedTopic(req.topic);
  } catch {
    return null;
  }
  return { channelId: req.stream_id ?? recipient.channel_id, topic };
}

/** What the decision reads about the message, its topic and where a move would take it. */
async function editFacts(ctx: Configured & Uses<'models' | 'organization'>, cc: ChannelContext, message: MessageState, req: EditRequest): Promise<EditFacts> {
  const actorId = cc.actor.user_id;
  const recipient = message.recipient;
  let topic: TopicMessage[] = [];
  let topicParticipants: number[] = [];
  const topicPolicies = new Map<number, number>();
  if (recipient.type === 'channel') {
    const ids = await readableTopicIds(ctx, cc, actorId, recipient.channel_id, recipient.topic);
    topic = (await ctx.models.messages.getMany(ids)).map(({ id, date_sent }) => ({ id, date_sent }));
    topicParticipants = await ctx.models.messages.topicSenders(recipient.channel_id, recipient.topic);
    for (const policy of await ctx.models.userTopics.findMany('channel_id', recipient.channel_id)) {
      if (topicKey(policy.topic) === topicKey(recipient.topic)) topicPolicies.set(policy.user_id, policy.visibility_policy);
    }
  }
  // A move into another channel changes rows of every message it may take; otherwise only the message's holders matter.
  const holderIds = req.stream_id !== undefined ? [...new Set([message.id, ...topic.map((m) => m.id)])] : [message.id];
  const holders = new Map<number, number[]>();
  for (const id of holderIds) holders.set(id, await ctx.models.messages.holders(id));
  const place = destination(message, req);
  return {
    message,
    holders,
    topic,
    topicParticipants,
    topicPolicies,
    destination: place ? await readableTopicIds(ctx, cc, actorId, place.channelId, place.topic) : [],
    render: await renderer(ctx, cc, [], cc.actor),
    hasAlertWord,
  };
}

/**
 * PATCH /messages/{message_id}: decides the edit from the message as the actor may read it, appends it
 * to the message's stream (so edits of one message are ordered, and a conflicting one decided again),
 * and posts the notices it causes as the notification bot, in the same command.
 */
export async function editMessage(ctx: EditMessageDeps, origin: Origin, actorId: number, messageId: number, req: EditRequest): Promise<EditResult> {
  return ctx.bus.run(origin, async () => {
    const realm = await ctx.models.realm.get(REALM_KEY);
    const actor = await ctx.models.users.get(actorId);
    if (!realm || !actor) throw new Error('organization not initialised');
    const { message } = await readableMessage(ctx, await ChannelQuery.open(ctx, actor), messageId);
    const recipient = message.recipient;
    const channelIds = recipient.type === 'channel' ? [recipient.channel_id, ...(req.stream_id !== undefined ? [req.stream_id] : [])] : [];
    const cc = await channelContext(ctx, actorId, [], channelIds);
    const facts = await editFacts(ctx, cc, message, req);
    const alertWords = await receiversAlertWords(ctx, new Set(facts.holders.get(message.id)));
    const decision = decideEditMessage({ ...cc, settings: realm.settings, alertWords, now: ctx.clock.now() }, facts, req);
    const stream = streams.message(messageId);
    const appends: StreamAppend[] = [{ stream, expected: AS_READ, events: [decision.event] }];
    // A move depends on every message it moves: none of them may change (be deleted, moved) meanwhile.
    if (decision.event.type === 'MessagesMoved') {
      for (const id of decision.event.data.message_ids) if (id !== messageId) appends.push({ stream: streams.message(id), expected: AS_READ, events: [] });
    }
    const bot = decision.notices.length > 0 ? await notificationBot(ctx) : null;
    for (const draft of decision.notices) {
      if (!bot) break;
      const message_id = await ctx.ids.next('message');
      const subscribers = cc.subscriptions.subscribers(draft.place.channel_id);
      const sent = decideNotice(cc, { message_id, bot, draft, subscribers, rendered: facts.render(draft.content) });
      appends.push({ stream: streams.message(message_id), expected: 'no_stream', events: [sent] });
    }
    return { appends, result: { detached_uploads: await uploadsDetachedBy(ctx, actorId, decision.event) } };
  });
}
