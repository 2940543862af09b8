import { VisibilityPolicy } from './visibility-policy.js';

/**
 * Whether a channel conversation is muted for a user's unread counts: a muted topic, or a topic of a
 * muted channel that the user has not unmuted or followed. Muted unread messages are still listed
 * but are left out of the unread count, and their wildcard mentions out of the mentions.
 */
export function isMutedConversation(channelMuted: boolean, visibilityPolicy: number): boolean {
  if (visibilityPolicy === VisibilityPolicy.Muted) return true;
  if (!channelMuted) return false;
  return visibilityPolicy !== VisibilityPolicy.Unmuted && visibilityPolicy !== VisibilityPolicy.Followed;
}
