import { badRequest } from '../errors.js';
import type { ChannelState, TopicsPolicy } from '../channels/channel-state.js';
import { EMPTY_TOPIC_DISPLAY_NAME, MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH } from '../realm/realm-constants.js';
import type { RealmSettings } from '../realm/realm-settings.js';

/** A resolved topic is its name behind this prefix. */
export const RESOLVED_TOPIC_PREFIX = '✔ ';

/** `(no topic)` and the display name of the empty topic both mean the empty topic. */
export const canonicalTopic = (topic: string): string => {
  const trimmed = topic.trim();
  return trimmed === '(no topic)' || trimmed === EMPTY_TOPIC_DISPLAY_NAME ? '' : trimmed;
};

/** What ends a topic that was cut: three dots, as the public server writes them. */
export const TOPIC_TRUNCATION_MARK = '...';

/** Over-long topics are cut, as the public server does, to the maximum length with the mark at the end. */
export function boundedTopic(topic: string): string {
  const chars = [...topic];
  return chars.length <= MAX_TOPIC_LENGTH ? topic : `${chars.slice(0, MAX_TOPIC_LENGTH - TOPIC_TRUNCATION_MARK.length).join('')}${TOPIC_TRUNCATION_MARK}`;
}

/** A topic as a client named it, made the one it means: canonical (the empty topic's names), cut, and free of control characters. */
export function normalizedTopic(raw: string): string {
  const topic = boundedTopic(canonicalTopic(raw));
  if (/[\u0000-\u001f\u007f]/u.test(topic)) throw badRequest("Invalid character in 'topic'");
  return topic;
}

/** The channel's policy, with `inherit` resolved to the organization's. */
export function effectiveTopicsPolicy(channel: ChannelState, realm: RealmSettings): Exclude<TopicsPolicy, 'inherit'> {
  return channel.topics_policy === 'inherit' ? realm.topics_policy : channel.topics_policy;
}

/** A topic a message may be sent to (or moved to) in this channel, after canonicalising and bounding. */
export function checkTopicForChannel(raw: string, channel: ChannelState, realm: RealmSettings): string {
  const topic = normalizedTopic(raw);
  const policy = effectiveTopicsPolicy(channel, realm);
  if (policy === 'empty_topic_only' && topic !== '') {
    throw badRequest(`Invalid 'topic': only the "${EMPTY_TOPIC_DISPLAY_NAME}" topic is allowed in this channel.`);
  }
  if (policy === 'disable_empty_topic' && topic === '') {
    throw badRequest("Invalid 'topic': sending messages to the general chat topic is not allowed in this channel.");
  }
  return topic;
}

/**
 * Content: trailing white space and leading blank lines dropped, not empty, no NUL character, and
 * over-long content cut with a marker, as the public server does.
 */
export function checkContent(raw: string): string {
  const content = raw.replace(/\r\n?/g, '\n').trimEnd().replace(/^\n+/, '');
  if (content.trim() === '') throw badRequest("Invalid 'content': message must not be empty");
  if (content.includes('\u0000')) throw badRequest("Invalid 'content': message must not contain null bytes");
  const chars = [...content];
  if (chars.length <= MAX_MESSAGE_LENGTH) return content;
  const marker = '\n[message truncated]';
  return chars.slice(0, MAX_MESSAGE_LENGTH - marker.length).join('') + marker;
}
