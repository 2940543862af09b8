import type { StoredEventOf } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import { linkifierList, playgroundList, realmEmojiDict } from '@chat/wire';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';

const activeUserIds = async (models: ReadModels): Promise<number[]> =>
  (await models.users.all()).filter((user) => user.is_active).map((user) => user.user_id);

const HANDLED = [
  'RealmEmojiAdded',
  'RealmEmojiDeactivated',
  'LinkifierAdded',
  'LinkifierUpdated',
  'LinkifierRemoved',
  'LinkifiersReordered',
  'CodePlaygroundAdded',
  'CodePlaygroundRemoved',
] as const;

/**
 * Custom emoji, linkifiers and code playgrounds: each change sends the whole new set to every active
 * user. Linkifiers reach only queues registered with `linkifier_url_template` (older clients expect
 * another format, and get no linkifier events at all).
 */
async function realmConfigDeliveries(event: StoredEventOf<(typeof HANDLED)[number]>, models: ReadModels): Promise<Delivery[]> {
  switch (event.type) {
    case 'RealmEmojiAdded':
    case 'RealmEmojiDeactivated':
      return [{ userIds: await activeUserIds(models), event: { type: 'realm_emoji', op: 'update', realm_emoji: realmEmojiDict(await models.realmEmoji.all()) } }];
    case 'LinkifierAdded':
    case 'LinkifierUpdated':
    case 'LinkifierRemoved':
    case 'LinkifiersReordered':
      return [
        {
          userIds: await activeUserIds(models),
          event: { type: 'realm_linkifiers', realm_linkifiers: linkifierList(await models.linkifiers.all()) },
          audience: { capabilities: { linkifier_url_template: true } },
        },
      ];
    case 'CodePlaygroundAdded':
    case 'CodePlaygroundRemoved':
      return [{ userIds: await activeUserIds(models), event: { type: 'realm_playgrounds', realm_playgrounds: playgroundList(await models.playgrounds.all()) } }];
    default:
      return [];
  }
}

export const realmConfigFanout = fanoutOf('realm-config', HANDLED, realmConfigDeliveries);
