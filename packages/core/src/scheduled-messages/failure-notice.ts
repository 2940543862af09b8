import type { ScheduledMessageFailed } from '../events/scheduled-message-events.js';
import type { ScheduledMessageState } from './scheduled-message-state.js';

/** `<time:…>` as the public server writes a moment: ISO 8601 in UTC, whole seconds, `+00:00`. */
export const globalTime = (ms: number): string => `<time:${new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', '+00:00')}>`;

/**
 * What the notification bot tells the sender of a scheduled message that could not be sent, in the
 * public server's words; null when nobody is told: a deactivated sender reads nothing.
 */
export function scheduledMessageFailureNotice(state: ScheduledMessageState, failure: ScheduledMessageFailed, senderActive: boolean): string | null {
  if (!senderActive) return null;
  return (
    `The message you scheduled for ${globalTime(state.deliver_at)} was not sent because of the following error:\n\n` +
    `> ${failure.data.reason}\n\n[View scheduled messages](#scheduled)`
  );
}
