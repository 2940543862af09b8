import { botSettingsOf, BotType, type UserState } from '@chat/core';
import { avatarUrl } from './user-view.js';

/** Bots' secrets, derived from the server secret when shown and never stored. */
export interface BotSecrets {
  apiKey(userId: number, generation: number): string;
  /** The token an outgoing-webhook bot's service receives with each payload. */
  serviceToken(userId: number): string;
}

/** A channel's name by id, for a bot's default channels (null when there is none). */
export type ChannelNameOf = (channelId: number | null) => string | null;

/** An outgoing-webhook bot's `services` entry; other bots have none. */
export function botServices(bot: UserState, secrets: BotSecrets): Record<string, unknown>[] {
  const service = botSettingsOf(bot).service;
  if (bot.bot_type !== BotType.OutgoingWebhook || service === null) return [];
  return [{ base_url: service.base_url, interface: service.interface, token: secrets.serviceToken(bot.user_id) }];
}

/** A bot as its owner and the administrators see it (register's realm_bots, realm_bot add). */
export function botView(bot: UserState, channelName: ChannelNameOf, secrets: BotSecrets, withOwner = true): Record<string, unknown> {
  const settings = botSettingsOf(bot);
  const view: Record<string, unknown> = {
    email: bot.email,
    user_id: bot.user_id,
    full_name: bot.full_name,
    bot_type: bot.bot_type,
    is_active: bot.is_active,
    api_key: secrets.apiKey(bot.user_id, bot.api_key_generation),
    default_sending_stream: channelName(settings.default_sending_stream_id),
    default_events_register_stream: channelName(settings.default_events_register_stream_id),
    default_all_public_streams: settings.default_all_public_streams,
    avatar_url: avatarUrl(bot, false),
    services: botServices(bot, secrets),
  };
  if (withOwner || bot.bot_owner_id !== null) view.owner_id = bot.bot_owner_id;
  return view;
}
