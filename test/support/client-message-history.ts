/**
 * How a client keeps `max_message_id` and `recent_private_conversations` current when messages can
 * also leave the viewer's history (deleted, moved where the viewer cannot keep them).
 *
 * The snapshot says only the newest id of the history and of each direct conversation. Every message
 * that enters the history afterwards arrives with an event, so the client remembers those ids: when
 * the newest goes, the next newest it knows is the true one, since anything newer than the snapshot's
 * newest came with an event. What a client cannot know is what lies behind the snapshot's newest: if
 * every id it knows of (the history's, or a conversation's) goes, the section keeps its last value (a
 * conversation is dropped) although the server may still have older messages there. The consistency
 * test's history does not take a conversation or the history down to nothing it knows of.
 */

type State = Record<string, unknown>;

interface Conversation {
  max_message_id: number;
  user_ids: number[];
}

interface KnownHistory {
  /** The snapshot's newest id and every id that entered the history since. */
  ids: Set<number>;
  /** Per direct conversation (the other participants, ascending, joined by commas): the ids known in it. */
  conversations: Map<string, Set<number>>;
}

const known = new WeakMap<State, KnownHistory>();

/** What the client knows of the viewer's history, started from the snapshot the first time it is asked. */
function historyOf(state: State): KnownHistory {
  let history = known.get(state);
  if (history) return history;
  const max = state.max_message_id;
  const conversations = (state.recent_private_conversations as Conversation[] | undefined) ?? [];
  history = {
    ids: new Set(typeof max === 'number' && max > 0 ? [max] : []),
    conversations: new Map(conversations.map((each) => [each.user_ids.join(','), new Set([each.max_message_id])])),
  };
  known.set(state, history);
  return history;
}

const newest = (ids: Set<number>): number | undefined => (ids.size === 0 ? undefined : Math.max(...ids));

/** Writes the two sections from what the client knows (a section the snapshot lacks stays absent). */
function refresh(state: State, history: KnownHistory): void {
  const max = newest(history.ids);
  if (typeof state.max_message_id === 'number' && max !== undefined) state.max_message_id = max;
  if (!Array.isArray(state.recent_private_conversations)) return;
  const listed: Conversation[] = [];
  for (const [key, ids] of history.conversations) {
    const id = newest(ids);
    if (id !== undefined) listed.push({ max_message_id: id, user_ids: key === '' ? [] : key.split(',').map(Number) });
  }
  state.recent_private_conversations = listed.sort((a, b) => b.max_message_id - a.max_message_id);
}

/** Messages entered the viewer's history; `others` names the direct conversation they are in (the other participants, ascending). */
export function learnMessages(state: State, ids: readonly number[], others?: readonly number[]): void {
  const history = historyOf(state);
  for (const id of ids) history.ids.add(id);
  if (others) {
    const key = others.join(',');
    const conversation = history.conversations.get(key) ?? new Set<number>();
    for (const id of ids) conversation.add(id);
    history.conversations.set(key, conversation);
  }
  refresh(state, history);
}

/** Messages left the viewer's history (deleted, or moved away from them). */
export function forgetMessages(state: State, ids: readonly number[]): void {
  const history = historyOf(state);
  for (const id of ids) {
    history.ids.delete(id);
    for (const conversation of history.conversations.values()) conversation.delete(id);
  }
  refresh(state, history);
}
