import {
  channelCreatedNotice,
  channelNameKey,
  type ChannelCreated,
  type ChannelState,
  decideNotice,
  type DomainEvent,
  newChannelsAnnouncement,
  type NoticeDraft,
  streams,
  type UserState,
} from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import type { StreamAppend } from '../commands/command-bus.js';
import type { Allocates, Clocked, Configured, Reads, Uses } from '../dependencies.js';
import { channelContext } from './channel-context.js';
import { renderer } from './send-message.js';
import { notificationBot } from './system-bots.js';

/** What channelCreationNotices uses. */
type ChannelNoticesDeps = Configured & Clocked & Allocates & Reads<'realm' | 'subscriptions' | 'users'> & Uses<'models' | 'organization'>;

/** A channel the command creates, as the read model will hold it, and who it starts with. */
interface NewChannel {
  data: ChannelCreated['data'];
  state: ChannelState;
  subscribers: number[];
}

function newChannels(events: ReadonlyMap<number, readonly DomainEvent[]>, createdAt: number): NewChannel[] {
  const found: NewChannel[] = [];
  for (const channelEvents of events.values()) {
    const created = channelEvents.find((event): event is ChannelCreated => event.type === 'ChannelCreated');
    if (!created) continue;
    const subscribers = channelEvents.flatMap((event) => (event.type === 'SubscriptionAdded' ? event.data.subscriptions.map((sub) => sub.user_id) : []));
    const { settings, ...data } = created.data;
    const state: ChannelState = { ...data, settings, name_key: channelNameKey(data.name), date_created: createdAt, is_archived: false, first_message_id: null };
    found.push({ data: created.data, state, subscribers });
  }
  return found;
}

/**
 * The notification bot's messages about the channels a command creates, appended in that command, as
 * the public server posts them and in its order: when the creator asked for it (`announce`) and the
 * organization has a new-channel announcements channel (not archived), the announcement there (topic
 * "new channels"); then each new channel's own notice (topic "channel events"). Each is read for the
 * creator only.
 */
export async function channelCreationNotices(ctx: ChannelNoticesDeps, creator: UserState, events: ReadonlyMap<number, readonly DomainEvent[]>, announce: boolean): Promise<StreamAppend[]> {
  const created = newChannels(events, ctx.clock.now());
  if (created.length === 0) return [];
  const realm = await ctx.models.realm.get(REALM_KEY);
  const announcementsId = announce ? (realm?.settings.new_stream_announcements_stream_id ?? -1) : -1;
  const bot = await notificationBot(ctx);
  const world = await channelContext(ctx, bot.user_id, [], announcementsId < 0 ? [] : [announcementsId]);
  const target = world.channels.get(announcementsId);
  const notices: { draft: NoticeDraft; subscribers: readonly number[] }[] = [];
  const announcement = newChannelsAnnouncement(creator, created.map((channel) => channel.data), announce, target && !target.is_archived ? target.channel_id : null);
  if (announcement) notices.push({ draft: announcement, subscribers: world.subscriptions.subscribers(announcementsId) });
  for (const channel of created) notices.push({ draft: channelCreatedNotice(creator, channel.data), subscribers: channel.subscribers });
  // The new channels are not in the read models yet: the notices' links must still find them.
  const channels = new Map(world.channels);
  for (const channel of created) channels.set(channel.state.channel_id, channel.state);
  const render = await renderer(ctx, { ...world, channels });
  const appends: StreamAppend[] = [];
  for (const { draft, subscribers } of notices) {
    const message_id = await ctx.ids.next('message');
    const sent = decideNotice(world, { message_id, bot, draft, subscribers, rendered: render(draft.content) });
    appends.push({ stream: streams.message(message_id), expected: 'no_stream', events: [sent] });
  }
  return appends;
}
