/** Where an outgoing-webhook bot's mentions and direct messages are delivered. */
export interface BotService {
  /** The service's name (the bot's short name unless given). */
  name: string;
  base_url: string;
  /** ServiceInterface: 1 the server's own payload, 2 Slack-compatible. */
  interface: number;
}

/** What only bots carry besides a user's fields. */
export interface BotSettings {
  default_sending_stream_id: number | null;
  default_events_register_stream_id: number | null;
  default_all_public_streams: boolean;
  /** Outgoing-webhook bots only. */
  service: BotService | null;
  /** Configuration an incoming-webhook bot was made with (its integration's options). */
  config_data: Record<string, string>;
}
