import { badRequest } from '../errors.js';
import type { UserCreated } from '../events/user-events.js';
import type { ChannelState } from '../channels/channel-state.js';
import { Role } from '../roles.js';
import type { UserState } from '../users/user-state.js';
import { type BotWorld, checkBotNameAvailable, checkCanCreateBot, requireMemberOrAdmin } from './bot-access.js';
import { botEmail, checkBotFullName } from './bot-names.js';
import type { BotService, BotSettings } from './bot-settings.js';
import { BotType, SERVICE_INTERFACES } from './bot-types.js';

/** POST /bots as the request has it. */
export interface CreateBot {
  user_id: number;
  full_name: string;
  short_name: string;
  bot_type: number;
  payload_url: string;
  service_name: string | null;
  interface_type: number;
  config_data: Record<string, string>;
  default_sending_stream: string | null;
  default_events_register_stream: string | null;
  default_all_public_streams: boolean | null;
  /** How many files the request carried: one is the bot's avatar. */
  file_count: number;
}

/** What creating a bot reads. */
export interface CreateBotContext {
  actor: UserState;
  world: BotWorld;
  botDomain: string;
  isEmailTaken(email: string): boolean;
  /** The channel of that name when the actor may read it (access by name: an unknown and a hidden one alike undefined). */
  channelNamed(name: string): ChannelState | undefined;
}

/** `access_stream_by_name`: a channel the actor may read, else the same answer as for no channel. */
export function accessibleChannelId(ctx: Pick<CreateBotContext, 'channelNamed'>, name: string): number {
  const channel = ctx.channelNamed(name);
  if (!channel) throw badRequest(`Invalid channel name '${name}'`);
  return channel.channel_id;
}

/** The bot's service: outgoing webhooks get one, named after the bot unless the request names it. */
function serviceOf(cmd: CreateBot, shortName: string): BotService | null {
  if (cmd.bot_type !== BotType.OutgoingWebhook) return null;
  return { name: cmd.service_name ?? shortName, base_url: cmd.payload_url, interface: cmd.interface_type };
}

/** Decides on a new bot, owned by the actor, in the order the public server checks. */
export function decideCreateBot(ctx: CreateBotContext, cmd: CreateBot): UserCreated[] {
  requireMemberOrAdmin(ctx.actor);
  const full_name = checkBotFullName(cmd.full_name);
  const email = botEmail(cmd.short_name, ctx.botDomain);
  if (cmd.bot_type === BotType.Embedded) throw badRequest('Embedded bots are not enabled.');
  if (ctx.isEmailTaken(email)) throw badRequest('Username already in use');
  checkBotNameAvailable(ctx.world.users.values(), full_name, false);
  checkCanCreateBot(ctx.world, ctx.actor.user_id, cmd.bot_type);
  if (!SERVICE_INTERFACES.includes(cmd.interface_type)) throw badRequest('Invalid interface type');
  if (cmd.file_count > 1) throw badRequest('You may only upload one file at a time');
  const sending = cmd.default_sending_stream === null ? null : accessibleChannelId(ctx, cmd.default_sending_stream);
  const register = cmd.default_events_register_stream === null ? null : accessibleChannelId(ctx, cmd.default_events_register_stream);
  const incoming = cmd.bot_type === BotType.IncomingWebhook;
  const config_data: Record<string, string> = incoming ? { ...(cmd.service_name ? { integration_id: cmd.service_name } : {}), ...cmd.config_data } : {};
  const bot: BotSettings = {
    default_sending_stream_id: sending,
    default_events_register_stream_id: register,
    default_all_public_streams: cmd.default_all_public_streams ?? false,
    service: serviceOf(cmd, cmd.short_name.trim()),
    config_data,
  };
  return [
    {
      type: 'UserCreated',
      data: {
        user_id: cmd.user_id,
        email,
        full_name,
        role: Role.Member,
        password_hash: null,
        is_bot: true,
        bot_type: cmd.bot_type,
        bot_owner_id: ctx.actor.user_id,
        timezone: '',
        api_key_generation: 1,
        can_change_user_emails: false,
        bot,
      },
    },
  ];
}
