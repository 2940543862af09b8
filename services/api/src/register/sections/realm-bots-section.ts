import { isSystemBot, Role, type UserState } from '@chat/core';
import { avatarUrl } from '@chat/wire';
import type { SectionBuilder } from '../register-context.js';

/** Bots the viewer may administer: every bot of the organization for administrators, else the ones they own. */
export const realmBotsSection: SectionBuilder = async ({ ctx, viewer }) => {
  const organization = await ctx.organization.current();
  const mine = (bot: UserState): boolean => viewer.role <= Role.Administrator || bot.bot_owner_id === viewer.user_id;
  const bots = [...organization.users.values()].filter((user) => user.is_bot && !isSystemBot(user) && mine(user)).sort((a, b) => a.user_id - b.user_id);
  return {
    realm_bots: bots.map((bot) => ({
      user_id: bot.user_id,
      full_name: bot.full_name,
      email: bot.email,
      bot_type: bot.bot_type,
      is_active: bot.is_active,
      owner_id: bot.bot_owner_id,
      avatar_url: avatarUrl(bot, false),
      default_sending_stream: null,
      default_events_register_stream: null,
      default_all_public_streams: false,
      api_key: ctx.apiKeys.keyFor(bot.user_id, bot.api_key_generation),
      services: [],
    })),
  };
};
