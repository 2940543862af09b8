import { badRequest, botSettingsOf, type RoleValue, type UserState } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { avatarUrl } from '@chat/wire';
import { createBot, regenerateBotApiKey, updateBot } from '../actions/bots.js';
import { deactivateBot } from '../actions/user-lifecycle.js';
import type { BotDeps } from '../actions/bots.js';
import type { LifecycleDeps } from '../actions/user-lifecycle.js';
import type { Uses } from '../dependencies.js';

/** What the bot endpoints use: the bot actions, the user lifecycle, and the keys their answers show. */
type BotEndpointDeps = BotDeps & LifecycleDeps & Uses<'apiKeys'>;
import { callerUser, originOf } from './call-context.js';

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A URL parameter as the public server checks it: http or https with a host. */
function urlParam(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.hostname === '') throw badRequest(`${name} is not a URL`);
  return text;
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
export async function createBotEndpoint(ctx: BotEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  const userId = await createBot(ctx, originOf(call), actor.user_id, {
    full_name: String(p.full_name),
    short_name: String(p.short_name),
    bot_type: typeof p.bot_type === 'number' ? p.bot_type : 1,
    payload_url: urlParam(p.payload_url, 'payload_url') ?? '',
    service_name: stringOrNull(p.service_name),
    interface_type: typeof p.interface_type === 'number' ? p.interface_type : 1,
    config_data: (p.config_data as Record<string, string> | undefined) ?? {},
    default_sending_stream: stringOrNull(p.default_sending_stream),
    default_events_register_stream: stringOrNull(p.default_events_register_stream),
    default_all_public_streams: typeof p.default_all_public_streams === 'boolean' ? p.default_all_public_streams : null,
    file_count: call.files.length,
  });
  const bot = await botOf(ctx, userId);
  return { user_id: userId, api_key: ctx.apiKeys.keyFor(userId, bot.api_key_generation), avatar_url: avatarUrl(bot, false), ...(await defaultsOf(ctx, bot)) };
}

/** GET /bots: the caller's own active bots, oldest first. */
export async function listBotsEndpoint(ctx: BotEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
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
export async function updateBotEndpoint(ctx: BotEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const botId = Number(call.path.bot_id);
  const p = call.params;
  const service_payload_url = urlParam(p.service_payload_url, 'service_payload_url');
  const service_interface = typeof p.service_interface === 'number' ? p.service_interface : 1;
  await updateBot(ctx, originOf(call), actor.user_id, botId, {
    full_name: optionalString(p.full_name),
    role: p.role as RoleValue | undefined,
    bot_owner_id: typeof p.bot_owner_id === 'number' ? p.bot_owner_id : undefined,
    config_data: p.config_data as Record<string, string> | undefined,
    service_payload_url,
    service_interface,
    default_sending_stream: optionalString(p.default_sending_stream),
    default_events_register_stream: optionalString(p.default_events_register_stream),
    default_all_public_streams: typeof p.default_all_public_streams === 'boolean' ? p.default_all_public_streams : undefined,
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
export async function deactivateBotEndpoint(ctx: BotEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await deactivateBot(ctx, originOf(call), actor.user_id, Number(call.path.bot_id));
  return {};
}

/** POST /bots/{bot_id}/api_key/regenerate */
export async function regenerateBotApiKeyEndpoint(ctx: BotEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const botId = Number(call.path.bot_id);
  const generation = await regenerateBotApiKey(ctx, originOf(call), actor.user_id, botId);
  return { api_key: ctx.apiKeys.keyFor(botId, generation) };
}
