import type { ScheduledMessageCreated, ScheduledMessageEvent } from '../events/scheduled-message-events.js';

/** A scheduled message as its stream tells it, and as the read model keeps the ones not sent. */
export type ScheduledMessageState = ScheduledMessageCreated['data'] & {
  status: 'scheduled' | 'sent' | 'failed' | 'deleted';
};

/** Every type of event a scheduled message's stream holds. */
export const SCHEDULED_MESSAGE_EVENT_TYPES = [
  'ScheduledMessageCreated',
  'ScheduledMessageEdited',
  'ScheduledMessageDeleted',
  'ScheduledMessageSent',
  'ScheduledMessageFailed',
] as const satisfies readonly ScheduledMessageEvent['type'][];

export function evolveScheduledMessage(state: ScheduledMessageState | undefined, event: ScheduledMessageEvent): ScheduledMessageState | undefined {
  switch (event.type) {
    case 'ScheduledMessageCreated':
      return { ...event.data, status: 'scheduled' };
    case 'ScheduledMessageEdited':
      return state && { ...state, ...event.data, status: 'scheduled' };
    case 'ScheduledMessageDeleted':
      return state && { ...state, status: 'deleted' };
    case 'ScheduledMessageSent':
      return state && { ...state, status: 'sent' };
    case 'ScheduledMessageFailed':
      return state && { ...state, status: 'failed' };
  }
}

export const foldScheduledMessage = (events: readonly ScheduledMessageEvent[]): ScheduledMessageState | undefined =>
  events.reduce<ScheduledMessageState | undefined>(evolveScheduledMessage, undefined);
