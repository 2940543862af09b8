/**
 * A user's status changed (POST /users/me/status, or an administrator's POST /users/{id}/status):
 * only the parts the request set. `emoji_name` '' clears the emoji (its code is then '' too); an
 * empty `status_text` clears the text.
 */
export interface UserStatusChanged {
  type: 'UserStatusChanged';
  data: { user_id: number; status_text?: string; emoji_name?: string; emoji_code?: string; reaction_type?: string };
}

/** A user muted another user (POST /users/me/muted_users/{id}); when is the event's time. */
export interface UserMuted {
  type: 'UserMuted';
  data: { user_id: number; muted_user_id: number };
}

/** A user unmuted a user they had muted (DELETE /users/me/muted_users/{id}). */
export interface UserUnmuted {
  type: 'UserUnmuted';
  data: { user_id: number; muted_user_id: number };
}

export type UserStatusEvent = UserStatusChanged | UserMuted | UserUnmuted;

declare module './index.js' {
  interface DomainEventKinds {
    UserStatusEvent: UserStatusEvent;
  }
}
