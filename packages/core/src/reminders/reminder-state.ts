import type { ReminderEvent, ReminderScheduled } from '../events/reminder-events.js';

/** A reminder as its stream tells it, and as the read model keeps the undelivered ones. */
export type ReminderState = ReminderScheduled['data'] & {
  status: 'scheduled' | 'delivered' | 'failed' | 'deleted';
};

/** Every type of event a reminder's stream holds. */
export const REMINDER_EVENT_TYPES = ['ReminderScheduled', 'ReminderDelivered', 'ReminderDeliveryFailed', 'ReminderDeleted'] as const satisfies readonly ReminderEvent['type'][];

/** One event applied to a reminder (the deciders fold the reminder's stream with it). */
export function evolveReminder(state: ReminderState | undefined, event: ReminderEvent): ReminderState | undefined {
  switch (event.type) {
    case 'ReminderScheduled':
      return { ...event.data, status: 'scheduled' };
    case 'ReminderDelivered':
      return state && { ...state, status: 'delivered' };
    case 'ReminderDeliveryFailed':
      return state && { ...state, status: 'failed' };
    case 'ReminderDeleted':
      return state && { ...state, status: 'deleted' };
  }
}

/** The state after a stream's events, in order. */
export const foldReminder = (events: readonly ReminderEvent[]): ReminderState | undefined =>
  events.reduce<ReminderState | undefined>(evolveReminder, undefined);
