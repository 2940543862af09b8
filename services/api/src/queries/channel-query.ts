import {
  type AccessWorld,
  type ChannelState,
  hasContentAccess,
  hasMetadataAccess,
  SubscriptionIndex,
  type SubscriptionState,
  type UserState,
} from '@chat/core';
import { channelAgeDays, channelView, subscriberFields, subscriptionView } from '@chat/wire';
import type { Clocked, Reads, Uses } from '../dependencies.js';

export type IncludeSubscribers = 'true' | 'false' | 'partial';

/** What a channel query reads: the organization snapshot, subscriptions, the clock. */
export type ChannelQueryDeps = Clocked & Reads<'subscriptions'> & Uses<'organization'>;

/**
 * The channels as one viewer sees them: which they may know, read and are subscribed to, and the
 * records clients receive. Subscriber lists are read per channel when first needed, and shared by every
 * query until the organization changes (subscriptions are part of its version).
 */
export class ChannelQuery {
  private constructor(
    private readonly subscriberLists: Map<number, Promise<readonly number[]>>,
    /** Channel records serialized, by channel, age in days and subscriber choice (see `channelJson`). */
    private readonly serialized: Map<string, string>,
    private readonly ctx: ChannelQueryDeps,
    readonly viewer: UserState,
    readonly world: AccessWorld,
    readonly channels: readonly ChannelState[],
    /** The viewer's subscriptions, current and past, by channel id. */
    readonly own: ReadonlyMap<number, SubscriptionState>,
    private readonly now: number,
  ) {}

  static async open(ctx: ChannelQueryDeps, viewer: UserState): Promise<ChannelQuery> {
    const organization = await ctx.organization.current();
    const ownRows = await ctx.models.subscriptions.findMany('user_id', viewer.user_id);
    const index = new SubscriptionIndex(ownRows);
    const world: AccessWorld = {
      users: organization.users,
      groups: organization.groups,
      realm: organization.realm,
      isSubscribed: (userId, channelId) => index.isSubscribed(userId, channelId),
    };
    const channels = organization.channelList;
    const own = new Map(ownRows.map((row) => [row.channel_id, row]));
    const subscriberLists = organization.derived('channel-subscribers', () => new Map<number, Promise<readonly number[]>>());
    const serialized = organization.derived('channel-records', () => new Map<string, string>());
    return new ChannelQuery(subscriberLists, serialized, ctx, viewer, world, channels, own, ctx.clock.now());
  }

  isSubscribed(channel: ChannelState): boolean {
    return this.own.get(channel.channel_id)?.active === true;
  }

  canSee(channel: ChannelState): boolean {
    return hasMetadataAccess(this.world, channel, this.viewer.user_id);
  }

  canRead(channel: ChannelState): boolean {
    return hasContentAccess(this.world, channel, this.viewer.user_id);
  }

  /** A channel the viewer may know, by id; unknown and invisible alike are undefined. */
  visible(channelId: number): ChannelState | undefined {
    const channel = this.channels.find((c) => c.channel_id === channelId);
    return channel && this.canSee(channel) ? channel : undefined;
  }

  subscribers(channelId: number): Promise<readonly number[]> {
    let list = this.subscriberLists.get(channelId);
    if (!list) {
      list = this.ctx.models.subscriptions
        .findMany('channel_id', channelId)
        .then((rows) => rows.filter((row) => row.active && this.world.users.get(row.user_id)?.is_active === true).map((row) => row.user_id).sort((a, b) => a - b));
      this.subscriberLists.set(channelId, list);
    }
    return list;
  }

  async channelRecord(channel: ChannelState): Promise<Record<string, unknown>> {
    const subscribers = await this.subscribers(channel.channel_id);
    return channelView({ world: this.world, channel, subscriberCount: subscribers.length, now: this.now });
  }

  /** A channel record with its subscriber list, as include_subscribers asks. */
  async channelWithSubscribers(channel: ChannelState, include: IncludeSubscribers): Promise<Record<string, unknown>> {
    const subscribers = await this.subscribers(channel.channel_id);
    return { ...channelView({ world: this.world, channel, subscriberCount: subscribers.length, now: this.now }), ...subscriberFields(subscribers, include) };
  }

  /**
   * `channelRecord` (or, given `include`, `channelWithSubscribers`) as JSON, the same for every viewer
   * who may see the channel: serialized once per organization version and day of the channel's age
   * (all its time-dependent fields hold for that day), for register's thousand-channel lists.
   */
  async channelJson(channel: ChannelState, include?: IncludeSubscribers): Promise<string> {
    const key = `${channel.channel_id}:${channelAgeDays(channel.date_created, this.now)}:${include ?? ''}`;
    let json = this.serialized.get(key);
    if (json === undefined) {
      json = JSON.stringify(include === undefined ? await this.channelRecord(channel) : await this.channelWithSubscribers(channel, include));
      this.serialized.set(key, json);
    }
    return json;
  }

  async subscriptionRecord(channel: ChannelState, include: IncludeSubscribers): Promise<Record<string, unknown>> {
    const sub = this.own.get(channel.channel_id);
    if (!sub) throw new Error(`no subscription of user ${this.viewer.user_id} to channel ${channel.channel_id}`);
    const subscribers = await this.subscribers(channel.channel_id);
    const input = { world: this.world, channel, subscriberCount: subscribers.length, now: this.now };
    return { ...subscriptionView(input, sub), ...subscriberFields(subscribers, include) };
  }
}

/** include_subscribers as sent: true, false, partial, or a boolean. */
export function includeSubscribersParam(value: unknown): IncludeSubscribers {
  if (value === true || value === 'true') return 'true';
  if (value === 'partial') return 'partial';
  return 'false';
}
