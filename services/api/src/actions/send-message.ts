import { mutersOf } from './muted-users.js';
import {
  badRequest,
  type ChannelContext,
  channelByName,
  type ChannelTarget,
  decideSendMessage,
  type DirectTarget,
  type MessageSent,
  hasContentAccess,
  inLinkifierOrder,
  normalizedTopic,
  type RenderedContent,
  type SendContext,
  streams,
  type UserState,
  VisibilityPolicy,
} from '@chat/core';
import { hasAlertWord, MarkdownRenderingError, possibleReferences, renderMessage, type RenderWorld, worldFromLists } from '@chat/markdown';
import { REALM_KEY } from '@chat/projections';
import { topicKey } from '@chat/readstore';
import type { Origin, StreamAppend } from '../commands/command-bus.js';
import { userStreamAppends } from '../commands/user-stream-append.js';
import { receiversAlertWords } from './alert-words.js';
import { customEmojiOf } from './emoji-catalog.js';
import { channelContext } from './channel-context.js';
import { principalAddresses } from '../queries/principal-addresses.js';
import type { Allocates, Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What renderer uses. */
type RendererDeps = Configured & Uses<'models' | 'organization'>;
/** What sendMessage uses. */
export type SendMessageDeps = Commands & Configured & Allocates & Uses<'models' | 'organization'>;

export interface SendInput {
  type: 'channel' | 'direct';
  /** A channel name or id; or the direct recipients' ids or addresses. */
  to: string | number | readonly (string | number)[];
  topic: string | undefined;
  content: string;
  read_by_sender: boolean;
  /** The sender's queue doing local echo, and the id it gave the message. */
  local_echo?: { queue_id: string; local_id: string };
}

export interface SendResult {
  id: number;
  automatic_new_visibility_policy?: number;
}

/** A channel named by id (a number, or digits) or by name; a one-element list stands for its element. */
export function channelRef(to: SendInput['to']): string | number {
  if (Array.isArray(to) && to.length !== 1) throw badRequest("Invalid 'to': a channel message goes to exactly one channel.");
  const ref = Array.isArray(to) ? to[0] : (to as string | number);
  return typeof ref === 'string' && /^\d+$/.test(ref.trim()) ? Number(ref) : ref;
}

/**
 * The channel and what the send needs of it. The topic is looked up as it will be stored (canonical
 * and cut), so a long topic's participants and policies are those of the topic the message joins.
 */
async function channelTarget(ctx: Reads<'messages' | 'subscriptions' | 'userTopics'>, cc: ChannelContext, input: SendInput): Promise<ChannelTarget> {
  const ref = channelRef(input.to);
  const channel = typeof ref === 'number' ? cc.channels.get(ref) : channelByName(cc, ref);
  const topic = normalizedTopic(input.topic ?? '');
  if (!channel) {
    return { type: 'channel', requested: String(ref), channel, subscribers: [], topic, topicParticipants: [], topicPolicies: new Map(), senderMutedChannel: false };
  }
  const channelId = channel.channel_id;
  const rows = await ctx.models.subscriptions.findMany('channel_id', channelId);
  const policies = await ctx.models.userTopics.findMany('channel_id', channelId);
  return {
    type: 'channel',
    requested: String(ref),
    channel,
    subscribers: rows.filter((row) => row.active).map((row) => row.user_id),
    topic,
    topicParticipants: await ctx.models.messages.topicSenders(channelId, topic),
    topicPolicies: new Map(
      policies.filter((policy) => topicKey(policy.topic) === topicKey(topic)).map((policy) => [policy.user_id, policy.visibility_policy]),
    ),
    senderMutedChannel: rows.some((row) => row.user_id === cc.actor.user_id && row.active && row.is_muted),
  };
}

/** The named recipients (by id or by an address the sender may use), and whether the conversation exists. */
async function directTarget(ctx: Configured & Reads<'messages'>, cc: ChannelContext, to: SendInput['to']): Promise<DirectTarget> {
  const refs = Array.isArray(to) ? to : [to as string | number];
  const addressesOf = principalAddresses(ctx, cc.actor);
  const users = [...cc.users.values()];
  const recipients = refs.map((ref) => {
    const found =
      typeof ref === 'number'
        ? cc.users.get(ref)
        : users.find((user) => addressesOf(user).some((address) => address.toLowerCase() === ref.trim().toLowerCase()));
    return found ?? { missing: ref };
  });
  const found = recipients.filter((recipient): recipient is UserState => !('missing' in recipient));
  const participants = [...new Set([cc.actor.user_id, ...found.map((user) => user.user_id)])];
  const conversationExists = (await ctx.models.messages.directRecipientId(participants)) !== undefined;
  return { type: 'direct', recipients, conversationExists };
}

/** Who could receive the message: the alert words of those are needed (the decider picks the receivers). */
const possibleReceivers = (target: ChannelTarget | DirectTarget): Set<number> =>
  new Set(target.type === 'channel' ? target.subscribers : target.recipients.flatMap((recipient) => ('missing' in recipient ? [] : [recipient.user_id])));

async function sendContext(ctx: Uses<'models'>, cc: ChannelContext, target: ChannelTarget | DirectTarget): Promise<SendContext> {
  const realm = await ctx.models.realm.get(REALM_KEY);
  if (!realm) throw new Error('organization not initialised');
  return { ...cc, sender: cc.actor, settings: realm.settings, alertWords: await receiversAlertWords(ctx, possibleReceivers(target)), mutedBy: await mutersOf(ctx.models, cc.actor.user_id) };
}

/** What rendering needs of a person it may name. */
type Mentionable = Pick<UserState, 'user_id' | 'full_name' | 'is_active'>;

const folded = (names: readonly string[]): Set<string> => new Set(names.map((name) => name.toLowerCase()));

/**
 * Renders against what the content could name: only the users, groups and channels its text could
 * refer to are handed to the renderer, found through the organization snapshot's indexes. `joining`
 * are accounts the same command creates, which a notice may name before the read models hold them.
 * `sender`, when a person sends the content (not a bot's notice), brings their emoticon setting.
 */
export async function renderer(
  ctx: RendererDeps,
  cc: ChannelContext,
  joining: readonly Mentionable[] = [],
  sender?: Pick<UserState, 'settings'>,
): Promise<(content: string) => RenderedContent> {
  const { usersByName } = await ctx.organization.current();
  const realmUrl = ctx.config.externalUrl.replace(/\/$/, '');
  const linkifiers = inLinkifierOrder(await ctx.models.linkifiers.all());
  const customEmoji = await customEmojiOf(ctx.models);
  return (content: string) => {
    const refs = possibleReferences(content);
    const users = new Set<Mentionable>(refs.user_names.flatMap((name) => usersByName.get(name.toLowerCase()) ?? []));
    for (const id of refs.user_ids) {
      const user = cc.users.get(id) ?? joining.find((each) => each.user_id === id);
      if (user) users.add(user);
    }
    const groupNames = folded(refs.group_names);
    const channelNames = folded(refs.channel_names);
    const world = worldFromLists({
      realmUrl,
      users: [...users].map((user) => ({ id: user.user_id, full_name: user.full_name, is_active: user.is_active })),
      groups: groupNames.size === 0 ? [] : [...cc.groups.values()]
        .filter((group) => groupNames.has(group.name.toLowerCase()))
        .map((group) => ({ id: group.id, name: group.name, is_system_group: group.is_system_group, deactivated: group.deactivated })),
      channels: channelNames.size === 0 ? [] : [...cc.channels.values()]
        .filter((channel) => channelNames.has(channel.name.toLowerCase()))
        .map((channel) => ({ id: channel.channel_id, name: channel.name })),
      canLinkChannel: (link) => {
        const channel = cc.channels.get(link.id);
        return channel !== undefined && hasContentAccess(cc, channel, cc.actor.user_id);
      },
      linkifiers,
      customEmoji,
      translateEmoticons: sender?.settings.translate_emoticons ?? false,
    });
    return renderOrRefuse(content, world);
  };
}

/** The public server's answer to content it cannot render (its HTML too long, or the renderer broken on it). */
function renderOrRefuse(content: string, world: RenderWorld): RenderedContent {
  try {
    return renderMessage(content, world);
  } catch (error) {
    if (error instanceof MarkdownRenderingError) throw badRequest('Unable to render message');
    throw error;
  }
}

/** A send decided as `senderId` would send it now: the stream appends (topic policies first, the message last) and the answer. */
export async function sendDecision(ctx: RendererDeps, senderId: number, input: SendInput, message_id: number): Promise<{ appends: StreamAppend[]; result: SendResult; sent: MessageSent }> {
  const cc = await channelContext(ctx, senderId);
  const target = input.type === 'channel' ? await channelTarget(ctx, cc, input) : await directTarget(ctx, cc, input.to);
  const decision = decideSendMessage(await sendContext(ctx, cc, target), {
    message_id,
    target,
    content: input.content,
    render: await renderer(ctx, cc, [], cc.actor),
    hasAlertWord,
    read_by_sender: input.read_by_sender,
  });
  const sent: MessageSent = input.local_echo ? { ...decision.sent, data: { ...decision.sent.data, local_echo: input.local_echo } } : decision.sent;
  const appends: StreamAppend[] = [];
  for (const change of decision.userTopics) appends.push(...(await userStreamAppends(change.data.user_id, [change])));
  appends.push({ stream: streams.message(message_id), expected: 'no_stream', events: [sent] });
  const result: SendResult = { id: message_id };
  if (decision.automatic_new_visibility_policy !== null && decision.automatic_new_visibility_policy !== VisibilityPolicy.Inherit) {
    result.automatic_new_visibility_policy = decision.automatic_new_visibility_policy;
  }
  return { appends, result, sent };
}

/**
 * POST /messages. Visibility changes are appended before the message: should one of those users'
 * streams have moved meanwhile, the retry decides again with nothing of the message recorded yet.
 */
export async function sendMessage(ctx: SendMessageDeps, origin: Origin, senderId: number, input: SendInput): Promise<SendResult> {
  return ctx.bus.run(origin, async () => {
    const { appends, result } = await sendDecision(ctx, senderId, input, await ctx.ids.next('message'));
    return { appends, result };
  });
}
