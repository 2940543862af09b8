/** What an integration makes of one payload: the topic it suggests and the message's Markdown. */
export interface WebhookMessage {
  topic: string;
  body: string;
}

/**
 * One incoming-webhook integration (`POST /api/v1/external/<name>`): it turns the payload a service
 * sent into a message, as the public server's integration of that name does. Adding an integration
 * is one module under integrations/ and its line in all-integrations.ts, with its fixtures' tests.
 */
export interface WebhookIntegration {
  /** The path segment: `json` for /external/json. */
  name: string;
  /** How messages' `client` names it: `Zulip<display name>Webhook`. */
  displayName: string;
  /** The message for a payload (the request body parsed as JSON); throws an ApiError for one it cannot read. */
  message(payload: unknown): WebhookMessage;
}
