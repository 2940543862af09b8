import { administratorRequired, badRequest } from '../errors.js';
import type { ChannelEvent } from '../events/channel-events.js';
import { isAdminRole } from '../roles.js';
import { ChannelChangeSet } from './channel-changes.js';
import type { ChannelContext } from './channel-context.js';
import { requireVisibleChannel } from './channel-lookup.js';

/** Default channels are organization-wide: only administrators choose them. */
export function requireDefaultsAdministrator(ctx: ChannelContext): void {
  if (!isAdminRole(ctx.actor.role)) throw administratorRequired();
}

/** New users join default channels, so a default channel is public and not archived. */
export function checkDefaultChannel(state: { invite_only: boolean; is_archived: boolean }): void {
  if (state.invite_only) throw badRequest('Private channels cannot be made default.');
  if (state.is_archived) throw badRequest('Archived channels cannot be made default.');
}

/** POST and DELETE /default_streams: adds or removes one channel; asking for what already holds appends nothing. */
export function decideDefaultChannel(ctx: ChannelContext, channelId: number, isDefault: boolean): ChannelEvent[] {
  requireDefaultsAdministrator(ctx);
  const channel = requireVisibleChannel(ctx, channelId);
  if (isDefault) checkDefaultChannel(channel);
  const changes = new ChannelChangeSet(channel);
  changes.set('is_default', isDefault);
  const event = changes.event();
  return event ? [event] : [];
}
