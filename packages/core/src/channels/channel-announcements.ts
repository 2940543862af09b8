import type { ChannelCreated } from '../events/channel-events.js';
import { silentMention } from '../messages/bot-messages.js';
import type { NoticeDraft } from '../messages/move-notices.js';
import type { UserState } from '../users/user-state.js';

/** The topic of announcements, and of a new channel's own notice, as the public server names them. */
export const NEW_CHANNELS_TOPIC = 'new channels';
export const CHANNEL_EVENTS_TOPIC = 'channel events';

type CreatedChannel = ChannelCreated['data'];

/** The kind of channel, in the public server's words (its channel permission policies). */
function policyWords(channel: CreatedChannel): string {
  if (channel.is_web_public) return 'Web-public';
  if (!channel.invite_only) return 'Public';
  return channel.history_public_to_subscribers ? 'Private, shared history' : 'Private, protected history';
}

/**
 * The notice every new channel starts with, in its "channel events" topic: what kind of channel it
 * is, who created it, and its description quoted ("*No description.*" when it has none). Read for
 * the creator only.
 */
export function channelCreatedNotice(creator: UserState, channel: CreatedChannel): NoticeDraft {
  const description = channel.description === '' ? '*No description.*' : channel.description;
  return {
    place: { channel_id: channel.channel_id, topic: CHANNEL_EVENTS_TOPIC },
    content: `**${policyWords(channel)}** channel created by ${silentMention(creator)}. **Description:**\n\`\`\`\` quote\n${description}\n\`\`\`\``,
    read: { only: [creator.user_id] },
  };
}

/**
 * The announcement in the organization's new-channel announcements channel, when the creator asked
 * for one (`announce`) and the organization has that channel. Private channels are not announced:
 * their existence is not everyone's to know.
 */
export function newChannelsAnnouncement(creator: UserState, created: readonly CreatedChannel[], announce: boolean, announcementsChannelId: number | null): NoticeDraft | null {
  const announced = created.filter((channel) => !channel.invite_only);
  if (!announce || announcementsChannelId === null || announced.length === 0) return null;
  const links = announced.map((channel) => `#**${channel.name}**`).join(', ');
  const who = silentMention(creator);
  const content = announced.length > 1 ? `${who} created the following channels: ${links}.` : `${who} created a new channel ${links}.`;
  return { place: { channel_id: announcementsChannelId, topic: NEW_CHANNELS_TOPIC }, content, read: { only: [creator.user_id] } };
}
