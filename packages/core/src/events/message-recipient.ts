/** Where a message was sent: a channel's topic, or a direct conversation. */
export type MessageRecipient =
  | { type: 'channel'; channel_id: number; topic: string }
  /** Everyone in the conversation, the sender included, ascending. */
  | { type: 'direct'; user_ids: number[] };
