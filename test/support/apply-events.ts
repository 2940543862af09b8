import { applyDefaultStreamsEvent, applyStreamEvent, applySubscriptionEvent } from './apply-channel-events.js';
import { applyPresenceEvent } from './apply-presence-events.js';
import { applyRealmConfigEvent } from './apply-realm-config-events.js';
import {
  applyAlertWordsEvent,
  applyDraftsOrSnippetsEvent,
  applyNavigationViewEvent, applyRemindersEvent,
  applyScheduledMessagesEvent,
  applyUserTopicEvent,
} from './apply-personal-events.js';
import { applyMessageChangeEvent } from './apply-message-changes.js';
import { applyMutedTopicsEvent, applyMutedUsersEvent, applyStarredEvent, applyUserStatusEvent } from './apply-legacy-events.js';
import { applyUnreadStateEvent, recountUnread } from './apply-message-events.js';
import { applyCustomProfileFieldsEvent, applyUserSettingsDefaultsEvent } from './apply-admin-events.js';
import type { ReceivedEvent } from './event-schemas.js';

/**
 * A small client: applies received events to a register snapshot, the way a client keeps its state
 * current. Used to check that "old snapshot + events" equals a fresh snapshot.
 */

type State = Record<string, unknown>;
type Person = Record<string, unknown> & { user_id: number; profile_data?: Record<string, unknown> };

export interface ApplyOptions {
  /** The queue's client_gravatar: gravatar URLs in realm_user add events are dropped, as in register. */
  clientGravatar: boolean;
  /** The register's include_subscribers (true or partial): subscriber lists are kept. */
  includeSubscribers?: boolean;
  /** Whose snapshot it is, for events about their messages (the other participants of a conversation). */
  viewerId?: number;
}

const ROLE_OWNER = 100;
const ROLE_ADMINISTRATOR = 200;
const ROLE_MODERATOR = 300;
const ROLE_GUEST = 600;

function roleFlags(role: number): Record<string, boolean> {
  return { is_owner: role === ROLE_OWNER, is_admin: role <= ROLE_ADMINISTRATOR, is_guest: role === ROLE_GUEST };
}

function applyPersonUpdate(person: Person, change: Person): void {
  for (const [key, value] of Object.entries(change)) {
    if (key === 'user_id') continue;
    if (key === 'custom_profile_field') {
      const { id, value: fieldValue, ...rest } = value as { id: number; value: string | null; rendered_value?: unknown };
      const data = (person.profile_data ??= {});
      if (fieldValue === null) delete data[String(id)];
      else data[String(id)] = 'rendered_value' in rest ? { value: fieldValue, rendered_value: rest.rendered_value } : { value: fieldValue };
    } else if (key === 'new_email') {
      person.email = value;
    } else {
      person[key] = value;
      if (key === 'role') Object.assign(person, roleFlags(value as number));
    }
  }
}

/** The viewer's own top-level fields follow their realm_user updates. */
function applyOwnUpdate(state: State, change: Person): void {
  if ('full_name' in change) state.full_name = change.full_name;
  if ('new_email' in change) state.email = change.new_email;
  if ('delivery_email' in change) state.delivery_email = change.delivery_email;
  if ('role' in change) {
    const role = change.role as number;
    Object.assign(state, { ...roleFlags(role), is_moderator: role === ROLE_MODERATOR });
  }
}

export function applyEvent(state: State, event: ReceivedEvent, options: ApplyOptions): void {
  switch (event.type) {
    case 'heartbeat':
    case 'typing':
      return;
    case 'realm_user': {
      const users = state.realm_users as Person[] | undefined;
      if (event.op === 'add') {
        const person = structuredClone(event.person) as Person;
        if (options.clientGravatar && typeof person.avatar_url === 'string' && person.avatar_url.includes('gravatar.com')) person.avatar_url = null;
        users?.push(person);
        return;
      }
      if (event.op === 'update') {
        const change = event.person as Person;
        if ('is_active' in change) {
          moveBetweenUserLists(state, change.user_id, change.is_active === true);
          return;
        }
        // Clients keep deactivated people too (realm_non_active_users): an update reaches them there.
        const inactive = state.realm_non_active_users as Person[] | undefined;
        const target = users?.find((user) => user.user_id === change.user_id) ?? inactive?.find((user) => user.user_id === change.user_id);
        if (target) applyPersonUpdate(target, change);
        if (state.user_id === change.user_id) applyOwnUpdate(state, change);
        return;
      }
      throw new Error(`unhandled realm_user op ${String(event.op)}`);
    }
    case 'user_settings':
      if (event.op !== 'update') throw new Error(`unhandled user_settings op ${String(event.op)}`);
      if (state.user_settings) (state.user_settings as State)[event.property as string] = event.value;
      return;
    case 'update_display_settings':
      if (event.setting_name as string in state) state[event.setting_name as string] = event.setting;
      return;
    case 'update_global_notifications':
      if (event.notification_name as string in state) state[event.notification_name as string] = event.setting;
      return;
    case 'custom_profile_fields':
      applyCustomProfileFieldsEvent(state, event);
      return;
    case 'realm_user_settings_defaults':
      applyUserSettingsDefaultsEvent(state, event);
      return;
    case 'realm':
      if (event.op === 'update') {
        if (`realm_${String(event.property)}` in state) state[`realm_${String(event.property)}`] = event.value;
        return;
      }
      if (event.op !== 'update_dict') throw new Error(`unhandled realm op ${String(event.op)}`);
      for (const [key, value] of Object.entries(event.data as State)) {
        if (`realm_${key}` in state) state[`realm_${key}`] = value;
      }
      return;
    case 'user_group':
      applyUserGroupEvent(state, event);
      return;
    case 'channel_folder':
      applyChannelFolderEvent(state, event);
      return;
    case 'presence':
      applyPresenceEvent(state, event);
      return;
    case 'stream':
      applyStreamEvent(state, event, options.includeSubscribers === true);
      return;
    case 'subscription':
      applySubscriptionEvent(state, event, options.includeSubscribers === true);
      return;
    case 'default_streams':
      applyDefaultStreamsEvent(state, event);
      return;
    case 'message':
    case 'update_message_flags':
      applyUnreadStateEvent(state, event, options.viewerId ?? 0);
      applyStarredEvent(state, event);
      return;
    case 'update_message':
    case 'delete_message':
    case 'reaction':
      applyMessageChangeEvent(state, event, options.viewerId ?? 0);
      applyStarredEvent(state, event);
      return;
    case 'muted_topics':
      applyMutedTopicsEvent(state, event);
      return;
    case 'user_status':
      applyUserStatusEvent(state, event);
      return;
    case 'muted_users':
      applyMutedUsersEvent(state, event);
      return;
    case 'alert_words':
      applyAlertWordsEvent(state, event);
      return;
    case 'user_topic':
      applyUserTopicEvent(state, event);
      return;
    case 'scheduled_messages':
      applyScheduledMessagesEvent(state, event);
      return;
    case 'drafts':
    case 'saved_snippets':
      applyDraftsOrSnippetsEvent(state, event);
      return;
    case 'navigation_view':
      applyNavigationViewEvent(state, event);
      return;
    case 'reminders':
      applyRemindersEvent(state, event);
      return;
    case 'realm_emoji':
    case 'realm_linkifiers':
    case 'realm_playgrounds':
      applyRealmConfigEvent(state, event);
      return;
    default:
      throw new Error(`the applier does not know event type ${event.type}`);
  }
}

/**
 * A deactivation moves the record to realm_non_active_users and takes the user out of every group's
 * members (clients do that themselves); a reactivation moves it back (add_members events follow).
 */
function moveBetweenUserLists(state: State, userId: number, active: boolean): void {
  const [from, to] = active ? ['realm_non_active_users', 'realm_users'] : ['realm_users', 'realm_non_active_users'];
  const source = state[from] as Person[] | undefined;
  const target = state[to] as Person[] | undefined;
  const index = source?.findIndex((user) => user.user_id === userId) ?? -1;
  if (source && target && index >= 0) {
    const [person] = source.splice(index, 1);
    person.is_active = active;
    target.push(person);
    target.sort((a, b) => a.user_id - b.user_id);
  }
  if (active) return;
  for (const group of (state.realm_user_groups as Group[] | undefined) ?? []) group.members = group.members.filter((id) => id !== userId);
}

type Group = Record<string, unknown> & { id: number; members: number[]; direct_subgroup_ids: number[] };

/** realm_user_groups follows user_group events; id lists are kept in ascending order, as the server lists them. */
function applyUserGroupEvent(state: State, event: ReceivedEvent): void {
  const groups = state.realm_user_groups as Group[] | undefined;
  if (!groups) return;
  const ascending = (ids: number[]): number[] => [...ids].sort((a, b) => a - b);
  if (event.op === 'add') {
    groups.push(structuredClone(event.group) as Group);
    groups.sort((a, b) => a.id - b.id);
    return;
  }
  const index = groups.findIndex((group) => group.id === event.group_id);
  if (index < 0) return;
  const group = groups[index];
  const ids = (event.user_ids ?? event.direct_subgroup_ids) as number[];
  switch (event.op) {
    case 'update':
      Object.assign(group, event.data);
      return;
    case 'remove':
      groups.splice(index, 1);
      return;
    case 'add_members':
      group.members = ascending([...group.members, ...ids]);
      return;
    case 'remove_members':
      group.members = group.members.filter((id) => !ids.includes(id));
      return;
    case 'add_subgroups':
      group.direct_subgroup_ids = ascending([...group.direct_subgroup_ids, ...ids]);
      return;
    case 'remove_subgroups':
      group.direct_subgroup_ids = group.direct_subgroup_ids.filter((id) => !ids.includes(id));
      return;
    default:
      throw new Error(`unhandled user_group op ${String(event.op)}`);
  }
}

type Folder = Record<string, unknown> & { id: number; order: number };

/** channel_folders follows channel_folder events; the list is kept in display order, as the server lists it. */
function applyChannelFolderEvent(state: State, event: ReceivedEvent): void {
  const folders = state.channel_folders as Folder[] | undefined;
  if (!folders) return;
  switch (event.op) {
    case 'add':
      folders.push(structuredClone(event.channel_folder) as Folder);
      break;
    case 'update': {
      const folder = folders.find((candidate) => candidate.id === event.channel_folder_id);
      if (folder) Object.assign(folder, event.data);
      break;
    }
    case 'reorder':
      (event.order as number[]).forEach((id, index) => {
        const folder = folders.find((candidate) => candidate.id === id);
        if (folder) folder.order = index;
      });
      break;
    default:
      throw new Error(`unhandled channel_folder op ${String(event.op)}`);
  }
  folders.sort((a, b) => a.order - b.order || a.id - b.id);
}

/** A copy of `snapshot` with `events` applied in order (the unread count recomputed after each, as it depends on muting). */
export function applyEvents(snapshot: State, events: readonly ReceivedEvent[], options: ApplyOptions): State {
  const state = structuredClone(snapshot);
  for (const event of events) {
    applyEvent(state, event, options);
    recountUnread(state);
  }
  return state;
}
