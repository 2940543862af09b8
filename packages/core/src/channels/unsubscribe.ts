import { badRequest, insufficientPermission, streamDoesNotExist } from '../errors.js';
import type { SubscriptionRemoved } from '../events/channel-events.js';
import { canRemoveSubscriber, hasMetadataAccess } from './channel-access.js';
import { channelByName, type ChannelContext } from './channel-context.js';
import type { ChannelState } from './channel-state.js';
import { type AddressesOf, resolvePrincipals } from './principals.js';

export interface UnsubscribeCommand {
  names: readonly string[];
  principals: readonly (number | string)[] | null;
  /** How principals may name each user by address; their real address when not given. */
  addressesOf?: AddressesOf;
}

export interface UnsubscribeDecision {
  events: Map<number, SubscriptionRemoved[]>;
  removed: string[];
  not_removed: string[];
}

/**
 * DELETE /users/me/subscriptions: unsubscribes the principals (or the caller) from each named channel.
 * A channel the caller cannot see does not exist for them; removing others needs the rights of 4.10.
 */
export function decideUnsubscribe(ctx: ChannelContext, cmd: UnsubscribeCommand): UnsubscribeDecision {
  if (cmd.names.length === 0) throw badRequest("Nothing to do: 'subscriptions' names no channel.");
  const actorId = ctx.actor.user_id;
  const channels: ChannelState[] = [];
  for (const raw of cmd.names) {
    const channel = channelByName(ctx, raw.trim());
    if (!channel || !hasMetadataAccess(ctx, channel, actorId)) {
      // Their own subscription stays removable even where nothing else is visible.
      if (!channel || !ctx.subscriptions.isSubscribed(actorId, channel.channel_id)) throw streamDoesNotExist(raw);
    }
    if (!channels.includes(channel)) channels.push(channel);
  }
  const principals = resolvePrincipals(ctx, ctx.actor, cmd.principals, cmd.addressesOf);
  const decision: UnsubscribeDecision = { events: new Map(), removed: [], not_removed: [] };
  for (const channel of channels) {
    for (const user of principals) {
      if (user.user_id !== actorId && !canRemoveSubscriber(ctx, channel, actorId, user.user_id)) {
        throw insufficientPermission('Insufficient permission');
      }
    }
    const user_ids: number[] = [];
    for (const user of principals) {
      if (ctx.subscriptions.isSubscribed(user.user_id, channel.channel_id)) {
        user_ids.push(user.user_id);
        decision.removed.push(channel.name);
      } else {
        decision.not_removed.push(channel.name);
      }
    }
    if (user_ids.length > 0) decision.events.set(channel.channel_id, [{ type: 'SubscriptionRemoved', data: { channel_id: channel.channel_id, user_ids } }]);
  }
  return decision;
}
