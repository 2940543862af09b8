import { decideUpdateFlags, type FlagsDecision, type FlagTarget, streams, type UserState } from '@chat/core';
import { AS_READ, type Origin, type StreamAppend } from '../commands/command-bus.js';
import { ChannelQuery } from '../queries/channel-query.js';
import { readsFromChannelHistory } from '../queries/message-access.js';
import type { Clocked, Commands, Reads, Uses } from '../dependencies.js';

/** The change asked for (checked by the decider): an operation on one flag. */
export interface FlagChange {
  op: string;
  flag: string;
  /** The change marks every unread message read. */
  all?: boolean;
}

/** Which messages a change is about, found as the user sees them when deciding (ids given, a narrow's window, unread ones…). */
export type FlagSelection<S extends { ids: readonly number[] }> = (q: ChannelQuery) => Promise<S>;

/**
 * What the decider needs to know of each named message, as the user sees it, once per message (the
 * decider takes repeats once, in the order first named): where it is, never its body (marking 10,000
 * messages read used to read and cache every one of their bodies, and build each as a whole message).
 */
async function flagTargets(ctx: Reads<'messages'>, q: ChannelQuery, ids: readonly number[]): Promise<FlagTarget[]> {
  const unique = [...new Set(ids)];
  const rows = await ctx.models.messages.flagsOf(q.viewer.user_id, unique);
  // The heads of those that exist, in the order asked: walked beside `unique`.
  const heads = await ctx.models.messages.headsOf(unique);
  const targets: FlagTarget[] = [];
  let next = 0;
  for (const id of unique) {
    const message = heads[next]?.id === id ? heads[next++] : undefined;
    const flags = rows.get(id);
    if (!message) {
      targets.push({ id, readable: false, flags });
      continue;
    }
    const target: FlagTarget = { id, readable: flags !== undefined || readsFromChannelHistory(q, message), flags };
    const recipient = message.recipient;
    if (recipient.type === 'channel') target.channel = { id: recipient.channel_id, subscribed: q.own.get(recipient.channel_id)?.active === true };
    targets.push(target);
  }
  return targets;
}

/**
 * Changes one of the user's flags on the messages `select` finds: decided from the state at the time
 * (re-decided if another change of the same user's flags lands first) and recorded on their flags stream.
 */
export async function changeFlags<S extends { ids: readonly number[] }>(
  ctx: Commands & Clocked & Reads<'messages' | 'subscriptions'> & Uses<'organization'>,
  origin: Origin,
  user: UserState,
  change: FlagChange,
  select: FlagSelection<S>,
): Promise<{ decision: FlagsDecision; selection: S }> {
  return ctx.bus.run(origin, async () => {
    const q = await ChannelQuery.open(ctx, user);
    const selection = await select(q);
    const decision = decideUpdateFlags({ user_id: user.user_id, ...change, targets: await flagTargets(ctx, q, selection.ids) });
    const appends: StreamAppend[] = [];
    if (decision.event) {
      const stream = streams.flags(user.user_id);
      appends.push({ stream, expected: AS_READ, events: [decision.event] });
    }
    return { appends, result: { decision, selection } };
  });
}
