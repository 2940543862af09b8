import type { MessagePushEvent } from '../events/message-push-events.js';

/** How many times a message's pushes are tried at the push service before the job gives up. */
export const MESSAGE_PUSH_ATTEMPTS = 5;

/** What a message's push stream (`messagepush-<id>`) says so far. */
export interface MessagePushProgress {
  /** Pushes recorded as sent, or given up: nothing more to do. */
  done: boolean;
  /** Failed attempts recorded. */
  failures: number;
  /** Receivers already reached by an earlier (partly failed) attempt, ascending. */
  reached: number[];
}

export function messagePushProgress(events: readonly MessagePushEvent[]): MessagePushProgress {
  const reached = new Set<number>();
  let failures = 0;
  let done = false;
  for (const event of events) {
    for (const userId of event.data.user_ids) reached.add(userId);
    if (event.type === 'MessagePushesSent') done = true;
    else {
      failures += 1;
      done ||= event.data.gave_up;
    }
  }
  return { done, failures, reached: [...reached].sort((a, b) => a - b) };
}

/** What one attempt did: the receivers it reached and, if the push service failed, those it did not. */
export interface MessagePushAttempt {
  reached: readonly number[];
  failed: readonly number[];
  /** The push service's error code for the failed receivers (the first one met). */
  error_code: string | null;
}

/**
 * The fact an attempt records: sent (every receiver reached, counting earlier attempts), or a failure,
 * the last one allowed giving up. Nothing when the stream already says the work is done.
 */
export function decideMessagePushOutcome(messageId: number, progress: MessagePushProgress, attempt: MessagePushAttempt): MessagePushEvent[] {
  if (progress.done) return [];
  const reached = [...attempt.reached].sort((a, b) => a - b);
  if (attempt.failed.length === 0) {
    const all = [...new Set([...progress.reached, ...reached])].sort((a, b) => a - b);
    return [{ type: 'MessagePushesSent', data: { message_id: messageId, user_ids: all } }];
  }
  const number = progress.failures + 1;
  return [
    {
      type: 'MessagePushFailed',
      data: {
        message_id: messageId,
        attempt: number,
        user_ids: reached,
        failed_user_ids: [...attempt.failed].sort((a, b) => a - b),
        error_code: attempt.error_code ?? 'UNKNOWN',
        gave_up: number >= MESSAGE_PUSH_ATTEMPTS,
      },
    },
  ];
}
