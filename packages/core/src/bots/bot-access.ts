import { badRequest, insufficientPermission } from '../errors.js';
import { type GroupWorld, isUserInSetting } from '../groups/group-setting.js';
import type { RealmGroupSettings } from '../groups/user-group-state.js';
import { isAdminRole, Role } from '../roles.js';
import { isSystemBot } from '../users/system-bots.js';
import type { UserState } from '../users/user-state.js';
import { BotType } from './bot-types.js';

/** The organization as bot permissions read it: groups, users and the organization's group settings. */
export interface BotWorld extends GroupWorld {
  realm: RealmGroupSettings;
}

/** The bot endpoints are for people with an account of their own: not guests, not bots. */
export function requireMemberOrAdmin(actor: UserState): void {
  if (actor.role === Role.Guest) throw badRequest('Not allowed for guest users');
  if (actor.is_bot) throw badRequest('This endpoint does not accept bot requests.');
}

/** Who may change a bot: its owner and the organization's administrators. */
export const canAdministerBot = (actor: UserState, bot: UserState): boolean => bot.bot_owner_id === actor.user_id || isAdminRole(actor.role);

/** A bot of the organization the actor may change; unknown ids, people and system bots are "No such bot". */
export function requireAdministeredBot(actor: UserState, users: ReadonlyMap<number, UserState>, botId: number): UserState {
  const bot = users.get(botId);
  if (!bot || !bot.is_bot || isSystemBot(bot)) throw badRequest('No such bot');
  if (!canAdministerBot(actor, bot)) throw insufficientPermission();
  return bot;
}

/**
 * The bot types the actor may create: every type for `can_create_bots_group`, only incoming webhooks
 * (bots that can only post) for `can_create_write_only_bots_group`. Embedded bots are not offered.
 */
export function allowedBotTypes(world: BotWorld, actorId: number): number[] {
  if (isUserInSetting(world, world.realm.can_create_bots_group, actorId)) return [BotType.Generic, BotType.IncomingWebhook, BotType.OutgoingWebhook];
  if (isUserInSetting(world, world.realm.can_create_write_only_bots_group, actorId)) return [BotType.IncomingWebhook];
  return [];
}

/** Creating (or reactivating) a bot of this type: refused without the permission, then for a type not offered. */
export function checkCanCreateBot(world: BotWorld, actorId: number, botType: number): void {
  const holdsGeneral = isUserInSetting(world, world.realm.can_create_bots_group, actorId);
  const holdsWriteOnly = botType === BotType.IncomingWebhook && isUserInSetting(world, world.realm.can_create_write_only_bots_group, actorId);
  if (!holdsGeneral && !holdsWriteOnly) throw insufficientPermission();
  if (!allowedBotTypes(world, actorId).includes(botType)) throw badRequest('Invalid bot type');
}

/** Bot names are kept apart from every active account's name, so a new bot is not mistaken for someone. */
export function checkBotNameAvailable(users: Iterable<UserState>, fullName: string, reactivating: boolean, exceptId: number | null = null): void {
  const name = fullName.trim();
  for (const user of users) {
    if (!user.is_active || user.user_id === exceptId || user.full_name !== name) continue;
    if (reactivating) {
      throw badRequest(`There is already an active bot named "${name}" in this organization. To reactivate this bot, you must rename or deactivate the other one first.`);
    }
    throw badRequest('Name is already in use.');
  }
}
