import { badRequest } from '../errors.js';
import type { DomainEvent } from '../events/index.js';
import type { ChannelContext } from './channel-context.js';
import { channelNameKey } from './channel-state.js';
import { decideSubscribe, type NewChannelOptions, type SubscribeDecision } from './subscribe.js';
import { decideUnsubscribe, type UnsubscribeDecision } from './unsubscribe.js';

export interface UpdateSubscriptionsCommand {
  add: readonly { name: string; description?: string }[];
  delete: readonly string[];
  newChannelIds: ReadonlyMap<string, number>;
  render: (markdown: string) => string;
  /** How channels `add` creates are set up (the defaults: this operation has no options). */
  options: NewChannelOptions;
}

export interface UpdateSubscriptionsDecision {
  events: Map<number, DomainEvent[]>;
  created: Map<number, string>;
  subscribed: SubscribeDecision['subscribed'];
  already_subscribed: SubscribeDecision['already_subscribed'];
  removed: UnsubscribeDecision['removed'];
  not_removed: UnsubscribeDecision['not_removed'];
}

/**
 * PATCH /users/me/subscriptions: the caller joins the channels of `add` (creating those that do not
 * exist) and leaves those of `delete`, all or nothing, each half by the rules of its own endpoint. A
 * channel named in both is refused rather than left to the order of the halves.
 */
export function decideUpdateSubscriptions(ctx: ChannelContext, cmd: UpdateSubscriptionsCommand): UpdateSubscriptionsDecision {
  if (cmd.add.length === 0 && cmd.delete.length === 0) throw badRequest("Nothing to do. Specify at least one of 'add' or 'delete'.");
  const deleted = new Set(cmd.delete.map((name) => channelNameKey(name.trim())));
  const both = cmd.add.find((channel) => deleted.has(channelNameKey(channel.name.trim())));
  if (both) throw badRequest(`Channel '${both.name.trim()}' is named in both 'add' and 'delete'`);
  const decision: UpdateSubscriptionsDecision = { events: new Map(), created: new Map(), subscribed: {}, already_subscribed: {}, removed: [], not_removed: [] };
  if (cmd.add.length > 0) {
    const joined = decideSubscribe(ctx, { channels: cmd.add, principals: null, authorization_errors_fatal: true, options: cmd.options, newChannelIds: cmd.newChannelIds, render: cmd.render });
    Object.assign(decision, { events: joined.events, created: joined.created, subscribed: joined.subscribed, already_subscribed: joined.already_subscribed });
  }
  if (cmd.delete.length > 0) {
    const left = decideUnsubscribe(ctx, { names: cmd.delete, principals: null });
    for (const [channelId, events] of left.events) decision.events.set(channelId, [...(decision.events.get(channelId) ?? []), ...events]);
    Object.assign(decision, { removed: left.removed, not_removed: left.not_removed });
  }
  return decision;
}
