import {
  type ChannelContext,
  FlagBit,
  channelByName,
  channelNameKey,
  decideSubscribe,
  decideUnsubscribe,
  type DomainEvent,
  newSubscriptionNotices,
  requestedChannels,
  streams,
  type SubscribeCommand,
  type UnsubscribeCommand,
} from '@chat/core';
import { renderMarkdown } from '@chat/markdown';
import { claimKey } from '../commands/claims.js';
import { AS_READ, type Origin, type StreamAppend } from '../commands/command-bus.js';
import { botDirectMessageAppends } from './bot-notices.js';
import { channelCreationNotices } from './channel-notices.js';
import { channelContext } from './channel-context.js';
import { principalAddresses } from '../queries/principal-addresses.js';
import { changeFlags } from './update-flags.js';
import type { Allocates, Clocked, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What unsubscribe uses. */
type UnsubscribeDeps = Commands & Clocked & Configured & LogReads & Reads<'messages' | 'subscriptions' | 'users'> & Uses<'organization'>;
/** What markLeftChannelsRead uses. */
type MarkLeftChannelsReadDeps = Commands & Clocked & Reads<'messages' | 'subscriptions' | 'users'> & Uses<'organization'>;

/** What subscribe uses. */
type SubscribeDeps = Commands & Configured & Clocked & Allocates & LogReads & Reads<'realm' | 'subscriptions' | 'users'> & Uses<'models' | 'organization'>;

/**
 * `announce`: the notification bot announces the channels created (see channel-notices.ts).
 * `send_new_subscription_messages`: it tells the others subscribed to existing channels who did it
 * (off unless asked; the HTTP parameter defaults to true, as the public API has it).
 */
export type SubscribeInput = Omit<SubscribeCommand, 'newChannelIds' | 'render'> & { announce?: boolean; send_new_subscription_messages?: boolean };

export interface SubscribeResult {
  subscribed: Record<string, string[]>;
  already_subscribed: Record<string, string[]>;
  unauthorized: string[];
  /** null when the request did not ask for the notices. */
  new_subscription_messages_sent: boolean | null;
}

/** Per channel, its events appended at its current revision; a created channel's name claimed first. */
export async function channelAppends(ctx: LogReads, events: Map<number, DomainEvent[]>, created: ReadonlyMap<number, string>): Promise<StreamAppend[]> {
  const appends: StreamAppend[] = [];
  for (const [channelId, channelEvents] of events) {
    const stream = streams.channel(channelId);
    const name = created.get(channelId);
    if (name !== undefined) {
      // The name is reserved first: of two requests creating the same channel, one loses here.
      appends.push(await claimKey(ctx.store, 'channel', channelNameKey(name), channelId, `Channel '${name}' already exists`));
      appends.push({ stream, expected: 'no_stream', events: channelEvents });
    } else {
      appends.push({ stream, expected: AS_READ, events: channelEvents });
    }
  }
  return appends;
}

/** Ids for the names that name no channel yet; kept across re-decisions, so a retry creates the same ids. */
export async function reserveChannelIds(ctx: Allocates, cc: ChannelContext, requested: readonly { name: string; key: string }[], ids: Map<string, number>): Promise<void> {
  for (const { name, key } of requested) {
    if (!channelByName(cc, name) && !ids.has(key)) ids.set(key, await ctx.ids.next('channel'));
  }
}

/** POST /users/me/subscriptions */
export async function subscribe(ctx: SubscribeDeps, origin: Origin, actorId: number, input: SubscribeInput): Promise<SubscribeResult> {
  const requested = requestedChannels(input.channels);
  const newChannelIds = new Map<string, number>();
  return ctx.bus.run(origin, async () => {
    const cc = await channelContext(ctx, actorId, input.principals ?? []);
    await reserveChannelIds(ctx, cc, requested, newChannelIds);
    const decision = decideSubscribe(cc, { ...input, newChannelIds, render: renderMarkdown, addressesOf: principalAddresses(ctx, cc.actor) });
    const told = newSubscriptionNotices({
      actor: cc.actor,
      users: cc.users,
      subscribed: decision.subscribed,
      created: new Set(decision.created.values()),
      send: input.send_new_subscription_messages === true,
    });
    // The notification bot's messages in the public server's order: direct messages, then notices about new channels.
    const notices = [...(await botDirectMessageAppends(ctx, cc, told.notices)), ...(await channelCreationNotices(ctx, cc.actor, decision.events, input.announce === true))];
    return {
      appends: [...(await channelAppends(ctx, decision.events, decision.created)), ...notices],
      result: { subscribed: decision.subscribed, already_subscribed: decision.already_subscribed, unauthorized: decision.unauthorized, new_subscription_messages_sent: told.sent },
    };
  });
}

/** DELETE /users/me/subscriptions */
export async function unsubscribe(ctx: UnsubscribeDeps, origin: Origin, actorId: number, input: UnsubscribeCommand): Promise<{ removed: string[]; not_removed: string[] }> {
  const { result, left } = await ctx.bus.run(origin, async () => {
    const cc = await channelContext(ctx, actorId, input.principals ?? []);
    const decision = decideUnsubscribe(cc, { ...input, addressesOf: principalAddresses(ctx, cc.actor) });
    const left = leftChannels(decision.events);
    return {
      appends: await channelAppends(ctx, decision.events, new Map()),
      result: { result: { removed: decision.removed, not_removed: decision.not_removed }, left },
    };
  });
  await markLeftChannelsRead(ctx, origin, left);
  return result;
}

/** The [user, channel] pairs a decision's SubscriptionRemoved events take out. */
export function leftChannels(events: ReadonlyMap<number, readonly DomainEvent[]>): [number, number][] {
  const left: [number, number][] = [];
  for (const event of [...events.values()].flat()) {
    if (event.type === 'SubscriptionRemoved') for (const userId of event.data.user_ids) left.push([userId, event.data.channel_id]);
  }
  return left;
}

/**
 * Leaving a channel marks its unread messages read for the user who left, as the public server does
 * (unread counts only cover subscribed channels). Recorded after the unsubscription, on the user's
 * flags stream, with the usual update_message_flags event.
 */
export async function markLeftChannelsRead(ctx: MarkLeftChannelsReadDeps, origin: Origin, left: readonly [number, number][]): Promise<void> {
  for (const [userId, channelId] of left) {
    const user = await ctx.models.users.get(userId);
    if (!user) continue;
    const query = { userId, source: { kind: 'history' as const }, where: [{ op: 'channel' as const, channelId }, { op: 'not' as const, of: { op: 'flags' as const, bits: FlagBit.read } }] };
    const unread = await ctx.models.messages.matching(query);
    if (unread.length === 0) continue;
    await changeFlags(ctx, { ...origin, requestId: `${origin.requestId}|read-${userId}-${channelId}` }, user, { op: 'add', flag: 'read' }, async () => ({ ids: unread }));
  }
}
