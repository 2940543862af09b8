import { channelFoldersProjection } from '@chat/projections/channel-folders/channel-folders-projection';
import { channelsProjection } from '@chat/projections/channels/channels-projection';
import { channelAccessFanout } from '@chat/projections/client-events/channel-access-fanout';
import { channelFoldersFanout } from '@chat/projections/client-events/channel-folders-fanout';
import { channelUpdateFanout } from '@chat/projections/client-events/channel-update-fanout';
import { channelsFanout } from '@chat/projections/client-events/channels-fanout';
import { createChannelFolderEndpoint, listChannelFolders, reorderChannelFoldersEndpoint, updateChannelFolderEndpoint } from '../endpoints/channel-folders.js';
import { channelEmailAddress } from '../endpoints/channel-email.js';
import { getChannelTopics } from '../endpoints/channel-topics.js';
import { createChannelEndpoint, deleteTopicEndpoint, updateSubscriptionsEndpoint } from '../endpoints/channels-admin.js';
import { getChannel, getChannelId, getChannelMembers, listChannels } from '../endpoints/channels-read.js';
import { addDefaultChannelEndpoint, archiveChannelEndpoint, removeDefaultChannelEndpoint, updateChannelEndpoint } from '../endpoints/channels-write.js';
import { updateSubscriptionPropertiesEndpoint } from '../endpoints/subscription-properties.js';
import { listSubscriptions, subscribeEndpoint, subscriptionStatus, unsubscribeEndpoint } from '../endpoints/subscriptions.js';
import { channelFoldersSection } from '../register/sections/channel-folders-section.js';
import { defaultStreamsSection, streamsSection, subscriptionsSection } from '../register/sections/subscriptions-section.js';
import { type Feature, route } from './feature.js';

const CHANNEL_STREAM = { stream: 'channel-<channel_id>' };
const FOLDER_STREAM = { stream: 'channelfolder-<channel_folder_id>' };

/** Channels, their subscriptions and folders, default channels, topics. */
export const channelsFeature: Feature = {
  name: 'channels',
  events: {
    ChannelCreated: CHANNEL_STREAM,
    ChannelUpdated: CHANNEL_STREAM,
    ChannelArchived: CHANNEL_STREAM,
    ChannelUnarchived: CHANNEL_STREAM,
    SubscriptionAdded: CHANNEL_STREAM,
    SubscriptionRemoved: CHANNEL_STREAM,
    SubscriptionPropertyChanged: CHANNEL_STREAM,
    ChannelFolderCreated: FOLDER_STREAM,
    ChannelFolderUpdated: FOLDER_STREAM,
    ChannelFoldersReordered: { stream: 'realm' },
  },
  projections: [channelFoldersProjection, channelsProjection],
  fanouts: [channelFoldersFanout, channelsFanout, channelUpdateFanout, channelAccessFanout],
  routes: [
    route('POST', '/channel_folders/create', 'required', 'channel-folder-create', createChannelFolderEndpoint),
    route('GET', '/channel_folders', 'required', 'channel-folders-list', listChannelFolders),
    route('PATCH', '/channel_folders', 'required', 'channel-folders-reorder', reorderChannelFoldersEndpoint),
    route('PATCH', '/channel_folders/:channel_folder_id', 'required', 'channel-folder-update', updateChannelFolderEndpoint),
    // Before subscriptionStatus: GET /users/me/subscriptions/topics would match both, and has always meant this one.
    route('GET', '/users/me/:stream_id/topics', 'required', 'channel-topics-get', getChannelTopics),
    route('GET', '/users/me/subscriptions', 'required', 'subscriptions-get', listSubscriptions),
    route('POST', '/users/me/subscriptions', 'required', 'subscribe', subscribeEndpoint),
    route('DELETE', '/users/me/subscriptions', 'required', 'unsubscribe', unsubscribeEndpoint),
    route('PATCH', '/users/me/subscriptions', 'required', 'subscriptions-update', updateSubscriptionsEndpoint),
    route('POST', '/users/me/subscriptions/properties', 'required', 'subscription-properties-update', updateSubscriptionPropertiesEndpoint),
    route('GET', '/users/:user_id/subscriptions/:stream_id', 'required', 'subscription-status-get', subscriptionStatus),
    route('GET', '/streams', 'required', 'streams-get', listChannels),
    route('GET', '/streams/:stream_id', 'required', 'stream-get', getChannel),
    route('PATCH', '/streams/:stream_id', 'required', 'stream-update', updateChannelEndpoint),
    route('DELETE', '/streams/:stream_id', 'required', 'stream-archive', archiveChannelEndpoint),
    route('POST', '/streams/:stream_id/delete_topic', 'required', 'topic-delete', deleteTopicEndpoint),
    route('POST', '/channels/create', 'required', 'channel-create', createChannelEndpoint),
    route('GET', '/streams/:stream_id/members', 'required', 'stream-members-get', getChannelMembers),
    route('GET', '/streams/:stream_id/email_address', 'required', 'stream-email-address-get', channelEmailAddress),
    route('GET', '/get_stream_id', 'required', 'stream-id-get', getChannelId),
    route('POST', '/default_streams', 'required', 'default-stream', addDefaultChannelEndpoint),
    route('DELETE', '/default_streams', 'required', 'default-stream', removeDefaultChannelEndpoint),
  ],
  sections: {
    subscription: subscriptionsSection,
    stream: streamsSection,
    default_streams: defaultStreamsSection,
    channel_folder: channelFoldersSection,
  },
  sectionAliases: { channel_folders: 'channel_folder' },
};
