/** What an integration makes of one payload: the topic it suggests and the message's Markdown. */
export interface WebhookMessage {
  topic: string;
  body: string;
}

/** One service's request as an integration sees it: the parsed JSON body, its headers and parameters. */
export interface WebhookRequest {
  payload: unknown;
  /** A request header by its name (any case), when sent. */
  header(name: string): string | undefined;
  /** A query parameter other than the key and destination (`branches`, …), when sent. */
  param(name: string): string | undefined;
  /** Whether the service chose the topic (`topic=`): then messages name the issue or PR in full. */
  topicGiven: boolean;
}

/**
 * One incoming-webhook integration (`POST /api/v1/external/<name>`): it turns the payload a service
 * sent into a message, as the public server's integration of that name does. Adding an integration
 * is one module under integrations/ and its line in all-integrations.ts, with its fixtures' tests.
 */
export interface WebhookIntegration {
  /** The path segment: `json` for /external/json. */
  name: string;
  /** How messages' `client` names it: `Zulip<display name>Webhook`; also the name in error messages. */
  displayName: string;
  /**
   * The message for a request, or null for an event the service sends that is deliberately not
   * posted; throws an ApiError for a payload it cannot read (400) or an event it does not support.
   */
  message(request: WebhookRequest): WebhookMessage | null;
}
