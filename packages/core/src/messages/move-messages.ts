import { type AccessWorld } from '../channels/channel-access.js';
import type { ChannelState } from '../channels/channel-state.js';
import { ApiError } from '../errors.js';
import type { PropagateMode } from '../events/message-edit-events.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../realm/realm-constants.js';
import type { RealmSettings } from '../realm/realm-settings.js';
import { canReadChannelHistory } from './message-access.js';
import { pastLimit } from './edit-permissions.js';
import { RESOLVED_TOPIC_PREFIX } from './topic-rules.js';

export const PROPAGATE_MODES: readonly PropagateMode[] = ['change_one', 'change_later', 'change_all'];

/** A message of a topic as a move needs to know it. */
export interface TopicMessage {
  id: number;
  /** Milliseconds since the epoch. */
  date_sent: number;
}

/** The topic without any run of resolved marks in front (how an unresolved topic reads). */
const withoutResolvedMarks = (topic: string): string => topic.replace(/^[✔ ]+/u, '');

/**
 * Whether a rename resolves the topic (the same name behind the prefix) or unresolves it (the name
 * with its marks taken off); any other rename is neither.
 */
export function resolveToggle(from: string, to: string): 'resolved' | 'unresolved' | null {
  const fromResolved = from.startsWith(RESOLVED_TOPIC_PREFIX);
  const toResolved = to.startsWith(RESOLVED_TOPIC_PREFIX);
  if (toResolved && !fromResolved && to.slice(RESOLVED_TOPIC_PREFIX.length) === from) return 'resolved';
  if (fromResolved && !toResolved && withoutResolvedMarks(from) === to) return 'unresolved';
  return null;
}

/** The names under which resolving would mark the empty topic, which cannot be resolved. */
export const resolvesEmptyTopic = (topic: string): boolean =>
  topic === RESOLVED_TOPIC_PREFIX.trim() || topic === `${RESOLVED_TOPIC_PREFIX}${EMPTY_TOPIC_DISPLAY_NAME}` || topic === `${RESOLVED_TOPIC_PREFIX}(no topic)`;

/**
 * The time limit (seconds) that applies to a move: renaming the topic and changing the channel each
 * have one; with both, the stricter. Null when nothing limits the move.
 */
export function moveLimitSeconds(settings: RealmSettings, renamesTopic: boolean, changesChannel: boolean): number | null {
  const limits = [
    renamesTopic ? settings.move_messages_within_stream_limit_seconds : null,
    changesChannel ? settings.move_messages_between_streams_limit_seconds : null,
  ].filter((limit): limit is number => limit !== null);
  return limits.length === 0 ? null : Math.min(...limits);
}

/**
 * Refuses a move past the time limit: of the message named, or (change_all) of any message of the
 * topic the mover can read. The error says which of those messages may still move: the oldest such
 * (null when none), how many the topic holds, and how many (the most recent) may move.
 */
export function checkMoveTimeLimit(input: {
  limitSeconds: number | null;
  now: number;
  target: TopicMessage;
  topic: readonly TopicMessage[];
  mode: PropagateMode;
}): void {
  const { limitSeconds, now } = input;
  const tooOld = (message: TopicMessage): boolean => pastLimit(message.date_sent, now, limitSeconds);
  if (!tooOld(input.target) && !(input.mode === 'change_all' && input.topic.some(tooOld))) return;
  const allowed = input.topic.filter((message) => !tooOld(message));
  const total = input.topic.length;
  const msg =
    allowed.length === 0
      ? 'The time limit for moving these messages has passed.'
      : `You may only move the ${allowed.length} most recent of the ${total} messages in this topic: the time limit for moving the others has passed.`;
  throw new ApiError('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', 400, msg, {
    first_message_id_allowed_to_move: allowed[0]?.id ?? null,
    total_messages_in_topic: total,
    total_messages_allowed_to_move: allowed.length,
  });
}

/** The messages a move takes: the one named, it and those after it, or the whole topic (as far as the mover can read it). */
export function messagesToMove(mode: PropagateMode, targetId: number, topic: readonly TopicMessage[]): number[] {
  if (mode === 'change_one') return [targetId];
  const ids = topic.map((message) => message.id).filter((id) => mode === 'change_all' || id >= targetId);
  return [...new Set([...ids, targetId])].sort((a, b) => a - b);
}

/**
 * Whose rows a move into another channel changes: holders not subscribed to it lose theirs (and of
 * those, the ones who cannot read the channel lose the messages altogether); when the channel keeps
 * its history from new subscribers, its subscribers get rows so that they can read what arrived.
 */
export function rowChanges(
  world: AccessWorld,
  target: ChannelState,
  holders: Iterable<number>,
  targetSubscribers: readonly number[],
): { rows_removed: number[]; lost_access: number[]; rows_added: number[] } {
  const subscribed = new Set(targetSubscribers);
  const rows_removed = [...new Set(holders)].filter((id) => !subscribed.has(id)).sort((a, b) => a - b);
  return {
    rows_removed,
    lost_access: rows_removed.filter((id) => !canReadChannelHistory(world, target, id)),
    rows_added: target.history_public_to_subscribers ? [] : [...targetSubscribers].sort((a, b) => a - b),
  };
}
