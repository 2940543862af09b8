import type { SectionBuilder } from '../register-context.js';
import { channelFoldersSection } from './channel-folders-section.js';
import { customProfileFieldsSection } from './custom-profile-fields-section.js';
import { presenceSection } from './presence-section.js';
import { realmSection } from './realm-section.js';
import { realmUserSection } from './realm-user-section.js';
import { defaultStreamsSection, streamsSection, subscriptionsSection } from './subscriptions-section.js';
import { userGroupsSection } from './user-groups-section.js';
import { legacyDisplaySettingsSection, legacyNotificationSettingsSection, userSettingsSection } from './user-settings-section.js';
import { userSettingsDefaultsSection } from './user-settings-defaults-section.js';
import { maxMessageIdSection, recentPrivateConversationsSection, unreadMsgsSection } from './unread-sections.js';
import { alertWordsSection } from './alert-words-section.js';
import { userTopicsSection } from './user-topics-section.js';
import { remindersSection } from './reminders-section.js';
import { scheduledMessagesSection } from './scheduled-messages-section.js';
import { draftsSection, navigationViewsSection, savedSnippetsSection } from './personal-items-sections.js';
import { pushDevicesSection } from './push-devices-section.js';
import { realmEmojiSection, realmFiltersSection, realmLinkifiersSection, realmPlaygroundsSection } from './realm-config-sections.js';
import { mutedTopicsSection } from './muted-topics-section.js';
import { starredMessagesSection } from './starred-messages-section.js';
import { realmBotsSection } from './realm-bots-section.js';
import { mutedUsersSection, userStatusSection } from './user-status-sections.js';
import {
  defaultStreamGroupsSection,
  embeddedBotsSection,
  giphySection,
  incomingWebhookBotsSection,
  onboardingStepsSection,
  realmBillingSection,
  realmDomainsSection,
  stopWordsSection,
  videoCallsSection,
} from './server-feature-sections.js';

/** Register sections by the event type that keeps each current; later features add theirs here. */
export const SECTIONS: ReadonlyMap<string, SectionBuilder> = new Map<string, SectionBuilder>([
  ['realm', realmSection],
  ['realm_user', realmUserSection],
  ['user_settings', userSettingsSection],
  ['custom_profile_fields', customProfileFieldsSection],
  ['realm_user_settings_defaults', userSettingsDefaultsSection],
  ['user_group', userGroupsSection],
  ['subscription', subscriptionsSection],
  ['stream', streamsSection],
  ['default_streams', defaultStreamsSection],
  ['channel_folder', channelFoldersSection],
  ['presence', presenceSection],
  ['message', maxMessageIdSection],
  ['update_message_flags', unreadMsgsSection],
  ['recent_private_conversations', recentPrivateConversationsSection],
  ['alert_words', alertWordsSection],
  ['user_topic', userTopicsSection],
  ['reminders', remindersSection],
  ['scheduled_messages', scheduledMessagesSection],
  ['drafts', draftsSection],
  ['saved_snippets', savedSnippetsSection],
  ['navigation_view', navigationViewsSection],
  ['push_device', pushDevicesSection],
  ['realm_emoji', realmEmojiSection],
  ['realm_linkifiers', realmLinkifiersSection],
  ['realm_filters', realmFiltersSection],
  ['realm_playgrounds', realmPlaygroundsSection],
  ['update_display_settings', legacyDisplaySettingsSection],
  ['update_global_notifications', legacyNotificationSettingsSection],
  ['starred_messages', starredMessagesSection],
  ['muted_topics', mutedTopicsSection],
  ['realm_bot', realmBotsSection],
  ['onboarding_steps', onboardingStepsSection],
  ['video_calls', videoCallsSection],
  ['giphy', giphySection],
  ['stop_words', stopWordsSection],
  ['realm_domains', realmDomainsSection],
  ['default_stream_groups', defaultStreamGroupsSection],
  ['realm_embedded_bots', embeddedBotsSection],
  ['realm_incoming_webhook_bots', incomingWebhookBotsSection],
  ['realm_billing', realmBillingSection],
  ['user_status', userStatusSection],
  ['muted_users', mutedUsersSection],
]);

/** Names clients use for a section besides the event type that keeps it current. */
export const TYPE_ALIASES: ReadonlyMap<string, string> = new Map([
  ['channel_folders', 'channel_folder'],
  ['realm_user_groups', 'user_group'],
  ['navigation_views', 'navigation_view'],
]);

/** Event types a queue may ask for: sections plus events that have no section of their own. */
export const EVENT_TYPES: ReadonlySet<string> = new Set([
  ...SECTIONS.keys(),
  'heartbeat',
  'attachment',
  'reaction',
  'update_message',
  'delete_message',
  'invites_changed',
  'realm_export',
  'typing',
  'typing_edit_message',
]);
