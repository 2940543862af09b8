import type { StoredEvent } from '@chat/core';
import type { Delivery } from '@chat/realtime';

/** `alert_words` with the whole new list, to the user whose alert words changed. */
export function alertWordsFanout(event: StoredEvent): Delivery[] {
  if (event.type !== 'UserAlertWordsChanged') return [];
  return [{ userIds: [event.data.user_id], event: { type: 'alert_words', alert_words: [...event.data.alert_words] } }];
}
