/** The emoji of a reaction, as reactions carry it (see the emoji reaction identity of the spec). */
export interface ReactionEmoji {
  emoji_name: string;
  emoji_code: string;
  /** unicode_emoji, realm_emoji or zulip_extra_emoji. */
  reaction_type: string;
}

/**
 * A user reacted to a message with an emoji. `historical` is true when the message entered the
 * user's history by it (a channel message they had not received, read from public history).
 */
export interface ReactionAdded {
  type: 'ReactionAdded';
  data: ReactionEmoji & { message_id: number; user_id: number; historical: boolean };
}

/** A user took back their reaction; the emoji is the one the reaction had. */
export interface ReactionRemoved {
  type: 'ReactionRemoved';
  data: ReactionEmoji & { message_id: number; user_id: number };
}

export type ReactionEvent = ReactionAdded | ReactionRemoved;

declare module './index.js' {
  interface DomainEventKinds {
    ReactionEvent: ReactionEvent;
  }
}
