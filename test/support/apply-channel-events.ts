import type { ReceivedEvent } from './event-schemas.js';

/**
 * How a client keeps register's channel sections current: `streams` (channels it may know),
 * `subscriptions`, `unsubscribed` and `never_subscribed` (each channel in exactly one of the three),
 * and `realm_default_streams`. Lists stay in stream id order, as register gives them; subscriber
 * lists (kept only when register was asked for them) in user id order.
 */

type State = Record<string, unknown>;
type ChannelRecord = Record<string, unknown> & { stream_id: number; subscriber_count: number; subscribers?: number[] };

const SUBSCRIPTION_SECTIONS = ['subscriptions', 'unsubscribed', 'never_subscribed'] as const;

const listOf = (state: State, key: string): ChannelRecord[] | undefined => state[key] as ChannelRecord[] | undefined;

/** Every record of the channel, in every section that holds it. */
function recordsOf(state: State, streamId: number): ChannelRecord[] {
  return ['streams', ...SUBSCRIPTION_SECTIONS].flatMap((key) => listOf(state, key)?.filter((record) => record.stream_id === streamId) ?? []);
}

function put(state: State, key: string, record: ChannelRecord): void {
  const list = listOf(state, key);
  if (!list) return;
  list.push(record);
  list.sort((a, b) => a.stream_id - b.stream_id);
}

function take(state: State, key: string, streamId: number): ChannelRecord | undefined {
  const list = listOf(state, key);
  const index = list?.findIndex((record) => record.stream_id === streamId) ?? -1;
  return index < 0 ? undefined : list!.splice(index, 1)[0];
}

/**
 * Peers joined or left. Where a subscriber list is known, it says how many really joined or left, and
 * every record of the channel (those without a list too) counts that; otherwise each user named counts.
 */
function applyPeers(state: State, streamIds: number[], userIds: number[], joined: boolean): void {
  for (const streamId of streamIds) {
    const records = recordsOf(state, streamId);
    const listed = records.find((record) => record.subscribers !== undefined)?.subscribers;
    const after = new Set(listed ?? []);
    for (const userId of userIds) (joined ? after.add(userId) : after.delete(userId));
    const change = listed ? after.size - listed.length : joined ? userIds.length : -userIds.length;
    for (const record of records) {
      if (record.subscribers) record.subscribers = [...after].sort((a, b) => a - b);
      record.subscriber_count += change;
    }
  }
}

/** One changed property, with the fields that travel with it (HTML of a description, flags of a privacy change). */
function applyStreamUpdate(record: ChannelRecord, event: ReceivedEvent): void {
  record[event.property as string] = event.value;
  for (const alongside of ['rendered_description', 'history_public_to_subscribers', 'is_web_public']) {
    if (alongside in event) record[alongside] = event[alongside];
  }
}

export function applyStreamEvent(state: State, event: ReceivedEvent, includeSubscribers: boolean): void {
  switch (event.op) {
    case 'create':
      for (const record of event.streams as ChannelRecord[]) {
        if (recordsOf(state, record.stream_id).length > 0) continue;
        put(state, 'streams', structuredClone(record));
        // A channel one just came to know has no subscription of one's own yet.
        put(state, 'never_subscribed', { ...structuredClone(record), ...(includeSubscribers ? { subscribers: [] } : {}) });
      }
      return;
    case 'delete':
      for (const streamId of event.stream_ids as number[]) {
        for (const key of ['streams', ...SUBSCRIPTION_SECTIONS]) take(state, key, streamId);
      }
      return;
    case 'update':
      for (const record of recordsOf(state, event.stream_id as number)) applyStreamUpdate(record, event);
      return;
    default:
      throw new Error(`unhandled stream op ${String(event.op)}`);
  }
}

export function applySubscriptionEvent(state: State, event: ReceivedEvent, includeSubscribers: boolean): void {
  switch (event.op) {
    case 'add':
      for (const sub of event.subscriptions as ChannelRecord[]) {
        for (const key of SUBSCRIPTION_SECTIONS) take(state, key, sub.stream_id);
        const record = structuredClone(sub);
        if (!includeSubscribers) delete record.subscribers;
        put(state, 'subscriptions', record);
        for (const channel of listOf(state, 'streams')?.filter((each) => each.stream_id === sub.stream_id) ?? []) channel.subscriber_count = sub.subscriber_count;
      }
      return;
    case 'remove':
      for (const { stream_id } of event.subscriptions as { stream_id: number }[]) {
        const record = take(state, 'subscriptions', stream_id);
        const own = state.user_id as number;
        for (const channel of listOf(state, 'streams')?.filter((each) => each.stream_id === stream_id) ?? []) channel.subscriber_count -= 1;
        if (!record) continue;
        record.subscriber_count -= 1;
        if (record.subscribers) record.subscribers = record.subscribers.filter((userId) => userId !== own);
        put(state, 'unsubscribed', record);
      }
      return;
    case 'peer_add':
    case 'peer_remove':
      applyPeers(state, event.stream_ids as number[], event.user_ids as number[], event.op === 'peer_add');
      return;
    case 'update':
      for (const record of listOf(state, 'subscriptions')?.filter((each) => each.stream_id === event.stream_id) ?? []) record[event.property as string] = event.value;
      return;
    default:
      throw new Error(`unhandled subscription op ${String(event.op)}`);
  }
}

export function applyDefaultStreamsEvent(state: State, event: ReceivedEvent): void {
  if ('realm_default_streams' in state) state.realm_default_streams = [...(event.default_streams as number[])];
}
