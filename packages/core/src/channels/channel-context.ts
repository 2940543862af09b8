import type { UserState } from '../users/user-state.js';
import type { AccessWorld } from './channel-access.js';
import { channelNameKey, type ChannelState, type SubscriptionState } from './channel-state.js';

/**
 * What channel decisions read: groups, users, the organization's permissions, the channels, and the
 * subscriptions (current and past) of the users and channels the request involves.
 */
export interface ChannelContext extends AccessWorld {
  actor: UserState;
  channels: ReadonlyMap<number, ChannelState>;
  subscriptions: SubscriptionIndex;
  /** Folders a channel may be put in (existing, not archived). */
  folderIds: ReadonlySet<number>;
}

/** Subscriptions by user and channel; `active` false for a past subscription. */
export class SubscriptionIndex {
  private readonly byUser = new Map<number, Map<number, SubscriptionState>>();
  private readonly byChannel = new Map<number, Map<number, SubscriptionState>>();

  constructor(rows: Iterable<SubscriptionState>) {
    for (const row of rows) {
      this.slot(this.byUser, row.user_id).set(row.channel_id, row);
      this.slot(this.byChannel, row.channel_id).set(row.user_id, row);
    }
  }

  get(userId: number, channelId: number): SubscriptionState | undefined {
    return this.byUser.get(userId)?.get(channelId);
  }

  isSubscribed(userId: number, channelId: number): boolean {
    return this.get(userId, channelId)?.active === true;
  }

  /** Current subscribers of a channel, in ascending id order. */
  subscribers(channelId: number): number[] {
    return [...(this.byChannel.get(channelId)?.values() ?? [])].filter((sub) => sub.active).map((sub) => sub.user_id).sort((a, b) => a - b);
  }

  /** Colors of the user's subscriptions, past ones included (a return keeps its color). */
  colorsOf(userId: number): string[] {
    return [...(this.byUser.get(userId)?.values() ?? [])].map((sub) => sub.color);
  }

  private slot(map: Map<number, Map<number, SubscriptionState>>, id: number): Map<number, SubscriptionState> {
    let inner = map.get(id);
    if (!inner) map.set(id, (inner = new Map()));
    return inner;
  }
}

export function channelByName(ctx: ChannelContext, name: string): ChannelState | undefined {
  const key = channelNameKey(name);
  for (const channel of ctx.channels.values()) if (channel.name_key === key) return channel;
  return undefined;
}
