import { type BotWorld, canAdministerBot, checkBotNameAvailable, checkCanCreateBot, requireAdministeredBot } from '../bots/bot-access.js';
import { checkNotErased } from '../erasure/erase-user.js';
import { administratorRequired, ApiError, badRequest, ownerRequired } from '../errors.js';
import type { BotOwnerChanged } from '../events/bot-events.js';
import type { UserDeactivated, UserReactivated } from '../events/user-events.js';
import type { UserGroupState } from '../groups/user-group-state.js';
import { isAdminRole, Role } from '../roles.js';
import { isSystemBot } from './system-bots.js';
import type { UserState } from './user-state.js';

/** The longest note an administrator may add to the deactivation mail. */
export const MAX_DEACTIVATION_COMMENT_LENGTH = 2000;

/** What lifecycle decisions read: the acting user and every user of the organization, by id. */
export interface LifecycleContext {
  actor: UserState;
  users: ReadonlyMap<number, UserState>;
  /** The groups and the organization's group settings: reactivating a bot needs the permission to create it. */
  groups: ReadonlyMap<number, UserGroupState>;
  realm: BotWorld['realm'];
}

const activeOwners = (users: ReadonlyMap<number, UserState>): UserState[] =>
  [...users.values()].filter((user) => user.is_active && !user.is_bot && user.role === Role.Owner);

const isLastOwner = (ctx: LifecycleContext, target: UserState): boolean =>
  target.role === Role.Owner && !target.is_bot && activeOwners(ctx.users).every((owner) => owner.user_id === target.user_id);

/**
 * A person or organization bot the actor may act on (administrators; a bot's owner for the bot);
 * system bots and unknown ids alike are "No such user".
 */
function accountOf(ctx: LifecycleContext, userId: number, allowBots: boolean): UserState {
  const target = ctx.users.get(userId);
  const ownBot = allowBots && target !== undefined && target.is_bot && canAdministerBot(ctx.actor, target);
  if (!ownBot && !isAdminRole(ctx.actor.role)) throw administratorRequired();
  if (!target || isSystemBot(target) || (target.is_bot && !allowBots)) throw badRequest('No such user');
  return target;
}

/** The user's own bots still active: they are deactivated with them, as on the public server. */
function deactivations(ctx: LifecycleContext, target: UserState, notification_comment: string | null): UserDeactivated[] {
  const events: UserDeactivated[] = [{ type: 'UserDeactivated', data: { user_id: target.user_id, notification_comment, owner_id: null } }];
  if (target.is_bot) return events;
  for (const bot of [...ctx.users.values()].sort((a, b) => a.user_id - b.user_id)) {
    if (bot.is_bot && bot.is_active && bot.bot_owner_id === target.user_id) {
      events.push({ type: 'UserDeactivated', data: { user_id: bot.user_id, notification_comment: null, owner_id: target.user_id } });
    }
  }
  return events;
}

/** DELETE /users/{user_id}: an administrator deactivates an account (an owner's only by an owner, never the last owner). */
export function decideDeactivateUser(ctx: LifecycleContext, userId: number, comment: string | null): UserDeactivated[] {
  const target = accountOf(ctx, userId, false);
  if (!target.is_active) throw badRequest('User is deactivated');
  if (target.role === Role.Owner && ctx.actor.role !== Role.Owner) throw ownerRequired();
  if (isLastOwner(ctx, target)) throw badRequest('Cannot deactivate the only organization owner');
  const note = comment === null ? null : comment.trim();
  if (note !== null && note.length > MAX_DEACTIVATION_COMMENT_LENGTH) {
    throw badRequest(`Invalid 'deactivation_notification_comment': at most ${MAX_DEACTIVATION_COMMENT_LENGTH} characters`);
  }
  return deactivations(ctx, target, note);
}

const lastUser = (entity: string, is_last_owner: boolean): ApiError =>
  new ApiError('CANNOT_DEACTIVATE_LAST_USER', 400, `Cannot deactivate the only ${entity}`, { entity, is_last_owner });

/** DELETE /users/me: a user leaves; never the only user, nor the only owner. */
export function decideDeactivateOwnUser(ctx: LifecycleContext): UserDeactivated[] {
  const me = ctx.actor;
  const others = [...ctx.users.values()].filter((user) => user.is_active && !isSystemBot(user) && user.user_id !== me.user_id);
  if (others.length === 0) throw lastUser('user', false);
  if (isLastOwner(ctx, me)) throw lastUser('organization owner', true);
  return deactivations(ctx, me, null);
}

/** DELETE /bots/{bot_id}: the bot's owner or an administrator deactivates it (again: nothing changes). */
export function decideDeactivateBot(ctx: LifecycleContext, botId: number): UserDeactivated[] {
  const bot = requireAdministeredBot(ctx.actor, ctx.users, botId);
  if (!bot.is_active) return [];
  return [{ type: 'UserDeactivated', data: { user_id: bot.user_id, notification_comment: null, owner_id: null } }];
}

/**
 * POST /users/{user_id}/reactivate: the same account, id and history, with access again. A bot comes
 * back only for someone who may create a bot of its type, under a name no active account holds; one
 * whose owner has left goes to whoever reactivated it.
 */
export function decideReactivateUser(ctx: LifecycleContext, userId: number): (UserReactivated | BotOwnerChanged)[] {
  const target = accountOf(ctx, userId, true);
  if (target.is_active) throw badRequest('User is already active');
  checkNotErased(target);
  const events: (UserReactivated | BotOwnerChanged)[] = [{ type: 'UserReactivated', data: { user_id: target.user_id } }];
  if (!target.is_bot) return events;
  checkCanCreateBot({ users: ctx.users, groups: ctx.groups, realm: ctx.realm }, ctx.actor.user_id, target.bot_type ?? 1);
  checkBotNameAvailable(ctx.users.values(), target.full_name, true, target.user_id);
  const owner = target.bot_owner_id === null ? undefined : ctx.users.get(target.bot_owner_id);
  if (owner && !owner.is_active) {
    events.push({ type: 'BotOwnerChanged', data: { user_id: target.user_id, owner_id: ctx.actor.user_id, previous_owner_id: owner.user_id } });
  }
  return events;
}
