import {
  type ActivePushDevice,
  isActivePushDevice,
  type MessageState,
  type PushChannelView,
  pushesWhilePresent,
  type PushTokenState,
  pushTrigger,
  subscriptionKey,
  VisibilityPolicy,
} from '@chat/core';
import { userTopicKey } from '@chat/projections';
import { visibleStatus } from '@chat/realtime';
import { pushDevicesOf } from '../queries/push-device-reads.js';
import type { Clocked, Reads, Uses } from '../dependencies.js';

/** What messagePushReceivers uses. */
type MessagePushReceiversDeps = Clocked & Reads<'messages' | 'pushDevices' | 'subscriptions' | 'userTopics' | 'users'> & Uses<'presence'>;

/** A receiver to push now, with the devices to reach. */
export interface PushReceiverDevices {
  user_id: number;
  tokens: PushTokenState[];
  sealed: ActivePushDevice[];
}

async function channelView(ctx: Reads<'subscriptions' | 'userTopics'>, userId: number, message: MessageState): Promise<PushChannelView | null> {
  if (message.recipient.type !== 'channel') return null;
  const { channel_id, topic } = message.recipient;
  const subscription = await ctx.models.subscriptions.get(subscriptionKey(userId, channel_id));
  const policy = await ctx.models.userTopics.get(userTopicKey(userId, channel_id, topic));
  return { subscription: subscription?.active ? subscription : null, visibility_policy: policy?.visibility_policy ?? VisibilityPolicy.Inherit };
}

/**
 * Which of the job's candidates get a push now: the rules (settings, muting, the message still
 * unread), then presence (active on another client), then devices (none: nothing to send).
 */
export async function messagePushReceivers(ctx: MessagePushReceiversDeps, message: MessageState, candidates: readonly number[]): Promise<PushReceiverDevices[]> {
  const now = Math.floor(ctx.clock.now() / 1000);
  const receivers: PushReceiverDevices[] = [];
  for (const userId of candidates) {
    const user = await ctx.models.users.get(userId);
    const flags = (await ctx.models.messages.flagsOf(userId, [message.id])).get(message.id);
    if (!user || flags === undefined) continue;
    const trigger = pushTrigger({ is_bot: user.is_bot, is_active: user.is_active, settings: user.settings, flags, channel: await channelView(ctx, userId, message) });
    if (trigger === null) continue;
    if (!pushesWhilePresent(visibleStatus(ctx.presence.get(userId), now) === 'active', user.settings)) continue;
    const { tokens, e2ee } = await pushDevicesOf(ctx, userId);
    const sealed = e2ee.filter(isActivePushDevice);
    if (tokens.length + sealed.length > 0) receivers.push({ user_id: userId, tokens, sealed });
  }
  return receivers;
}
