import { administratorRequired, badRequest, ownerRequired } from '../errors.js';
import type { BotOwnerChanged, BotSettingsChanged } from '../events/bot-events.js';
import type { UserRenamed, UserRoleChanged } from '../events/user-events.js';
import { isAdminRole, Role, type RoleValue } from '../roles.js';
import type { UserState } from '../users/user-state.js';
import { type BotWorld, checkBotNameAvailable, requireAdministeredBot, requireMemberOrAdmin } from './bot-access.js';
import { checkBotFullName } from './bot-names.js';
import { botSettingsOf, type BotSettings } from './bot-settings.js';
import { SERVICE_INTERFACES } from './bot-types.js';
import { accessibleChannelId, type CreateBotContext } from './create-bot.js';

/** PATCH /bots/{bot_id} as the request has it (absent fields are left alone). */
export interface UpdateBot {
  full_name?: string;
  role?: RoleValue;
  bot_owner_id?: number;
  config_data?: Record<string, string>;
  service_payload_url?: string;
  service_interface?: number;
  /** "" clears the default. */
  default_sending_stream?: string;
  default_events_register_stream?: string;
  default_all_public_streams?: boolean;
}

export type UpdateBotEvent = UserRenamed | UserRoleChanged | BotOwnerChanged | BotSettingsChanged;

export interface UpdateBotContext extends Pick<CreateBotContext, 'channelNamed'> {
  actor: UserState;
  world: BotWorld;
}

function roleChange(actor: UserState, bot: UserState, role: RoleValue): UserRoleChanged[] {
  if (role === bot.role) return [];
  if ((role === Role.Owner || bot.role === Role.Owner) && actor.role !== Role.Owner) throw ownerRequired();
  if (!isAdminRole(actor.role)) throw administratorRequired();
  return [{ type: 'UserRoleChanged', data: { user_id: bot.user_id, role, previous_role: bot.role } }];
}

function ownerChange(users: ReadonlyMap<number, UserState>, bot: UserState, ownerId: number): BotOwnerChanged[] {
  const owner = users.get(ownerId);
  if (!owner) throw badRequest('Failed to change owner, no such user');
  if (!owner.is_active) throw badRequest('Failed to change owner, user is deactivated');
  if (owner.is_bot) throw badRequest("Failed to change owner, bots can't own other bots");
  if (owner.user_id === bot.bot_owner_id) return [];
  return [{ type: 'BotOwnerChanged', data: { user_id: bot.user_id, owner_id: owner.user_id, previous_owner_id: bot.bot_owner_id } }];
}

/** The default channel a request names: "" for none, else a channel the actor may read. */
const defaultChannel = (ctx: UpdateBotContext, name: string): number | null => (name === '' ? null : accessibleChannelId(ctx, name));

function settingsChanges(ctx: UpdateBotContext, bot: UserState, cmd: UpdateBot): Partial<BotSettings> {
  const current = botSettingsOf(bot);
  const changes: Partial<BotSettings> = {};
  if (cmd.default_sending_stream !== undefined) changes.default_sending_stream_id = defaultChannel(ctx, cmd.default_sending_stream);
  if (cmd.default_events_register_stream !== undefined) changes.default_events_register_stream_id = defaultChannel(ctx, cmd.default_events_register_stream);
  if (cmd.default_all_public_streams !== undefined) changes.default_all_public_streams = cmd.default_all_public_streams;
  if (cmd.service_payload_url !== undefined) {
    const iface = cmd.service_interface ?? 1;
    if (!SERVICE_INTERFACES.includes(iface)) throw badRequest('Invalid interface type');
    changes.service = { name: current.service?.name ?? bot.email.split('@')[0].replace(/-bot$/, ''), base_url: cmd.service_payload_url, interface: iface };
  }
  if (cmd.config_data !== undefined) changes.config_data = { ...current.config_data, ...cmd.config_data };
  return changes;
}

/** Decides a change to a bot by its owner or an administrator, in the order the public server applies them. */
export function decideUpdateBot(ctx: UpdateBotContext, botId: number, cmd: UpdateBot): UpdateBotEvent[] {
  requireMemberOrAdmin(ctx.actor);
  const bot = requireAdministeredBot(ctx.actor, ctx.world.users, botId);
  const events: UpdateBotEvent[] = [];
  if (cmd.full_name !== undefined) {
    const name = checkBotFullName(cmd.full_name);
    // A client that sends the unchanged name changes nothing.
    if (name !== bot.full_name) {
      checkBotNameAvailable(ctx.world.users.values(), name, false);
      events.push({ type: 'UserRenamed', data: { user_id: bot.user_id, full_name: name } });
    }
  }
  if (cmd.role !== undefined) events.push(...roleChange(ctx.actor, bot, cmd.role));
  if (cmd.bot_owner_id !== undefined) events.push(...ownerChange(ctx.world.users, bot, cmd.bot_owner_id));
  const changes = settingsChanges(ctx, bot, cmd);
  if (Object.keys(changes).length > 0) events.push({ type: 'BotSettingsChanged', data: { user_id: bot.user_id, changes } });
  return events;
}
