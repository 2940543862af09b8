import { CHANNEL_GROUP_SETTING_NAMES, type ChannelGroupSettingName, type ChannelGroupSettings, checkMessageRetentionDays, type GroupSettingValue, type NewChannelOptions, type TopicsPolicy } from '@chat/core';

/** The parameters that set up a new channel, as the request schemas that take them type them. */
export type NewChannelParams = Partial<Record<ChannelGroupSettingName, GroupSettingValue>> & {
  invite_only?: boolean;
  is_web_public?: boolean;
  history_public_to_subscribers?: boolean;
  message_retention_days?: string | number;
  topics_policy?: TopicsPolicy;
  folder_id?: number;
  is_default_stream?: boolean;
};

/** How a request sets up the channels it creates (POST /users/me/subscriptions, POST /channels/create). */
export function newChannelOptions(p: Readonly<NewChannelParams>): NewChannelOptions {
  const settings: Partial<ChannelGroupSettings> = {};
  for (const name of CHANNEL_GROUP_SETTING_NAMES) {
    const value = p[name];
    if (value !== undefined) settings[name] = value;
  }
  return {
    invite_only: p.invite_only === true,
    is_web_public: p.is_web_public === true,
    history_public_to_subscribers: p.history_public_to_subscribers ?? null,
    message_retention_days: p.message_retention_days === undefined ? null : checkMessageRetentionDays(p.message_retention_days),
    topics_policy: p.topics_policy ?? 'inherit',
    folder_id: p.folder_id ?? null,
    is_default: p.is_default_stream === true,
    settings,
  };
}
