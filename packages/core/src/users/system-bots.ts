import type { UserCreated } from '../events/user-events.js';
import { Role } from '../roles.js';
import type { UserState } from './user-state.js';

/** The public API's bot type of a generic bot, which system bots are. */
export const GENERIC_BOT_TYPE = 1;

/** System bots live at this domain, which no organization address can use. */
export const SYSTEM_BOT_DOMAIN = 'system.invalid';

/** The bot that posts automated notices (moved messages, resolved topics). */
export const NOTIFICATION_BOT = { email: `notification-bot@${SYSTEM_BOT_DOMAIN}`, full_name: 'Notification Bot' } as const;

/** The bot that greets people; administrators preview its custom welcome message. */
export const WELCOME_BOT = { email: `welcome-bot@${SYSTEM_BOT_DOMAIN}`, full_name: 'Welcome Bot' } as const;

/**
 * A bot the server runs rather than a person or an organization's bot: clients learn of it through
 * `cross_realm_bots`, and it is in no user list or role group of the organization.
 */
export const isSystemBot = (user: UserState): boolean =>
  user.is_bot && user.bot_owner_id === null && user.email.endsWith(`@${SYSTEM_BOT_DOMAIN}`);

/** Records a system bot: no password, no owner, the role of a member. */
export function decideCreateSystemBot(user_id: number, bot: { email: string; full_name: string }): UserCreated[] {
  return [
    {
      type: 'UserCreated',
      data: {
        user_id,
        email: bot.email,
        full_name: bot.full_name,
        role: Role.Member,
        password_hash: null,
        is_bot: true,
        bot_type: GENERIC_BOT_TYPE,
        bot_owner_id: null,
        timezone: '',
        api_key_generation: 1,
        can_change_user_emails: false,
      },
    },
  ];
}
