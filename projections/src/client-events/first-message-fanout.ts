import type { StoredEventOf } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';
import { deliver } from './channel-deliveries.js';
import { channelWorld } from './channel-world.js';

/** `stream update first_message_id` to everyone who may know the channel. */
async function firstMessageUpdate(models: ReadModels, channelId: number): Promise<Delivery[]> {
  const world = await channelWorld(models, channelId);
  if (!world) return [];
  const { channel } = world;
  return deliver(world, world.watchers(), { type: 'stream', op: 'update', stream_id: channel.channel_id, name: channel.name, property: 'first_message_id', value: channel.first_message_id });
}

const HANDLED = ['MessageSent', 'MessagesMoved', 'MessagesDeleted'] as const;

/**
 * Whether a channel's first message changed, told from the state after the event: a message taking
 * the first place is one the event brought in; the channel a message left (or lost by deletion) had its
 * first among them exactly when its first now lies past the oldest of them, or it has none.
 */
async function firstMessageDeliveries(event: StoredEventOf<(typeof HANDLED)[number]>, models: ReadModels): Promise<Delivery[]> {
  const firstOf = async (channelId: number): Promise<number | null | undefined> => (await models.channels.get(channelId))?.first_message_id;
  const lostFirst = (first: number | null | undefined, ids: readonly number[]): boolean => first !== undefined && (first === null || first > Math.min(...ids));
  switch (event.type) {
    case 'MessageSent': {
      const recipient = event.data.recipient;
      if (recipient.type !== 'channel' || (await firstOf(recipient.channel_id)) !== event.data.message_id) return [];
      return firstMessageUpdate(models, recipient.channel_id);
    }
    case 'MessagesMoved': {
      const { from, to, message_ids } = event.data;
      if (from.channel_id === to.channel_id) return [];
      const deliveries: Delivery[] = [];
      const targetFirst = await firstOf(to.channel_id);
      if (targetFirst !== null && targetFirst !== undefined && message_ids.includes(targetFirst)) deliveries.push(...(await firstMessageUpdate(models, to.channel_id)));
      if (lostFirst(await firstOf(from.channel_id), message_ids)) deliveries.push(...(await firstMessageUpdate(models, from.channel_id)));
      return deliveries;
    }
    case 'MessagesDeleted': {
      const recipient = event.data.recipient;
      if (recipient.type !== 'channel' || !lostFirst(await firstOf(recipient.channel_id), event.data.message_ids)) return [];
      return firstMessageUpdate(models, recipient.channel_id);
    }
    default:
      return [];
  }
}

export const firstMessageFanout = fanoutOf('first-message', HANDLED, firstMessageDeliveries);
