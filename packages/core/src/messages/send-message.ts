import { hasContentAccess } from '../channels/channel-access.js';
import type { ChannelState } from '../channels/channel-state.js';
import { badRequest, streamDoesNotExist } from '../errors.js';
import type { MessageSent, UserTopicChanged } from '../events/message-events.js';
import type { AccessWorld } from '../channels/channel-access.js';
import { isUserInSetting } from '../groups/group-setting.js';
import type { RealmSettings } from '../realm/realm-settings.js';
import type { UserState } from '../users/user-state.js';
import { checkContent, checkTopicForChannel } from './topic-rules.js';
import { policyAfterSending, VisibilityPolicy } from './visibility-policy.js';
import { visibilityPolicyName } from './visibility-policy-names.js';
import { checkGroupMentions, checkWildcardMentions, contentFlags, type RenderedContent, topicReach } from './content-flags.js';

/** A channel target as the action found it: the channel (if any) and what the send needs to know of it. */
export interface ChannelTarget {
  type: 'channel';
  /** The name or id the request gave, for the error when nothing matches. */
  requested: string;
  channel: ChannelState | undefined;
  subscribers: readonly number[];
  topic: string;
  /** Users who have sent to the topic (for topic wildcard mentions), and whether it has any message. */
  topicParticipants: readonly number[];
  /** Users' current visibility policy for the topic, by user id (absent means inherit). */
  topicPolicies: ReadonlyMap<number, number>;
  senderMutedChannel: boolean;
}

export interface DirectTarget {
  type: 'direct';
  /** The recipients the request named, resolved; the decider checks each is an active user. */
  recipients: readonly (UserState | { missing: string | number })[];
  /** Whether these participants have exchanged a direct message before; absent means they have not. */
  conversationExists?: boolean;
}

export interface SendContext extends AccessWorld {
  sender: UserState;
  settings: RealmSettings;
  alertWords: ReadonlyMap<number, readonly string[]>;
  /** Users who muted the sender: the message starts read for them. */
  mutedBy: ReadonlySet<number>;
}

export interface SendCommand {
  message_id: number;
  target: ChannelTarget | DirectTarget;
  content: string;
  /** Renders the (checked) content against the world; passed in so the domain keeps no renderer. */
  render: (content: string) => RenderedContent;
  hasAlertWord: (content: string, words: readonly string[]) => boolean;
  read_by_sender: boolean;
}

export interface SendDecision {
  sent: MessageSent;
  /** Visibility changes the send causes (the sender's, and followers-when-mentioned), per user. */
  userTopics: UserTopicChanged[];
  automatic_new_visibility_policy: number | null;
}

function channelReceivers(ctx: SendContext, target: ChannelTarget): { channel: ChannelState; receivers: number[]; subscriberCount: number; topic: string } {
  const channel = target.channel;
  const senderId = ctx.sender.user_id;
  if (!channel || !hasContentAccess(ctx, channel, senderId)) throw streamDoesNotExist(target.requested);
  if (channel.is_archived) throw badRequest(`Not authorized to send to channel '${channel.name}': it is archived.`);
  if (!isUserInSetting(ctx, channel.settings.can_send_message_group, senderId)) {
    throw badRequest(`You do not have permission to post in channel '${channel.name}'.`);
  }
  const topic = checkTopicForChannel(target.topic, channel, ctx.settings);
  const active = target.subscribers.filter((id) => ctx.users.get(id)?.is_active === true);
  return { channel, receivers: [...new Set([...active, senderId])].sort((a, b) => a - b), subscriberCount: active.length, topic };
}

function directReceivers(ctx: SendContext, target: DirectTarget): number[] {
  if (target.recipients.length === 0) throw badRequest("Invalid 'to': a direct message needs at least one recipient.");
  const ids = new Set([ctx.sender.user_id]);
  const others: UserState[] = [];
  for (const recipient of target.recipients) {
    if ('missing' in recipient) {
      throw badRequest(typeof recipient.missing === 'number' ? `Invalid user ID ${recipient.missing}` : `Invalid email '${recipient.missing}'`);
    }
    if (!recipient.is_active) throw badRequest(`'${recipient.full_name}' is no longer using this organization.`);
    ids.add(recipient.user_id);
    if (recipient.user_id !== ctx.sender.user_id && !recipient.is_bot) others.push(recipient);
  }
  checkDirectPermissions(ctx, others, target.conversationExists === true);
  return [...ids].sort((a, b) => a - b);
}

/**
 * The organization's direct message permissions, which never stop messages to oneself or to bots:
 * outside direct_message_permission_group a sender may only write to conversations whose other
 * people are all in it; outside direct_message_initiator_group, only to conversations that exist.
 */
function checkDirectPermissions(ctx: SendContext, others: readonly UserState[], conversationExists: boolean): void {
  if (others.length === 0) return;
  const senderId = ctx.sender.user_id;
  const permission = ctx.realm.direct_message_permission_group;
  if (!isUserInSetting(ctx, permission, senderId) && others.some((user) => !isUserInSetting(ctx, permission, user.user_id))) {
    const nobody = typeof permission === 'number' && ctx.groups.get(permission)?.name === 'role:nobody';
    throw badRequest(nobody ? 'Direct messages are disabled in this organization.' : 'You do not have permission to send direct messages to this recipient.');
  }
  if (!conversationExists && !isUserInSetting(ctx, ctx.realm.direct_message_initiator_group, senderId)) {
    throw badRequest('You do not have permission to initiate direct message conversations.');
  }
}

/**
 * POST /messages: a channel message to the channel's subscribers (the sender may post without being
 * one, where they may read the channel), or a direct message to the named users. Flags are decided
 * per receiver here so that projections only record them.
 */
export function decideSendMessage(ctx: SendContext, cmd: SendCommand): SendDecision {
  const content = checkContent(cmd.content);
  const senderId = ctx.sender.user_id;
  const target = cmd.target;
  let receivers: number[];
  let recipient: MessageSent['data']['recipient'];
  let channelTarget: { channel: ChannelState; subscriberCount: number; topic: string } | null = null;
  if (target.type === 'channel') {
    const resolved = channelReceivers(ctx, target);
    receivers = resolved.receivers;
    channelTarget = resolved;
    recipient = { type: 'channel', channel_id: resolved.channel.channel_id, topic: resolved.topic };
  } else {
    receivers = directReceivers(ctx, target);
    recipient = { type: 'direct', user_ids: receivers };
  }

  const rendered = cmd.render(content);
  const author = { world: ctx, authorId: senderId };
  checkGroupMentions(author, rendered);
  // A topic wildcard reaches the topic's participants (the sender among them); a direct conversation has no topic.
  const topicParticipants = target.type === 'channel' ? target.topicParticipants : null;
  if (channelTarget) checkWildcardMentions(author, rendered, channelTarget.subscriberCount, topicReach(topicParticipants, senderId).size);
  const flags = contentFlags({ ...author, receivers, content, rendered, topicParticipants, alertWords: ctx.alertWords, hasAlertWord: cmd.hasAlertWord });
  const sent: MessageSent = {
    type: 'MessageSent',
    data: {
      message_id: cmd.message_id,
      sender_id: senderId,
      recipient,
      content,
      rendered_content: rendered.html,
      is_me_message: rendered.is_me_message,
      receivers,
      read: receivers.filter((userId) => (userId === senderId ? cmd.read_by_sender : ctx.mutedBy.has(userId))),
      flags,
    },
  };
  if (target.type !== 'channel' || !channelTarget) return { sent, userTopics: [], automatic_new_visibility_policy: null };

  const { channel, topic } = channelTarget;
  const startsTopic = target.topicParticipants.length === 0;
  const userTopics: UserTopicChanged[] = [];
  const change = (user_id: number, visibility_policy: number): void => {
    userTopics.push({ type: 'UserTopicChanged', data: { user_id, channel_id: channel.channel_id, topic, visibility_policy: visibilityPolicyName(visibility_policy) } });
  };
  const policy = policyAfterSending({
    current: target.topicPolicies.get(senderId) ?? VisibilityPolicy.Inherit,
    followSetting: ctx.sender.settings.automatically_follow_topics_policy,
    unmuteSetting: ctx.sender.settings.automatically_unmute_topics_in_muted_streams_policy,
    channelMuted: target.senderMutedChannel,
    startsTopic,
  });
  if (policy !== null) change(senderId, policy);
  for (const userId of flags.mentioned) {
    const user = ctx.users.get(userId);
    if (userId === senderId || !user?.settings.automatically_follow_topics_where_mentioned) continue;
    if ((target.topicPolicies.get(userId) ?? VisibilityPolicy.Inherit) !== VisibilityPolicy.Followed) change(userId, VisibilityPolicy.Followed);
  }
  return { sent, userTopics, automatic_new_visibility_policy: policy };
}
