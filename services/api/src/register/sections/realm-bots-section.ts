import { isSystemBot, Role, type UserState } from '@chat/core';
import { botView } from '@chat/wire';
import type { SectionBuilder } from '../register-context.js';

/** Bots the viewer may administer: every bot of the organization for administrators, else the ones they own. */
export const realmBotsSection: SectionBuilder = async ({ ctx, viewer }) => {
  const organization = await ctx.organization.current();
  const mine = (bot: UserState): boolean => viewer.role <= Role.Administrator || bot.bot_owner_id === viewer.user_id;
  const bots = [...organization.users.values()].filter((user) => user.is_bot && !isSystemBot(user) && mine(user)).sort((a, b) => a.user_id - b.user_id);
  const channelName = (id: number | null): string | null => (id === null ? null : (organization.channels.get(id)?.name ?? null));
  const secrets = { apiKey: (id: number, generation: number) => ctx.apiKeys.keyFor(id, generation), serviceToken: (id: number) => ctx.apiKeys.serviceToken(id) };
  return { realm_bots: bots.map((bot) => botView(bot, channelName, secrets)) };
};
