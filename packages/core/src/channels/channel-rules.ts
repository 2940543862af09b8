import { badRequest } from '../errors.js';
import { CHANNEL_RETENTION_WORDS, parseRetentionDays } from '../messages/retention.js';
import { checkGroupSettingValue, type GroupWorld } from '../groups/group-setting.js';
import type { GroupSettingValue } from '../groups/user-group-state.js';
import { FORBIDDEN_CHANNEL_SETTING_GROUPS } from './channel-settings.js';
import { type ChannelGroupSettingName, channelNameKey, type ChannelState, TOPICS_POLICIES, type TopicsPolicy } from './channel-state.js';

export const MAX_CHANNEL_NAME_LENGTH = 60;
export const MAX_CHANNEL_DESCRIPTION_LENGTH = 1024;

/** A channel name: trimmed, non-empty, bounded, and free of control characters. */
export function checkChannelName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0) throw badRequest("Channel name can't be empty.");
  if ([...name].length > MAX_CHANNEL_NAME_LENGTH) {
    throw badRequest(`Channel name too long (limit: ${MAX_CHANNEL_NAME_LENGTH} characters).`);
  }
  // Control characters and the Unicode non-characters have no place in a name clients display.
  if (/[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/u.test(name)) {
    throw badRequest(`Invalid character in channel name, at position ${[...name].findIndex((c) => /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/u.test(c)) + 1}.`);
  }
  return name;
}

/** A name no other channel holds, regardless of case. */
export function checkChannelNameFree(channels: Iterable<ChannelState>, name: string, selfId: number | null): void {
  const key = channelNameKey(name);
  for (const channel of channels) {
    if (channel.channel_id !== selfId && channel.name_key === key) throw badRequest(`Channel '${channel.name}' already exists`);
  }
}

export function checkChannelDescription(raw: string): string {
  const description = raw.replace(/\r\n?/g, '\n');
  if ([...description].length > MAX_CHANNEL_DESCRIPTION_LENGTH) {
    throw badRequest(`Channel description too long (limit: ${MAX_CHANNEL_DESCRIPTION_LENGTH} characters).`);
  }
  return description;
}

export function checkTopicsPolicy(value: string): TopicsPolicy {
  if (!(TOPICS_POLICIES as readonly string[]).includes(value)) throw badRequest(`Invalid 'topics_policy': ${value}`);
  return value as TopicsPolicy;
}

/**
 * A channel's message_retention_days as the public API spells it: a positive number of days,
 * "unlimited" (kept forever, stored as -1) or "realm_default" (stored as null).
 */
export const checkMessageRetentionDays = (value: string | number): number | null => parseRetentionDays(value, CHANNEL_RETENTION_WORDS);

/** A channel permission value: groups active, users active, no forbidden system group. */
export function checkChannelSetting(world: GroupWorld, setting: ChannelGroupSettingName, value: GroupSettingValue): GroupSettingValue {
  return checkGroupSettingValue(world, setting, value, FORBIDDEN_CHANNEL_SETTING_GROUPS[setting]);
}

/** A channel's folder: null (no folder), or one of the folders that exist and are not archived. */
export function checkFolderChoice(activeFolderIds: ReadonlySet<number>, id: number | null): number | null {
  if (id !== null && !activeFolderIds.has(id)) throw badRequest(`Invalid 'folder_id': no channel folder ${id}`);
  return id;
}
