import {
  channelNameKey,
  type ChannelCreated,
  type ChannelState,
  decideNotice,
  type DomainEvent,
  newChannelsAnnouncement,
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

/** A channel the command creates, and as the read model will hold it. */
interface NewChannel {
  data: ChannelCreated['data'];
  state: ChannelState;
}

function newChannels(events: ReadonlyMap<number, readonly DomainEvent[]>, createdAt: number): NewChannel[] {
  const found: NewChannel[] = [];
  for (const channelEvents of events.values()) {
    const created = channelEvents.find((event): event is ChannelCreated => event.type === 'ChannelCreated');
    if (!created) continue;
    const { settings, ...data } = created.data;
    const state: ChannelState = { ...data, settings, name_key: channelNameKey(data.name), date_created: createdAt, is_archived: false, first_message_id: null };
    found.push({ data: created.data, state });
  }
  return found;
}

/**
 * The notification bot's announcement of the public channels a command creates, appended in that
 * command, when the creator asked for it (`announce`) and the organization has a new-channel
 * announcements channel (not archived), as the public server posts it: in that channel's topic
 * "new channels", read for the creator only.
 */
export async function channelCreationNotices(ctx: ChannelNoticesDeps, creator: UserState, events: ReadonlyMap<number, readonly DomainEvent[]>, announce: boolean): Promise<StreamAppend[]> {
  const realm = await ctx.models.realm.get(REALM_KEY);
  const announcementsId = realm?.settings.new_stream_announcements_stream_id ?? -1;
  if (!announce || announcementsId < 0) return [];
  const created = newChannels(events, ctx.clock.now());
  const bot = await notificationBot(ctx);
  const world = await channelContext(ctx, bot.user_id, [], [announcementsId]);
  const target = world.channels.get(announcementsId);
  const draft = newChannelsAnnouncement(creator, created.map((channel) => channel.data), announce, target && !target.is_archived ? target.channel_id : null);
  if (!draft) return [];
  // The new channels are not in the read models yet: the announcement's links must still find them.
  const channels = new Map(world.channels);
  for (const channel of created) channels.set(channel.state.channel_id, channel.state);
  const render = await renderer(ctx, { ...world, channels });
  const message_id = await ctx.ids.next('message');
  const sent = decideNotice(world, { message_id, bot, draft, subscribers: world.subscriptions.subscribers(announcementsId), rendered: render(draft.content) });
  return [{ stream: streams.message(message_id), expected: 'no_stream', events: [sent] }];
}
