import { botSettingsOf, isAdminRole, isSystemBot, type UserState } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import { botServices, botView, type BotSecrets } from '@chat/wire';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';

const update = (bot: Record<string, unknown>) => ({ type: 'realm_bot', op: 'update', bot });

/** The channel names a bot's defaults show. */
async function channelNameOf(models: ReadModels): Promise<(id: number | null) => string | null> {
  const channels = new Map((await models.channels.all()).map((channel) => [channel.channel_id, channel.name]));
  return (id) => (id === null ? null : (channels.get(id) ?? null));
}

/**
 * Who administers a bot and so hears of it: its owner, and the active administrators unless one of
 * its default channels is private (then the owner alone), as the public server decides.
 */
async function botAdministrators(models: ReadModels, bot: UserState): Promise<number[]> {
  const settings = botSettingsOf(bot);
  const defaults = [settings.default_sending_stream_id, settings.default_events_register_stream_id].filter((id): id is number => id !== null);
  let isPrivate = false;
  for (const id of defaults) if ((await models.channels.get(id))?.invite_only) isPrivate = true;
  const ids = new Set<number>();
  if (!isPrivate) for (const user of await models.users.all()) if (user.is_active && !user.is_bot && isAdminRole(user.role)) ids.add(user.user_id);
  if (bot.bot_owner_id !== null) ids.add(bot.bot_owner_id);
  return [...ids].sort((a, b) => a - b);
}

/** Each changed setting as the public API names it in `realm_bot update`. */
function settingsUpdates(bot: UserState, changes: Record<string, unknown>, channelName: (id: number | null) => string | null, secrets: BotSecrets): Record<string, unknown>[] {
  const user_id = bot.user_id;
  const settings = botSettingsOf(bot);
  const updates: Record<string, unknown>[] = [];
  if ('default_sending_stream_id' in changes) updates.push({ user_id, default_sending_stream: channelName(settings.default_sending_stream_id) });
  if ('default_events_register_stream_id' in changes) updates.push({ user_id, default_events_register_stream: channelName(settings.default_events_register_stream_id) });
  if ('default_all_public_streams' in changes) updates.push({ user_id, default_all_public_streams: settings.default_all_public_streams });
  if ('service' in changes) updates.push({ user_id, services: botServices(bot, secrets) });
  return updates;
}

/** A new owner: the previous one (unless an administrator) loses the bot, the new one (likewise) gains it, the others get the owner. */
async function ownerChanged(models: ReadModels, bot: UserState, previousId: number | null, secrets: BotSecrets): Promise<Delivery[]> {
  const owner = bot.bot_owner_id === null ? undefined : await models.users.get(bot.bot_owner_id);
  const previous = previousId === null ? undefined : await models.users.get(previousId);
  let updated = await botAdministrators(models, bot);
  const deliveries: Delivery[] = [];
  if (previous && !isAdminRole(previous.role)) {
    deliveries.push({ userIds: [previous.user_id], event: { type: 'realm_bot', op: 'delete', bot: { user_id: bot.user_id } } });
    updated = updated.filter((id) => id !== previous.user_id);
  }
  if (owner && !isAdminRole(owner.role)) {
    deliveries.push({ userIds: [owner.user_id], event: { type: 'realm_bot', op: 'add', bot: botView(bot, await channelNameOf(models), secrets, false) } });
    updated = updated.filter((id) => id !== owner.user_id);
  }
  if (updated.length > 0) deliveries.push({ userIds: updated, event: update({ user_id: bot.user_id, owner_id: bot.bot_owner_id }) });
  const everyone = (await models.users.all()).filter((user) => user.is_active).map((user) => user.user_id);
  deliveries.push({ userIds: everyone, event: { type: 'realm_user', op: 'update', person: { user_id: bot.user_id, bot_owner_id: bot.bot_owner_id } } });
  return deliveries;
}

const BOT_EVENT_TYPES = ['UserCreated', 'UserRenamed', 'UserApiKeyRotated', 'UserDeactivated', 'UserReactivated', 'BotOwnerChanged', 'BotSettingsChanged'] as const;

/** `realm_bot` events: what administering a bot shows, to exactly those who administer it. */
export const botsFanout = fanoutOf('bots', BOT_EVENT_TYPES, async (event, models, options): Promise<Delivery[]> => {
  const secrets = options.botSecrets;
  if (!secrets) return [];
  const bot = await models.users.get(event.data.user_id);
  if (!bot || !bot.is_bot || isSystemBot(bot)) return [];
  if (event.type === 'BotOwnerChanged') return ownerChanged(models, bot, event.data.previous_owner_id, secrets);
  const to = await botAdministrators(models, bot);
  const user_id = bot.user_id;
  const send = (bots: Record<string, unknown>[]): Delivery[] => (to.length === 0 ? [] : bots.map((one) => ({ userIds: to, event: update(one) })));
  switch (event.type) {
    case 'UserCreated':
      return to.length === 0 ? [] : [{ userIds: to, event: { type: 'realm_bot', op: 'add', bot: botView(bot, await channelNameOf(models), secrets, false) } }];
    case 'UserRenamed':
      return send([{ user_id, full_name: bot.full_name }]);
    case 'UserApiKeyRotated':
      return send([{ user_id, api_key: secrets.apiKey(user_id, bot.api_key_generation) }]);
    case 'UserDeactivated':
    case 'UserReactivated':
      return send([{ user_id, is_active: bot.is_active }]);
    case 'BotSettingsChanged':
      return send(settingsUpdates(bot, event.data.changes, await channelNameOf(models), secrets));
  }
});
