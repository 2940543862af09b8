/**
 * The users who have at least one push device (a legacy token, or an active encrypted registration),
 * ascending, in one document under REALM_KEY: the message-push jobs intersect a message's receivers
 * with it without looking at each receiver.
 */
export interface PushUsers {
  user_ids: number[];
}
