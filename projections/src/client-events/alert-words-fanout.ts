import type { StoredEventOf } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import { fanoutOf } from './fanout.js';

/** `alert_words` with the whole new list, to the user whose alert words changed. */
function alertWordsDeliveries(event: StoredEventOf<'UserAlertWordsChanged'>): Delivery[] {
  return [{ userIds: [event.data.user_id], event: { type: 'alert_words', alert_words: [...event.data.alert_words] } }];
}

export const alertWordsFanout = fanoutOf('alert-words', ['UserAlertWordsChanged'], alertWordsDeliveries);
