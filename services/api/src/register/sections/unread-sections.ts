import { unreadEntries } from '@chat/projections';
import { unreadMsgsView } from '@chat/wire';
import type { SectionBuilder } from '../register-context.js';

/** As many direct conversations as the public server calls recent. */
const RECENT_CONVERSATIONS = 1000;

/** `max_message_id` (with `message`): the newest message in the viewer's history, or -1. */
export const maxMessageIdSection: SectionBuilder = async ({ ctx, viewer }) => ({ max_message_id: await ctx.models.messages.maxId(viewer.user_id) });

/**
 * `unread_msgs` (with both `update_message_flags` and `message`, since message events add unread
 * messages): the viewer's unread messages in direct conversations and in channels they are subscribed to.
 */
export const unreadMsgsSection: SectionBuilder = async ({ ctx, viewer, capabilities, wants }) => {
  if (!wants('message')) return {};
  const entries = await unreadEntries(ctx.models, viewer.user_id, await ctx.models.messages.unread(viewer.user_id));
  return { unread_msgs: unreadMsgsView(entries, { viewerId: viewer.user_id, emptyTopicName: capabilities.empty_topic_name }) };
};

/** `recent_private_conversations`: the viewer's direct conversations (the others in each), most recent first. */
export const recentPrivateConversationsSection: SectionBuilder = async ({ ctx, viewer }) => ({
  recent_private_conversations: (await ctx.models.messages.conversations(viewer.user_id, RECENT_CONVERSATIONS)).map((conversation) => ({
    max_message_id: conversation.max_message_id,
    user_ids: conversation.user_ids,
  })),
});
