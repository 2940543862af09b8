import type { MessageEdit, MessageReaction, MessageState } from '@chat/core';
import type { StoredMessage } from '../../messages/message-store.js';

// Most messages are never edited nor reacted to: they share one frozen empty list of each.
const NO_EDITS: MessageEdit[] = [];
const NO_REACTIONS: MessageReaction[] = [];
Object.freeze(NO_EDITS);
Object.freeze(NO_REACTIONS);

/**
 * Stores messages compactly: what many messages have in common is kept once. Each client name and
 * the empty edit and reaction lists are shared, so a message costs little more than its content and
 * recipient. Stored messages are never changed in place (every change stores a new object), which is
 * what makes sharing safe.
 */
export class CompactMessages {
  private readonly clients = new Map<string, string>();

  /**
   * Every field is named (no spread): V8 keeps a literal's fields in the object itself, while a spread
   * of a parsed event grows a separate property store, more than doubling the size of each message.
   */
  stored(message: MessageState, recipient_id: number): StoredMessage {
    return {
      id: message.id,
      sender_id: message.sender_id,
      recipient: message.recipient,
      content: message.content,
      rendered_content: message.rendered_content,
      date_sent: message.date_sent,
      client: this.client(message.client),
      is_me_message: message.is_me_message,
      last_edit_timestamp: message.last_edit_timestamp,
      last_moved_timestamp: message.last_moved_timestamp,
      edit_history: message.edit_history.length === 0 ? NO_EDITS : message.edit_history,
      reactions: message.reactions.length === 0 ? NO_REACTIONS : message.reactions,
      recipient_id,
    };
  }

  clear(): void {
    this.clients.clear();
  }

  private client(name: string): string {
    const shared = this.clients.get(name);
    if (shared !== undefined) return shared;
    this.clients.set(name, name);
    return name;
  }
}
