import {
  type ChannelState,
  type ChannelTarget,
  DEFAULT_REALM_SETTINGS,
  type RenderedContent,
  type SendCommand,
  type SendContext,
  type UserState,
} from '@chat/core';
import { channelContext, type ChannelWorldGiven } from './channel-factory.js';

/** A send decision's world: the users, channels and subscriptions given, as the sender sees them. */
export function sendContext(
  sender: UserState,
  given: ChannelWorldGiven & { alertWords?: Map<number, string[]>; mutedBy?: Set<number> },
): SendContext {
  const world = channelContext(sender, given);
  return { ...world, sender, settings: { ...DEFAULT_REALM_SETTINGS }, alertWords: given.alertWords ?? new Map(), mutedBy: given.mutedBy ?? new Set() };
}

/** A renderer stand-in: wraps the content in a paragraph and reports the mentions it is told of. */
export const renders =
  (facts: Partial<Omit<RenderedContent, 'html'>> = {}) =>
  (content: string): RenderedContent => ({
    html: `<p>${content}</p>`,
    mentioned_user_ids: [],
    mentioned_group_ids: [],
    stream_wildcard: false,
    topic_wildcard: false,
    is_me_message: false,
    ...facts,
  });

export function toChannel(channel: ChannelState | undefined, overrides: Partial<ChannelTarget> = {}): ChannelTarget {
  return {
    type: 'channel',
    requested: channel?.name ?? 'nowhere',
    channel,
    subscribers: [],
    topic: 'lunch',
    topicParticipants: [],
    topicPolicies: new Map(),
    senderMutedChannel: false,
    ...overrides,
  };
}

export function sendCommand(target: SendCommand['target'], overrides: Partial<SendCommand> = {}): SendCommand {
  return {
    message_id: 100,
    target,
    content: 'Hello',
    render: renders(),
    hasAlertWord: (content, words) => words.some((word) => content.toLowerCase().includes(word)),
    read_by_sender: true,
    ...overrides,
  };
}
