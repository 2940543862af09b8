import { badRequest, ownerRequired } from '../errors.js';
import type { ChannelEvent } from '../events/channel-events.js';
import { checkExpectedGroupSetting, type GroupSettingUpdate } from '../groups/group-setting-update.js';
import { Role } from '../roles.js';
import { hasContentAccess } from './channel-access.js';
import { ChannelChangeSet } from './channel-changes.js';
import type { ChannelContext } from './channel-context.js';
import { requireAdministeredChannel } from './channel-lookup.js';
import {
  checkChannelDescription,
  checkChannelName,
  checkChannelNameFree,
  checkChannelSetting,
  checkFolderChoice,
  checkMessageRetentionDays,
  checkTopicsPolicy,
} from './channel-rules.js';
import { CHANNEL_GROUP_SETTING_NAMES, type ChannelGroupSettingName, channelNameKey, type ChannelState } from './channel-state.js';
import { checkDefaultChannel, requireDefaultsAdministrator } from './default-channels.js';

/** PATCH /streams/{stream_id}: each field is optional; absent ones stay as they are. */
export interface UpdateChannelCommand {
  new_name?: string;
  description?: string;
  is_private?: boolean;
  is_web_public?: boolean;
  history_public_to_subscribers?: boolean;
  message_retention_days?: string | number;
  topics_policy?: string;
  folder_id?: number | null;
  is_archived?: boolean;
  is_default_stream?: boolean;
  settings: Partial<Record<ChannelGroupSettingName, GroupSettingUpdate>>;
  /** The topics the channel's messages are in: empty_topic_only needs every one to be the empty topic. */
  topicsInUse: readonly string[];
  /** Markdown to HTML, for a new description. */
  render: (markdown: string) => string;
}

export interface UpdateChannelDecision {
  /** Unarchiving first, so that the changes reach everyone who sees the channel active again. */
  events: ChannelEvent[];
  /** Set when the folded name changes: the new name must be claimed and the old one released. */
  rename: { from: string; to: string } | null;
}

function nameAndDescription(ctx: ChannelContext, channel: ChannelState, cmd: UpdateChannelCommand, set: ChannelChangeSet): void {
  if (cmd.new_name !== undefined) {
    const name = checkChannelName(cmd.new_name);
    checkChannelNameFree(ctx.channels.values(), name, channel.channel_id);
    set.set('name', name);
  }
  if (cmd.description !== undefined) {
    const description = checkChannelDescription(cmd.description);
    if (description !== channel.description) {
      set.set('description', description);
      set.set('rendered_description', cmd.render(description));
    }
  }
}

/**
 * Settings that would let the actor read the channel (by making it public, or by letting themselves
 * in) need that access already, as on the public server: administering a channel is knowing it, not
 * reading it.
 */
const SETTINGS_REQUIRING_CONTENT_ACCESS: readonly ChannelGroupSettingName[] = ['can_add_subscribers_group', 'can_subscribe_group'];

function requireContentAccess(ctx: ChannelContext, channel: ChannelState): void {
  if (!hasContentAccess(ctx, channel, ctx.actor.user_id)) throw badRequest('Channel content access is required.');
}

/** Public channels always share their history; a channel turned private keeps what it shared. */
function privacy(ctx: ChannelContext, channel: ChannelState, cmd: UpdateChannelCommand, set: ChannelChangeSet): void {
  if (cmd.is_web_public === true) throw badRequest("Invalid 'is_web_public': web-public channels are not enabled.");
  if (cmd.is_private !== undefined) requireContentAccess(ctx, channel);
  const inviteOnly = cmd.is_private ?? set.get('invite_only');
  set.set('invite_only', inviteOnly);
  if (!inviteOnly && cmd.history_public_to_subscribers === false) {
    throw badRequest("Invalid 'history_public_to_subscribers': a public channel's history is always public to its subscribers.");
  }
  set.set('history_public_to_subscribers', inviteOnly ? (cmd.history_public_to_subscribers ?? set.get('history_public_to_subscribers')) : true);
}

function retentionAndTopics(ctx: ChannelContext, cmd: UpdateChannelCommand, set: ChannelChangeSet): void {
  if (cmd.message_retention_days !== undefined) {
    if (ctx.actor.role !== Role.Owner) throw ownerRequired("Must be an organization owner to change 'message_retention_days'");
    set.set('message_retention_days', checkMessageRetentionDays(cmd.message_retention_days));
  }
  if (cmd.topics_policy !== undefined) {
    const policy = checkTopicsPolicy(cmd.topics_policy);
    if (policy === 'empty_topic_only' && cmd.topicsInUse.some((topic) => topic !== '')) {
      throw badRequest("Invalid 'topics_policy': empty_topic_only needs every message of the channel to be in the empty topic.");
    }
    set.set('topics_policy', policy);
  }
}

function placeAndPermissions(ctx: ChannelContext, channel: ChannelState, cmd: UpdateChannelCommand, set: ChannelChangeSet): void {
  const folderId = cmd.folder_id;
  if (folderId !== undefined && folderId !== set.get('folder_id')) {
    set.set('folder_id', checkFolderChoice(ctx.folderIds, folderId));
  }
  for (const name of CHANNEL_GROUP_SETTING_NAMES) {
    const update = cmd.settings[name];
    if (update === undefined) continue;
    checkExpectedGroupSetting(name, set.get(name), update);
    const value = checkChannelSetting(ctx, name, update.new);
    if (SETTINGS_REQUIRING_CONTENT_ACCESS.includes(name) && JSON.stringify(value) !== JSON.stringify(set.get(name))) requireContentAccess(ctx, channel);
    set.set(name, value);
  }
}

/** A default channel stays public: it cannot turn private, and a private one cannot become default. */
function defaults(ctx: ChannelContext, cmd: UpdateChannelCommand, set: ChannelChangeSet, archived: boolean): void {
  if (cmd.is_default_stream !== undefined) {
    requireDefaultsAdministrator(ctx);
    if (cmd.is_default_stream) checkDefaultChannel({ invite_only: set.get('invite_only'), is_archived: archived });
    set.set('is_default', cmd.is_default_stream);
  }
  if (set.get('is_default') && set.get('invite_only')) throw badRequest('Default channels cannot be made private.');
}

/**
 * PATCH /streams/{stream_id}: channel administrators change a channel's name, description, privacy,
 * retention, topics policy, folder, permissions and default status, or unarchive it. Everything is
 * checked before anything is decided; values equal to the current ones change nothing.
 */
export function decideUpdateChannel(ctx: ChannelContext, channelId: number, cmd: UpdateChannelCommand): UpdateChannelDecision {
  const channel = requireAdministeredChannel(ctx, channelId);
  if (cmd.is_archived === true) throw badRequest("Invalid 'is_archived': only false (unarchive) is accepted; archive with DELETE /streams/{stream_id}.");
  const unarchive = cmd.is_archived === false && channel.is_archived;
  const set = new ChannelChangeSet(channel);
  nameAndDescription(ctx, channel, cmd, set);
  privacy(ctx, channel, cmd, set);
  retentionAndTopics(ctx, cmd, set);
  placeAndPermissions(ctx, channel, cmd, set);
  defaults(ctx, cmd, set, channel.is_archived && !unarchive);

  const events: ChannelEvent[] = [];
  if (unarchive) events.push({ type: 'ChannelUnarchived', data: { channel_id: channelId } });
  const updated = set.event();
  if (updated) events.push(updated);
  const name = set.get('name');
  const rename = channelNameKey(name) === channel.name_key ? null : { from: channel.name, to: name };
  return { events, rename };
}
