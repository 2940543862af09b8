import type { DirectConversation } from '../../messages/message-store.js';
import type { HolderLists } from './holder-lists.js';
import type { RecipientIndex } from './recipient-index.js';

/**
 * The user's direct conversations, newest first, each with the newest of its messages still in the
 * user's history (a conversation whose messages all left it is not listed); at most `limit`.
 */
export function heldConversations(recipients: RecipientIndex, holders: HolderLists, userId: number, limit: number): DirectConversation[] {
  const found: DirectConversation[] = [];
  for (const conversation of recipients.conversationsOf(userId)) {
    for (let i = conversation.ids.length - 1; i >= 0; i--) {
      const id = conversation.ids.at(i);
      if (holders.flagsOf(id, userId) === undefined) continue;
      found.push({ user_ids: conversation.participants.filter((each) => each !== userId), max_message_id: id });
      break;
    }
  }
  return found.sort((a, b) => b.max_message_id - a.max_message_id).slice(0, limit);
}
