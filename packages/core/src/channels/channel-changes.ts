import type { ChannelUpdated } from '../events/channel-events.js';
import { sameGroupSetting } from '../groups/group-setting-update.js';
import {
  CHANNEL_GROUP_SETTING_NAMES,
  type ChannelChanges,
  type ChannelFields,
  type ChannelGroupSettingName,
  channelNameKey,
  type ChannelState,
} from './channel-state.js';

const isGroupSetting = (key: string): key is ChannelGroupSettingName => (CHANNEL_GROUP_SETTING_NAMES as readonly string[]).includes(key);

/** One field of a channel, wherever the state keeps it (permissions live under `settings`). */
export function channelField<K extends keyof ChannelFields>(channel: ChannelState, key: K): ChannelFields[K] {
  const value = isGroupSetting(key) ? channel.settings[key] : channel[key as keyof ChannelState];
  return value as ChannelFields[K];
}

/** The channel with `changes` applied: what the projection stores, and (with an event's `previous`) what it was. */
export function withChannelChanges(channel: ChannelState, changes: ChannelChanges): ChannelState {
  const next: ChannelState = { ...channel, settings: { ...channel.settings } };
  for (const [key, value] of Object.entries(changes)) {
    if (isGroupSetting(key)) Object.assign(next.settings, { [key]: value });
    else Object.assign(next, { [key]: value });
  }
  next.name_key = channelNameKey(next.name);
  return next;
}

/** Collects a decision's changes to one channel: only values that differ, each with the value it replaces. */
export class ChannelChangeSet {
  readonly changes: ChannelChanges = {};
  readonly previous: ChannelChanges = {};

  constructor(private readonly channel: ChannelState) {}

  set<K extends keyof ChannelFields>(key: K, value: ChannelFields[K]): void {
    const current = channelField(this.channel, key);
    const same = isGroupSetting(key)
      ? sameGroupSetting(current as ChannelFields[ChannelGroupSettingName], value as ChannelFields[ChannelGroupSettingName])
      : current === value;
    if (same) {
      delete this.changes[key];
      delete this.previous[key];
      return;
    }
    this.changes[key] = value;
    this.previous[key] = current;
  }

  /** The value the channel will hold: the change if there is one, else the current value. */
  get<K extends keyof ChannelFields>(key: K): ChannelFields[K] {
    return key in this.changes ? (this.changes[key] as ChannelFields[K]) : channelField(this.channel, key);
  }

  event(): ChannelUpdated | null {
    if (Object.keys(this.changes).length === 0) return null;
    return { type: 'ChannelUpdated', data: { channel_id: this.channel.channel_id, changes: this.changes, previous: this.previous } };
  }
}
