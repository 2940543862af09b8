import { badRequest, botSettingsOf, type UserState } from '@chat/core';
import type { CallOf } from '@chat/http';
import { avatarUrl } from '@chat/wire';
import { createBot, regenerateBotApiKey, updateBot } from '../actions/bots.js';
import { leadsToPrivateNetwork } from '../webhooks/outgoing/address-policy.js';
import { deactivateBot } from '../actions/user-lifecycle.js';
import type { BotDeps } from '../actions/bots.js';
import type { LifecycleDeps } from '../actions/user-lifecycle.js';
import type { Uses } from '../dependencies.js';

/** What the bot endpoints use: the bot actions, the user lifecycle, and the keys their answers show. */
type BotEndpointDeps = BotDeps & LifecycleDeps & Uses<'apiKeys' | 'config'>;
import { callerUser, originOf } from './call-context.js';

/** A map's entries whose values are given (the generated type of an object of strings allows missing ones). */
const definedValues = (map: Readonly<Record<string, string | undefined>>): Record<string, string> =>
  Object.fromEntries(Object.entries(map).filter((entry): entry is [string, string] => entry[1] !== undefined));

/** A URL parameter as the public server checks it: http or https with a host. */
function urlParam(text: string | undefined, name: string): string | undefined {
  if (text === undefined) return undefined;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.hostname === '') throw badRequest(`${name} is not a URL`);
  return text;
}

/** A payload URL on a private, loopback or link-local address (after resolution) is refused unless the operator allows them. */
async function checkReachable(ctx: BotEndpointDeps, url: string | undefined, name: string): Promise<void> {
  if (url === undefined || url === '' || ctx.config.webhookAllowPrivateAddresses) return;
  if (await leadsToPrivateNetwork(url)) throw badRequest(`${name} is on a private, loopback or link-local network`);
}

/** A bot's default channels by name, as its answers show them. */
async function defaultsOf(ctx: BotEndpointDeps, bot: UserState): Promise<Record<string, unknown>> {
  const org = await ctx.organization.current();
  const settings = botSettingsOf(bot);
  const name = (id: number | null): string | null => (id === null ? null : (org.channels.get(id)?.name ?? null));
  return {
    default_sending_stream: name(settings.default_sending_stream_id),
    default_events_register_stream: name(settings.default_events_register_stream_id),
    default_all_public_streams: settings.default_all_public_streams,
  };
}

async function botOf(ctx: BotEndpointDeps, botId: number): Promise<UserState> {
  const bot = await ctx.models.users.get(botId);
  if (!bot) throw new Error(`bot ${botId} vanished`);
  return bot;
}

/** POST /bots */
export async function createBotEndpoint(ctx: BotEndpointDeps, call: CallOf<'bot-create'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  if (p.bot_type === 3) await checkReachable(ctx, urlParam(p.payload_url, 'payload_url'), 'payload_url');
  const userId = await createBot(ctx, originOf(call), actor.user_id, {
    full_name: p.full_name,
    short_name: p.short_name,
    bot_type: p.bot_type ?? 1,
    payload_url: urlParam(p.payload_url, 'payload_url') ?? '',
    service_name: p.service_name ?? null,
    interface_type: p.interface_type ?? 1,
    config_data: definedValues(p.config_data ?? {}),
    default_sending_stream: p.default_sending_stream ?? null,
    default_events_register_stream: p.default_events_register_stream ?? null,
    default_all_public_streams: p.default_all_public_streams ?? null,
    file_count: call.files.length,
  });
  const bot = await botOf(ctx, userId);
  return { user_id: userId, api_key: ctx.apiKeys.keyFor(userId, bot.api_key_generation), avatar_url: avatarUrl(bot, false), ...(await defaultsOf(ctx, bot)) };
}

/** GET /bots: the caller's own active bots, oldest first. */
export async function listBotsEndpoint(ctx: BotEndpointDeps, call: CallOf<'empty'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const org = await ctx.organization.current();
  const own = [...org.users.values()].filter((user) => user.is_bot && user.is_active && user.bot_owner_id === actor.user_id).sort((a, b) => a.date_joined - b.date_joined || a.user_id - b.user_id);
  const bots = [];
  for (const bot of own) {
    bots.push({ username: bot.email, full_name: bot.full_name, api_key: ctx.apiKeys.keyFor(bot.user_id, bot.api_key_generation), avatar_url: avatarUrl(bot, false), ...(await defaultsOf(ctx, bot)) });
  }
  return { bots };
}

/** PATCH /bots/{bot_id} */
export async function updateBotEndpoint(ctx: BotEndpointDeps, call: CallOf<'bot-update'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const botId = call.path.bot_id;
  const p = call.params;
  const service_payload_url = urlParam(p.service_payload_url, 'service_payload_url');
  const service_interface = p.service_interface ?? 1;
  await checkReachable(ctx, service_payload_url, 'service_payload_url');
  await updateBot(ctx, originOf(call), actor.user_id, botId, {
    full_name: p.full_name,
    role: p.role,
    bot_owner_id: p.bot_owner_id,
    config_data: p.config_data === undefined ? undefined : definedValues(p.config_data),
    service_payload_url,
    service_interface,
    default_sending_stream: p.default_sending_stream,
    default_events_register_stream: p.default_events_register_stream,
    default_all_public_streams: p.default_all_public_streams,
  });
  const bot = await botOf(ctx, botId);
  const owner = bot.bot_owner_id === null ? undefined : await ctx.models.users.get(bot.bot_owner_id);
  return {
    full_name: bot.full_name,
    avatar_url: avatarUrl(bot, false),
    service_interface,
    service_payload_url: service_payload_url ?? null,
    config_data: p.config_data ?? null,
    ...(await defaultsOf(ctx, bot)),
    ...(owner ? { bot_owner: owner.email } : {}),
  };
}

/** DELETE /bots/{bot_id} */
export async function deactivateBotEndpoint(ctx: BotEndpointDeps, call: CallOf<'bot-id'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await deactivateBot(ctx, originOf(call), actor.user_id, call.path.bot_id);
  return {};
}

/** POST /bots/{bot_id}/api_key/regenerate */
export async function regenerateBotApiKeyEndpoint(ctx: BotEndpointDeps, call: CallOf<'bot-id'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const botId = call.path.bot_id;
  const generation = await regenerateBotApiKey(ctx, originOf(call), actor.user_id, botId);
  return { api_key: ctx.apiKeys.keyFor(botId, generation) };
}
