import { firstMessageProjection } from '@chat/projections/channels/first-message-projection';
import { firstMessageFanout } from '@chat/projections/client-events/first-message-fanout';
import { flagsFanout } from '@chat/projections/client-events/flags-fanout';
import { messageDeletionFanout } from '@chat/projections/client-events/message-deletion-fanout';
import { messageEditsFanout } from '@chat/projections/client-events/message-edits-fanout';
import { messagesFanout } from '@chat/projections/client-events/messages-fanout';
import { mutedTopicsFanout } from '@chat/projections/client-events/muted-topics-fanout';
import { allPublicStreamsFanout } from '@chat/projections/client-events/public-streams-fanout';
import { reactionsFanout } from '@chat/projections/client-events/reactions-fanout';
import { userTopicsFanout } from '@chat/projections/client-events/user-topics-fanout';
import { messageDeletionProjection } from '@chat/projections/messages/message-deletion-projection';
import { messageEditsProjection } from '@chat/projections/messages/message-edits-projection';
import { messagesProjection } from '@chat/projections/messages/messages-projection';
import { reactionsProjection } from '@chat/projections/messages/reactions-projection';
import { setEditTypingEndpoint } from '../endpoints/edit-typing.js';
import { deleteMessageEndpoint } from '../endpoints/message-delete.js';
import { editMessageEndpoint } from '../endpoints/message-edit.js';
import {
  markAllAsReadEndpoint,
  markStreamAsReadEndpoint,
  markTopicAsReadEndpoint,
  updateMessageFlagsEndpoint,
  updateMessageFlagsForNarrowEndpoint,
} from '../endpoints/message-flags.js';
import { getMessageHistory, getReadReceipts, renderMessageEndpoint } from '../endpoints/message-history.js';
import { addReactionEndpoint, removeReactionEndpoint } from '../endpoints/message-reactions.js';
import { getMessage, getMessages, messagesMatchNarrow } from '../endpoints/messages-read.js';
import { sendMessageEndpoint } from '../endpoints/messages-send.js';
import { legacyMuteTopicEndpoint, updateUserTopicEndpoint } from '../endpoints/user-topics.js';
import { mutedTopicsSection } from '../register/sections/muted-topics-section.js';
import { starredMessagesSection } from '../register/sections/starred-messages-section.js';
import { maxMessageIdSection, recentPrivateConversationsSection, unreadMsgsSection } from '../register/sections/unread-sections.js';
import { userTopicsSection } from '../register/sections/user-topics-section.js';
import { reportMessageEndpoint } from '../endpoints/moderation-and-welcome.js';
import { type Feature, route } from './feature.js';

const MESSAGE_STREAM = { stream: 'message-<message_id>', leavesOrganizationAlone: true } as const;
const NAMED_MESSAGE_STREAM = { stream: 'message-<message_id> (the message named in the request)', leavesOrganizationAlone: true } as const;

/**
 * Messages: sending, reading (narrows, search), flags, edits and moves, reactions, deletion, and each
 * user's topic policies. A channel's first message is kept here too: it follows sends, moves and deletions.
 */
export const messagesFeature: Feature = {
  name: 'messages',
  events: {
    MessageSent: MESSAGE_STREAM,
    MessageContentEdited: MESSAGE_STREAM,
    MessagesMoved: NAMED_MESSAGE_STREAM,
    MessagesDeleted: NAMED_MESSAGE_STREAM,
    ReactionAdded: MESSAGE_STREAM,
    ReactionRemoved: MESSAGE_STREAM,
    MessageFlagsChanged: { stream: 'flags-<user_id>', leavesOrganizationAlone: true },
    UserTopicChanged: { stream: 'user-<user_id>', leavesOrganizationAlone: true },
  },
  projections: [
    messagesProjection,
    messageEditsProjection,
    reactionsProjection,
    messageDeletionProjection,
    (models, hooks) => firstMessageProjection(models, hooks.organizationChanged),
  ],
  fanouts: [
    messagesFanout,
    allPublicStreamsFanout,
    userTopicsFanout,
    mutedTopicsFanout,
    flagsFanout,
    reactionsFanout,
    messageDeletionFanout,
    messageEditsFanout,
    firstMessageFanout,
  ],
  routes: [
    route('POST', '/messages', 'required', 'messages-send', sendMessageEndpoint, { allowIncomingWebhooks: true }),
    route('POST', '/messages/flags', 'required', 'message-flags-update', updateMessageFlagsEndpoint),
    route('POST', '/messages/flags/narrow', 'required', 'message-flags-narrow', updateMessageFlagsForNarrowEndpoint),
    route('POST', '/mark_all_as_read', 'required', 'empty', markAllAsReadEndpoint),
    route('POST', '/mark_stream_as_read', 'required', 'mark-stream-as-read', markStreamAsReadEndpoint),
    route('POST', '/mark_topic_as_read', 'required', 'mark-topic-as-read', markTopicAsReadEndpoint),
    route('POST', '/user_topics', 'required', 'user-topic-update', updateUserTopicEndpoint),
    route('PATCH', '/users/me/subscriptions/muted_topics', 'required', 'muted-topic-update', legacyMuteTopicEndpoint),
    route('GET', '/messages', 'required', 'messages-get', getMessages),
    route('GET', '/messages/matches_narrow', 'required', 'messages-matches-narrow', messagesMatchNarrow),
    route('POST', '/messages/render', 'required', 'message-render', renderMessageEndpoint),
    route('GET', '/messages/:message_id/history', 'required', 'message-history-get', getMessageHistory),
    route('GET', '/messages/:message_id/read_receipts', 'required', 'read-receipts-get', getReadReceipts),
    route('GET', '/messages/:message_id', 'required', 'message-get', getMessage),
    route('POST', '/messages/:message_id/typing', 'required', 'message-edit-typing', setEditTypingEndpoint),
    route('POST', '/messages/:message_id/report', 'required', 'message-report', reportMessageEndpoint),
    route('POST', '/messages/:message_id/reactions', 'required', 'reaction-add', addReactionEndpoint),
    route('DELETE', '/messages/:message_id/reactions', 'required', 'reaction-remove', removeReactionEndpoint),
    route('DELETE', '/messages/:message_id', 'required', 'message-delete', deleteMessageEndpoint),
    route('PATCH', '/messages/:message_id', 'required', 'message-update', editMessageEndpoint),
  ],
  sections: {
    message: maxMessageIdSection,
    update_message_flags: unreadMsgsSection,
    recent_private_conversations: recentPrivateConversationsSection,
    user_topic: userTopicsSection,
    starred_messages: starredMessagesSection,
    muted_topics: mutedTopicsSection,
  },
  clientEventTypes: ['reaction', 'update_message', 'delete_message', 'typing_edit_message'],
};
