import { badRequest } from '../errors.js';
import type { MessageFlagsChanged } from '../events/message-events.js';
import { ALL_FLAG_NAMES, FlagBit, HISTORY_ONLY_BITS, USER_FLAGS, type StoredFlagName } from './message-flags.js';

export type FlagOperation = 'add' | 'remove';

/** The flag and operation of a flag change, checked in the public server's order: flag, then operation. */
export function checkFlagChange(op: string, flag: string): { op: FlagOperation; flag: StoredFlagName } {
  if (!ALL_FLAG_NAMES.includes(flag)) throw badRequest(`Invalid flag: '${flag}'`);
  if (!USER_FLAGS.includes(flag as StoredFlagName)) throw badRequest(`Flag not editable: '${flag}'`);
  if (op !== 'add' && op !== 'remove') throw badRequest(`Invalid message flag operation: '${op}'`);
  return { op, flag: flag as StoredFlagName };
}

/** What the decider knows of one message named by the request. */
export interface FlagTarget {
  id: number;
  /** False when the message does not exist or the user may not read it. */
  readable: boolean;
  /** The user's flag bits for it, or undefined when it is not in their history. */
  flags: number | undefined;
  /** For a channel message: its channel, and whether the user is subscribed to it now. */
  channel?: { id: number; subscribed: boolean };
}

export interface FlagsCommand {
  user_id: number;
  op: string;
  flag: string;
  /** In the order the request named them; repeats are taken once. */
  targets: readonly FlagTarget[];
  /** The change is "every unread message read" (POST /mark_all_as_read). */
  all?: boolean;
}

export interface FlagsDecision {
  /** Null when no message's flag changes. */
  event: MessageFlagsChanged | null;
  /** The messages whose flag changes, in the order named. */
  changed: number[];
  /** For read/remove only: channels whose messages were skipped because the user is not subscribed (ascending). */
  ignored_because_not_subscribed_channels?: number[];
}

/**
 * Setting or clearing one of a user's own flags (read, starred, collapsed) on messages. A message
 * outside the user's history counts as read and historical; when its flag changes it enters their
 * history (listed in `historical`). Every message must be readable by the user. Unread messages
 * must be in channels the user is subscribed to, so marking unread skips the others.
 */
export function decideUpdateFlags(cmd: FlagsCommand): FlagsDecision {
  const { op, flag } = checkFlagChange(cmd.op, cmd.flag);
  if (cmd.targets.some((target) => !target.readable)) throw badRequest('Invalid message(s)');
  const bit = FlagBit[flag];
  const adding = op === 'add';
  const markingUnread = flag === 'read' && !adding;
  const ignored = new Set<number>();
  const seen = new Set<number>();
  const changed: number[] = [];
  const historical: number[] = [];
  for (const target of cmd.targets) {
    if (seen.has(target.id)) continue;
    seen.add(target.id);
    if (markingUnread && target.channel && !target.channel.subscribed) {
      ignored.add(target.channel.id);
      continue;
    }
    const set = ((target.flags ?? HISTORY_ONLY_BITS) & bit) !== 0;
    if (set === adding) continue;
    changed.push(target.id);
    if (target.flags === undefined) historical.push(target.id);
  }
  const data: MessageFlagsChanged['data'] = { user_id: cmd.user_id, op, flag, message_ids: changed, historical };
  if (cmd.all === true) data.all = true;
  const decision: FlagsDecision = { event: changed.length > 0 ? { type: 'MessageFlagsChanged', data } : null, changed };
  if (markingUnread) decision.ignored_because_not_subscribed_channels = [...ignored].sort((a, b) => a - b);
  return decision;
}
