import { administratorRequired, badRequest, insufficientPermission, ownerRequired } from '../errors.js';
import type { ChannelCreated, DomainEvent } from '../events/index.js';
import { isUserInSetting } from '../groups/group-setting.js';
import { isAdminRole, Role } from '../roles.js';
import { canAddSubscribers, canSubscribeSelf } from './channel-access.js';
import { channelByName, type ChannelContext } from './channel-context.js';
import { checkChannelDescription, checkChannelName, checkChannelSetting, checkFolderChoice } from './channel-rules.js';
import { defaultChannelGroupSettings } from './channel-settings.js';
import {
  CHANNEL_GROUP_SETTING_NAMES,
  type ChannelGroupSettings,
  channelNameKey,
  type ChannelProperties,
  type ChannelState,
} from './channel-state.js';
import { type AddressesOf, resolvePrincipals } from './principals.js';
import { joinChannels } from './join-channels.js';

/** How channels the request creates are set up; each field falls back to the channel default. */
export interface NewChannelOptions {
  invite_only: boolean;
  is_web_public: boolean;
  history_public_to_subscribers: boolean | null;
  message_retention_days: number | null;
  topics_policy: ChannelProperties['topics_policy'];
  folder_id: number | null;
  is_default: boolean;
  settings: Partial<ChannelGroupSettings>;
}

export interface SubscribeCommand {
  channels: readonly { name: string; description?: string }[];
  principals: readonly (number | string)[] | null;
  authorization_errors_fatal: boolean;
  options: NewChannelOptions;
  /** Ids reserved for the names that name no channel yet, by folded name. */
  newChannelIds: ReadonlyMap<string, number>;
  /** Markdown to HTML, for new channels' descriptions. */
  render: (markdown: string) => string;
  /** How principals may name each user by address; their real address when not given. */
  addressesOf?: AddressesOf;
}

export interface SubscribeDecision {
  /** Events per channel id, in append order; a created channel's ChannelCreated comes first. */
  events: Map<number, DomainEvent[]>;
  /** Names of the channels created, by id: their names must be claimed. */
  created: Map<number, string>;
  subscribed: Record<string, string[]>;
  already_subscribed: Record<string, string[]>;
  unauthorized: string[];
}

/** The channel names a request mentions, folded and checked, first description winning. */
export function requestedChannels(requests: SubscribeCommand['channels']): { name: string; key: string; description: string }[] {
  if (requests.length === 0) throw badRequest("Nothing to do: 'subscriptions' names no channel.");
  const seen = new Map<string, { name: string; key: string; description: string }>();
  for (const request of requests) {
    const name = checkChannelName(request.name);
    const key = channelNameKey(name);
    if (!seen.has(key)) seen.set(key, { name, key, description: checkChannelDescription(request.description ?? '') });
  }
  return [...seen.values()];
}

/** Whether the actor may create a channel set up as `options` (a default channel, a retention, a folder). */
export function checkCreate(ctx: ChannelContext, options: NewChannelOptions): void {
  const actor = ctx.actor;
  if (options.is_web_public) throw badRequest('Web-public channels are not enabled.');
  const permission = options.invite_only ? ctx.realm.can_create_private_channel_group : ctx.realm.can_create_public_channel_group;
  if (!isAdminRole(actor.role) && !isUserInSetting(ctx, permission, actor.user_id)) throw insufficientPermission('Insufficient permission');
  // Default channels decide what every new user joins: an organization decision.
  if (options.is_default && !isAdminRole(actor.role)) throw administratorRequired("Must be an organization administrator to set 'is_default_stream'");
  if (options.message_retention_days !== null && actor.role !== Role.Owner) {
    throw ownerRequired("Must be an organization owner to set 'message_retention_days'");
  }
  if (options.is_default && options.invite_only) throw badRequest('Private channels cannot be made default.');
  checkFolderChoice(ctx.folderIds, options.folder_id);
}

/** A new channel as `options` set it up, its permissions checked; the actor creates it. */
export function newChannel(ctx: ChannelContext, o: NewChannelOptions, render: (markdown: string) => string, id: number, name: string, description: string): ChannelState {
  const settings = { ...defaultChannelGroupSettings(ctx, ctx.actor.user_id) };
  for (const setting of CHANNEL_GROUP_SETTING_NAMES) {
    const value = o.settings[setting];
    if (value !== undefined) settings[setting] = checkChannelSetting(ctx, setting, value);
  }
  return {
    channel_id: id,
    name,
    name_key: channelNameKey(name),
    description,
    rendered_description: render(description),
    invite_only: o.invite_only,
    is_web_public: false,
    // Public channels always share their history; private ones do unless asked not to.
    history_public_to_subscribers: o.invite_only ? (o.history_public_to_subscribers ?? false) : true,
    message_retention_days: o.message_retention_days,
    topics_policy: o.topics_policy,
    folder_id: o.folder_id,
    is_default: o.is_default && !o.invite_only,
    date_created: 0,
    creator_id: ctx.actor.user_id,
    is_archived: false,
    settings,
    first_message_id: null,
  };
}

/** The event recording a new channel: what the read model holds but for what the log supplies. */
export function channelCreated(channel: ChannelState): ChannelCreated {
  const { channel_id, name_key: _key, date_created: _date, is_archived: _archived, first_message_id: _first, ...created } = channel;
  return { type: 'ChannelCreated', data: { channel_id, ...created } };
}

/**
 * POST /users/me/subscriptions: subscribes the principals (or the caller) to each named channel,
 * creating the channels that do not exist. Channels the caller may not join, and archived channels
 * (whoever asks), are refused, or, with authorization_errors_fatal false, skipped and listed as unauthorized.
 */
export function decideSubscribe(ctx: ChannelContext, cmd: SubscribeCommand): SubscribeDecision {
  const requested = requestedChannels(cmd.channels);
  const principals = resolvePrincipals(ctx, ctx.actor, cmd.principals, cmd.addressesOf);
  const others = principals.some((user) => user.user_id !== ctx.actor.user_id);
  const decision: SubscribeDecision = { events: new Map(), created: new Map(), subscribed: {}, already_subscribed: {}, unauthorized: [] };
  const targets: ChannelState[] = [];

  for (const { name, key, description } of requested) {
    const existing = channelByName(ctx, name);
    if (!existing) {
      checkCreate(ctx, cmd.options);
      if (others && !isAdminRole(ctx.actor.role) && !isUserInSetting(ctx, ctx.realm.can_add_subscribers_group, ctx.actor.user_id)) {
        throw insufficientPermission('Insufficient permission to subscribe other users to channels.');
      }
      const id = cmd.newChannelIds.get(key);
      if (id === undefined) throw new Error(`no id reserved for channel '${name}'`);
      const channel = newChannel(ctx, cmd.options, cmd.render, id, name, description);
      decision.events.set(id, [channelCreated(channel)]);
      decision.created.set(id, name);
      targets.push(channel);
      continue;
    }
    const actorId = ctx.actor.user_id;
    const canAdd = canAddSubscribers(ctx, existing, actorId);
    if (existing.is_archived || (!canAdd && !canSubscribeSelf(ctx, existing, actorId))) {
      if (cmd.authorization_errors_fatal) throw badRequest(`Unable to access channel (${existing.name}).`);
      decision.unauthorized.push(existing.name);
      continue;
    }
    if (others && !canAdd) throw insufficientPermission('Insufficient permission to subscribe other users to channels.');
    targets.push(existing);
  }

  const joined = joinChannels(ctx.subscriptions, targets, principals.map((user) => user.user_id));
  for (const [channelId, event] of joined.events) decision.events.set(channelId, [...(decision.events.get(channelId) ?? []), event]);
  decision.subscribed = Object.fromEntries([...joined.subscribed].map(([id, names]) => [String(id), names]));
  decision.already_subscribed = Object.fromEntries([...joined.already].map(([id, names]) => [String(id), names]));
  return decision;
}
