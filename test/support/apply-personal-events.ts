import type { ReceivedEvent } from './event-schemas.js';

type State = Record<string, unknown>;

interface UserTopic {
  stream_id: number;
  topic_name: string;
  last_updated: number;
  visibility_policy: number;
}

/** `alert_words` carries the whole list: it replaces the section. */
export function applyAlertWordsEvent(state: State, event: ReceivedEvent): void {
  if ('alert_words' in state) state.alert_words = structuredClone(event.alert_words);
}

/**
 * `user_topic` sets the policy of one topic (topics compare regardless of case); 0 removes it. The
 * list is kept by channel id and topic, as the server lists it.
 */
export function applyUserTopicEvent(state: State, event: ReceivedEvent): void {
  const topics = state.user_topics as UserTopic[] | undefined;
  if (!topics) return;
  const { id: _id, type: _type, ...change } = event as ReceivedEvent & UserTopic;
  const same = (each: UserTopic) => each.stream_id === change.stream_id && each.topic_name.toLowerCase() === change.topic_name.toLowerCase();
  const kept = topics.filter((each) => !same(each));
  if (change.visibility_policy !== 0) kept.push(change);
  kept.sort((a, b) => a.stream_id - b.stream_id || (a.topic_name < b.topic_name ? -1 : a.topic_name > b.topic_name ? 1 : 0));
  state.user_topics = kept;
}

type Scheduled = Record<string, unknown> & { scheduled_message_id: number; scheduled_delivery_timestamp: number };

/** `scheduled_messages` keeps the section in delivery order: add, update (replace), remove. */
export function applyScheduledMessagesEvent(state: State, event: ReceivedEvent): void {
  const list = state.scheduled_messages as Scheduled[] | undefined;
  if (!list) return;
  const without = (id: unknown): Scheduled[] => list.filter((each) => each.scheduled_message_id !== id);
  let next: Scheduled[];
  if (event.op === 'add') next = [...list, ...structuredClone(event.scheduled_messages as Scheduled[])];
  else if (event.op === 'update') {
    const changed = structuredClone(event.scheduled_message as Scheduled);
    next = [...without(changed.scheduled_message_id), changed];
  } else if (event.op === 'remove') next = without(event.scheduled_message_id);
  else throw new Error(`unhandled scheduled_messages op ${String(event.op)}`);
  state.scheduled_messages = next.sort((a, b) => a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp || a.scheduled_message_id - b.scheduled_message_id);
}

type Item = Record<string, unknown>;

/** `drafts` (ordered by timestamp, then id) and `saved_snippets` (by id): add, update (replace), remove. */
export function applyDraftsOrSnippetsEvent(state: State, event: ReceivedEvent): void {
  const drafts = event.type === 'drafts';
  const key = drafts ? 'drafts' : 'saved_snippets';
  const list = state[key] as Item[] | undefined;
  if (!list) return;
  const added = drafts ? (event.drafts as Item[] | undefined) : event.saved_snippet && event.op === 'add' ? [event.saved_snippet as Item] : undefined;
  const changed = (drafts ? event.draft : event.saved_snippet) as Item | undefined;
  const removed = drafts ? event.draft_id : event.saved_snippet_id;
  let next: Item[];
  if (event.op === 'add') next = [...list, ...structuredClone(added ?? [])];
  else if (event.op === 'update' && changed) next = [...list.filter((each) => each.id !== changed.id), structuredClone(changed)];
  else if (event.op === 'remove') next = list.filter((each) => each.id !== removed);
  else throw new Error(`unhandled ${event.type} op ${String(event.op)}`);
  const order = (each: Item): number => (drafts ? (each.timestamp as number) : 0);
  state[key] = next.sort((a, b) => order(a) - order(b) || (a.id as number) - (b.id as number));
}

/** `navigation_views`, kept by fragment: add, update (the changed properties), remove. */
export function applyNavigationViewEvent(state: State, event: ReceivedEvent): void {
  const views = state.navigation_views as Item[] | undefined;
  if (!views) return;
  const byFragment = (a: Item, b: Item): number => (String(a.fragment) < String(b.fragment) ? -1 : 1);
  if (event.op === 'add') {
    views.push(structuredClone(event.navigation_view as Item));
    views.sort(byFragment);
  } else if (event.op === 'update') Object.assign(views.find((view) => view.fragment === event.fragment) ?? {}, event.data);
  else if (event.op === 'remove') state.navigation_views = views.filter((view) => view.fragment !== event.fragment);
  else throw new Error(`unhandled navigation_view op ${String(event.op)}`);
}

/** `reminders`: add (a list), remove (by id); the section is ordered by delivery time, then id. */
export function applyRemindersEvent(state: State, event: ReceivedEvent): void {
  const list = state.reminders as Item[] | undefined;
  if (!list) return;
  let next: Item[];
  if (event.op === 'add') next = [...list, ...structuredClone((event.reminders as Item[] | undefined) ?? [])];
  else if (event.op === 'remove') next = list.filter((each) => each.reminder_id !== event.reminder_id);
  else throw new Error(`unhandled reminders op ${String(event.op)}`);
  state.reminders = next.sort((a, b) => (a.scheduled_delivery_timestamp as number) - (b.scheduled_delivery_timestamp as number) || (a.reminder_id as number) - (b.reminder_id as number));
}
