import type { BotSettings } from '../events/bot-settings.js';

export type { BotService, BotSettings } from '../events/bot-settings.js';

export const DEFAULT_BOT_SETTINGS: Readonly<BotSettings> = Object.freeze({
  default_sending_stream_id: null,
  default_events_register_stream_id: null,
  default_all_public_streams: false,
  service: null,
  config_data: {},
});

/** A user's bot settings; users and bots recorded before bots had settings have the defaults. */
export const botSettingsOf = (user: { bot?: BotSettings }): BotSettings => user.bot ?? DEFAULT_BOT_SETTINGS;
