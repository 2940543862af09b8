import { ServiceInterface, type OutgoingWebhookTrigger, type UserState } from '@chat/core';

/** The server holds one organization; the Slack form's team id names it as the public server names a realm (by number). */
const ORGANIZATION_NUMBER = 1;

/** What a payload says of the bot called. */
export interface CalledBot {
  bot: UserState;
  token: string;
  interface: number;
}

/** The body and its type for the bot's interface; null when the interface has no form for this message. */
export function webhookPayload(called: CalledBot, message: Record<string, unknown>, trigger: OutgoingWebhookTrigger, realmHost: string): { contentType: string; body: string } | null {
  const command = String(message.content);
  if (called.interface !== ServiceInterface.Slack) {
    const body = { data: command, message, bot_email: called.bot.email, bot_full_name: called.bot.full_name, token: called.token, trigger };
    return { contentType: 'application/json', body: JSON.stringify(body) };
  }
  if (message.type !== 'stream') return null;
  const timestamp = String(message.timestamp);
  const form = new URLSearchParams([
    ['token', called.token],
    ['team_id', `T${ORGANIZATION_NUMBER}`],
    ['team_domain', realmHost],
    ['channel_id', `C${String(message.stream_id)}`],
    ['channel_name', String(message.display_recipient)],
    ['thread_ts', timestamp],
    ['timestamp', timestamp],
    ['user_id', `U${String(message.sender_id)}`],
    ['user_name', String(message.sender_full_name)],
    ['text', command],
    ['trigger_word', trigger],
    ['service_id', String(called.bot.user_id)],
  ]);
  return { contentType: 'application/x-www-form-urlencoded', body: form.toString() };
}
