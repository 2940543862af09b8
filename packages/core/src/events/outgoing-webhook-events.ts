/** Why one call to an outgoing-webhook bot's service may be tried again: no answer in time, or no connection. */
export type OutgoingWebhookRetryable = 'timeout' | 'connection';

/**
 * A call to an outgoing-webhook bot's service about a message got no answer (`attempt` counts from
 * 1); the job tries again at a later tick, until the retries are spent.
 */
export interface OutgoingWebhookAttemptFailed {
  type: 'OutgoingWebhookAttemptFailed';
  data: { message_id: number; bot_id: number; attempt: number; failure: OutgoingWebhookRetryable };
}

/**
 * What became of a message's call to an outgoing-webhook bot: `replied` (the service's content was
 * posted as the bot), `no_reply` (answered, nothing to post), `failed` (an error answer, posted as a
 * failure, the owner told), `gave_up` (no answer after every retry), `refused` (the URL leads to a
 * private network), `dropped` (not called: the bot was deactivated or lost its service, or the message
 * is gone). `status` is the service's HTTP status when it answered; `message_ids` the
 * messages the bot sent about it (its reply or failure notice, the owner's notice). Ends the job.
 */
export interface OutgoingWebhookSettled {
  type: 'OutgoingWebhookSettled';
  data: {
    message_id: number;
    bot_id: number;
    attempts: number;
    outcome: 'replied' | 'no_reply' | 'failed' | 'gave_up' | 'refused' | 'dropped';
    status: number | null;
    message_ids: number[];
  };
}

export type OutgoingWebhookEvent = OutgoingWebhookAttemptFailed | OutgoingWebhookSettled;

declare module './index.js' {
  interface DomainEventKinds {
    OutgoingWebhookEvent: OutgoingWebhookEvent;
  }
}
