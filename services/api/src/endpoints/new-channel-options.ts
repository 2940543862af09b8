import { CHANNEL_GROUP_SETTING_NAMES, type ChannelGroupSettings, checkMessageRetentionDays, type GroupSettingValue, type NewChannelOptions, type TopicsPolicy } from '@chat/core';

/** How a request sets up the channels it creates (POST /users/me/subscriptions, POST /channels/create). */
export function newChannelOptions(p: Readonly<Record<string, unknown>>): NewChannelOptions {
  const settings: Partial<ChannelGroupSettings> = {};
  for (const name of CHANNEL_GROUP_SETTING_NAMES) if (p[name] !== undefined) settings[name] = p[name] as GroupSettingValue;
  return {
    invite_only: p.invite_only === true,
    is_web_public: p.is_web_public === true,
    history_public_to_subscribers: typeof p.history_public_to_subscribers === 'boolean' ? p.history_public_to_subscribers : null,
    message_retention_days: p.message_retention_days === undefined ? null : checkMessageRetentionDays(p.message_retention_days as string | number),
    topics_policy: (p.topics_policy as TopicsPolicy | undefined) ?? 'inherit',
    folder_id: typeof p.folder_id === 'number' ? p.folder_id : null,
    is_default: p.is_default_stream === true,
    settings,
  };
}
