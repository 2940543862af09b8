/** One message an integration makes of a payload: the topic it suggests, the Markdown, its event type. */
export interface WebhookMessage {
  topic: string;
  body: string;
  /** The event type, matched against the `only_events` and `exclude_events` parameters' patterns. */
  event?: string | undefined;
}

/** The organization's active people, for integrations that name users by address or name (Jira). */
export interface WebhookPeople {
  fullNameByEmail(email: string): string | undefined;
  /** The first (oldest) person whose name is `name` or whose address starts with it, ignoring case. */
  guessFullName(name: string): string | undefined;
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
  people: WebhookPeople;
}

/**
 * One incoming-webhook integration (`POST /api/v1/external/<name>`): it turns the payload a service
 * sent into messages, as the public server's integration of that name does. Adding an integration
 * is one module under integrations/ and its line in all-integrations.ts, with its fixtures' tests.
 */
export interface WebhookIntegration {
  /** The path segment: `json` for /external/json. */
  name: string;
  /** How messages' `client` names it: `Zulip<display name>Webhook`; also the name in error messages. */
  displayName: string;
  /** Also takes the JSON as a form field `payload` (as Slack's incoming webhooks may send it). */
  formPayload?: boolean;
  /** Decodes `stream` and `topic` once more (Jira double-escapes them). */
  unquoteParameters?: boolean;
  /**
   * The messages for a request, none for an event the service sends that is deliberately not posted;
   * throws an ApiError for a payload it cannot read (400) or an event it does not support.
   */
  messages(request: WebhookRequest): WebhookMessage[];
}
