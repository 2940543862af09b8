import type { ChannelCreated } from '../events/channel-events.js';
import { silentMention } from '../messages/bot-messages.js';
import type { NoticeDraft } from '../messages/move-notices.js';
import type { UserState } from '../users/user-state.js';

/** The topic of announcements, as the public server names it. */
export const NEW_CHANNELS_TOPIC = 'new channels';

type CreatedChannel = ChannelCreated['data'];

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
