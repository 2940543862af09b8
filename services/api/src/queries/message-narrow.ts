import { canReadChannelHistory, channelNameKey, type ChannelState, VisibilityPolicy } from '@chat/core';
import { principalAddresses } from './principal-addresses.js';
import type { ChannelQuery } from './channel-query.js';
import { readableMessage } from './message-access.js';
import { idOperand, type NarrowClause, narrowError, singleOperand } from './narrow-clauses.js';
import { type NarrowWorld, type SharedKind, type TranslatedNarrow, translateNarrow, withConversation } from './narrow-translation.js';
import type { Configured, Reads } from '../dependencies.js';

/** What narrowWorld uses. */
type NarrowWorldDeps = Configured & Reads<'messages' | 'userTopics' | 'users'>;

const USER_OPERATORS: ReadonlySet<string> = new Set(['dm', 'dm-including', 'sender']);

/**
 * A channel a narrow may name: one the viewer may know, or one they were subscribed to (their history
 * keeps its messages). By name first; digits that name no channel are taken as an id.
 */
function namedChannel(q: ChannelQuery, ref: string | number): ChannelState | undefined {
  const byId = (id: number | undefined) => q.channels.find((channel) => channel.channel_id === id);
  const found = typeof ref === 'number' ? byId(ref) : (q.channels.find((channel) => channel.name_key === channelNameKey(ref.trim())) ?? byId(idOperand(ref)));
  return found && (q.canSee(found) || q.own.has(found.channel_id)) ? found : undefined;
}

/** The ids of every message in a topic the viewer follows. */
async function followedIds(ctx: Reads<'messages' | 'userTopics'>, viewerId: number): Promise<number[]> {
  const ids: number[] = [];
  for (const policy of await ctx.models.userTopics.findMany('user_id', viewerId)) {
    if (policy.visibility_policy === VisibilityPolicy.Followed) ids.push(...(await ctx.models.messages.topicIds(policy.channel_id, policy.topic)));
  }
  return ids.sort((a, b) => a - b);
}

/** What translating these clauses needs, read once; users and followed topics only when the narrow names them. */
async function narrowWorld(ctx: NarrowWorldDeps, q: ChannelQuery, clauses: readonly NarrowClause[]): Promise<NarrowWorld> {
  const viewerId = q.viewer.user_id;
  const needsUsers = clauses.some((clause) => USER_OPERATORS.has(clause.operator));
  const users = needsUsers ? await ctx.models.users.all() : [];
  const addressesOf = principalAddresses(ctx, q.viewer);
  const followsTopics = clauses.some((clause) => clause.operator === 'is' && String(clause.operand).toLowerCase() === 'followed');
  const followed = followsTopics ? await followedIds(ctx, viewerId) : [];
  return {
    viewerId,
    channel(ref) {
      const channel = namedChannel(q, ref);
      return channel && { id: channel.channel_id, readsHistory: canReadChannelHistory(q.world, channel, viewerId) };
    },
    sharedChannels: (kind: SharedKind) =>
      q.channels
        .filter((channel) => !channel.invite_only && (kind === 'public' || channel.is_web_public) && canReadChannelHistory(q.world, channel, viewerId))
        .map((channel) => channel.channel_id),
    user(ref) {
      const id = idOperand(ref);
      if (id !== undefined) return users.some((user) => user.user_id === id) ? id : undefined;
      const address = String(ref).trim().toLowerCase();
      return users.find((user) => addressesOf(user).some((each) => each.toLowerCase() === address))?.user_id;
    },
    followedIds: () => followed,
  };
}

/** Replaces a `with:<message>` clause by the conversation of that message, which the viewer must be able to read. */
async function resolveWith(ctx: Reads<'messages'>, q: ChannelQuery, clauses: NarrowClause[]): Promise<NarrowClause[]> {
  const clause = clauses.find((each) => each.operator === 'with');
  if (!clause) return clauses;
  const id = idOperand(singleOperand(clause));
  const found = id === undefined ? undefined : await readableMessage(ctx, q, id).catch(() => undefined);
  if (!found) throw narrowError(`invalid 'with' operand '${String(clause.operand)}'`);
  return withConversation(clauses, found.message.recipient, q.viewer.user_id);
}

/** A narrow as the viewer may query it (see translateNarrow for where it looks). */
export async function narrowFor(ctx: NarrowWorldDeps, q: ChannelQuery, clauses: NarrowClause[]): Promise<TranslatedNarrow> {
  const resolved = await resolveWith(ctx, q, clauses);
  return translateNarrow(resolved, await narrowWorld(ctx, q, resolved));
}
