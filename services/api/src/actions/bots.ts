import {
  type BotWorld,
  channelNameKey,
  type ChannelState,
  type CreateBot,
  decideCreateBot,
  decideRotateApiKey,
  decideUpdateBot,
  hasContentAccess,
  requireAdministeredBot,
  requireMemberOrAdmin,
  streams,
  unauthorized,
  type UpdateBot,
  type UserState,
} from '@chat/core';
import { claimKey } from '../commands/claims.js';
import { AS_READ, type Origin } from '../commands/command-bus.js';
import { realmHost } from '../realm-host.js';
import type { Allocates, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';
import { channelContext } from './channel-context.js';

/** What the bot actions use. */
export type BotDeps = Commands & Allocates & LogReads & Configured & Reads<'subscriptions' | 'users'> & Uses<'organization'>;

/** The organization as bot decisions read it, with the channels the actor may name by name. */
async function botContext(ctx: BotDeps, actorId: number): Promise<{ actor: UserState; world: BotWorld; channelNamed: (name: string) => ChannelState | undefined }> {
  const org = await ctx.organization.current();
  const actor = org.users.get(actorId);
  if (!actor) throw unauthorized();
  const access = await channelContext(ctx, actorId);
  const channelNamed = (name: string): ChannelState | undefined => {
    const key = channelNameKey(name.trim());
    const channel = org.channelList.find((candidate) => candidate.name_key === key && !candidate.is_archived);
    return channel && hasContentAccess(access, channel, actorId) ? channel : undefined;
  };
  return { actor, world: { users: org.users, groups: org.groups, realm: org.realm }, channelNamed };
}

/** POST /bots: the bot's address is claimed like any other, and the bot is recorded with its owner. */
export async function createBot(ctx: BotDeps, origin: Origin, actorId: number, input: Omit<CreateBot, 'user_id'>): Promise<number> {
  const userId = await ctx.ids.next('user');
  return ctx.bus.run(origin, async () => {
    const { actor, world, channelNamed } = await botContext(ctx, actorId);
    const isEmailTaken = (email: string): boolean => [...world.users.values()].some((user) => user.email === email && user.user_id !== userId);
    const events = decideCreateBot({ actor, world, botDomain: realmHost(ctx), isEmailTaken, channelNamed }, { ...input, user_id: userId });
    const email = events[0].data.email;
    return {
      appends: [await claimKey(ctx.store, 'email', email, userId, 'Username already in use'), { stream: streams.user(userId), expected: 'no_stream', events }],
      result: userId,
    };
  });
}

/** PATCH /bots/{bot_id} */
export async function updateBot(ctx: BotDeps, origin: Origin, actorId: number, botId: number, cmd: UpdateBot): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const { actor, world, channelNamed } = await botContext(ctx, actorId);
    const events = decideUpdateBot({ actor, world, channelNamed }, botId, cmd);
    return { appends: events.length === 0 ? [] : [{ stream: streams.user(botId), expected: AS_READ, events }], result: undefined };
  });
}

/** POST /bots/{bot_id}/api_key/regenerate: the bot's next key generation. Answers the generation. */
export async function regenerateBotApiKey(ctx: BotDeps, origin: Origin, actorId: number, botId: number): Promise<number> {
  return ctx.bus.run(origin, async () => {
    const org = await ctx.organization.current();
    const actor = org.users.get(actorId);
    if (!actor) throw unauthorized();
    requireMemberOrAdmin(actor);
    const rotated = decideRotateApiKey(requireAdministeredBot(actor, org.users, botId));
    return { appends: [{ stream: streams.user(botId), expected: AS_READ, events: [rotated] }], result: rotated.data.api_key_generation };
  });
}
