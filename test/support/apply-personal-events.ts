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
