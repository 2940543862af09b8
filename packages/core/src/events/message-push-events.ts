/**
 * The pushes for a message were carried out: `user_ids` are the receivers a push reached (over every
 * attempt), ascending; empty when nobody qualified when the job ran (read meanwhile, active elsewhere,
 * settings) or when no push service is configured. Ends the message's push job.
 */
export interface MessagePushesSent {
  type: 'MessagePushesSent';
  data: { message_id: number; user_ids: number[] };
}

/**
 * An attempt to push a message failed at the push service for some receivers. `user_ids` are those this
 * attempt reached anyway (a retry skips them), `failed_user_ids` those it did not. `gave_up` marks the
 * last attempt allowed: the job ends and the failed receivers get no push.
 */
export interface MessagePushFailed {
  type: 'MessagePushFailed';
  data: { message_id: number; attempt: number; user_ids: number[]; failed_user_ids: number[]; error_code: string; gave_up: boolean };
}

export type MessagePushEvent = MessagePushesSent | MessagePushFailed;

declare module './index.js' {
  interface DomainEventKinds {
    MessagePushEvent: MessagePushEvent;
  }
}
