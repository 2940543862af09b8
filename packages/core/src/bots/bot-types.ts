/** The public API's bot types. */
export const BotType = {
  Generic: 1,
  IncomingWebhook: 2,
  OutgoingWebhook: 3,
  Embedded: 4,
} as const;
export type BotTypeValue = (typeof BotType)[keyof typeof BotType];

/** How an outgoing-webhook bot's service is called: the server's own payload, or the Slack-compatible form. */
export const ServiceInterface = {
  Generic: 1,
  Slack: 2,
} as const;
export const SERVICE_INTERFACES: readonly number[] = Object.values(ServiceInterface);

/** Bots are named `<short name>-bot@<bot domain>`. */
export const BOT_EMAIL_SUFFIX = '-bot';
