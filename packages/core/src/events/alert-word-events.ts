/**
 * A user's alert words changed (added to or removed from): the whole list as it now stands, in the
 * order the words were first added, so that projections and clients simply take it.
 */
export interface UserAlertWordsChanged {
  type: 'UserAlertWordsChanged';
  data: { user_id: number; alert_words: string[] };
}

export type AlertWordEvent = UserAlertWordsChanged;

declare module './index.js' {
  interface DomainEventKinds {
    AlertWordEvent: AlertWordEvent;
  }
}
