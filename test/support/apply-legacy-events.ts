import type { ReceivedEvent } from './event-schemas.js';

type State = Record<string, unknown>;

/**
 * `starred_messages` follows update_message_flags for the starred flag, and loses messages deleted or
 * moved out of the viewer's sight, and messages moved into a channel the viewer is not subscribed to
 * (the server keeps a user's row of a message only in channels they are in). Kept ascending.
 */
export function applyStarredEvent(state: State, event: ReceivedEvent): void {
  const starred = state.starred_messages as number[] | undefined;
  if (!starred) return;
  let ids: number[];
  if (event.type === 'delete_message') {
    const gone = (event.message_ids ?? [event.message_id]) as number[];
    ids = starred.filter((id) => !gone.includes(id));
  } else if (event.type === 'update_message' && typeof event.new_stream_id === 'number') {
    const subscribed = ((state.subscriptions ?? []) as { stream_id: number }[]).some((sub) => sub.stream_id === event.new_stream_id);
    if (subscribed) return;
    const moved = event.message_ids as number[];
    ids = starred.filter((id) => !moved.includes(id));
  } else if (event.type === 'update_message_flags' && event.flag === 'starred') {
    const changed = event.messages as number[];
    ids = event.op === 'add' ? [...new Set([...starred, ...changed])] : starred.filter((id) => !changed.includes(id));
  } else {
    return;
  }
  state.starred_messages = ids.sort((a, b) => a - b);
}

/** `muted_topics` carries the whole legacy list: it replaces the section. */
export function applyMutedTopicsEvent(state: State, event: ReceivedEvent): void {
  if ('muted_topics' in state) state.muted_topics = structuredClone(event.muted_topics);
}

/** `user_status` sets the parts it names; emptied parts (and `away` false) leave the user's entry, and an empty entry goes. */
export function applyUserStatusEvent(state: State, event: ReceivedEvent): void {
  const statuses = state.user_status as Record<string, Record<string, unknown>> | undefined;
  if (!statuses) return;
  const key = String(event.user_id);
  const status = { ...(statuses[key] ?? {}) };
  if (event.away === true) status.away = true;
  if (event.away === false) delete status.away;
  if (typeof event.status_text === 'string') {
    if (event.status_text === '') delete status.status_text;
    else status.status_text = event.status_text;
  }
  if (typeof event.emoji_name === 'string') {
    for (const part of ['emoji_name', 'emoji_code', 'reaction_type']) delete status[part];
    if (event.emoji_name !== '') Object.assign(status, { emoji_name: event.emoji_name, emoji_code: event.emoji_code, reaction_type: event.reaction_type });
  }
  if (Object.keys(status).length === 0) delete statuses[key];
  else statuses[key] = status;
}

/** `muted_users` carries the whole list: it replaces the section. */
export function applyMutedUsersEvent(state: State, event: ReceivedEvent): void {
  if ('muted_users' in state) state.muted_users = structuredClone(event.muted_users);
}
