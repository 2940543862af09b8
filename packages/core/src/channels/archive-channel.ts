import { badRequest } from '../errors.js';
import type { ChannelEvent } from '../events/channel-events.js';
import { ChannelChangeSet } from './channel-changes.js';
import type { ChannelContext } from './channel-context.js';
import { requireAdministeredChannel } from './channel-lookup.js';

/**
 * DELETE /streams/{stream_id}: channel administrators archive a channel. An archived channel stops
 * being a default channel (new users would join a channel nobody can post in); unarchiving does not
 * make it one again.
 */
export function decideArchiveChannel(ctx: ChannelContext, channelId: number): ChannelEvent[] {
  const channel = requireAdministeredChannel(ctx, channelId);
  if (channel.is_archived) throw badRequest('Channel is already archived');
  const changes = new ChannelChangeSet(channel);
  changes.set('is_default', false);
  const undefaulted = changes.event();
  return [...(undefaulted ? [undefaulted] : []), { type: 'ChannelArchived', data: { channel_id: channelId } }];
}
