import type { ChannelState } from '@chat/core';
import type { ReadModels } from '../read-models.js';
import { type Projection, projectionOf } from '../projection.js';

/** The oldest message a channel holds now, or null; read after the message projections applied the event. */
async function oldestIn(models: ReadModels, channelId: number): Promise<number | null> {
  const page = await models.messages.page({ userId: 0, source: { kind: 'channels', channelIds: [channelId] }, where: [] }, { anchor: 0, include_anchor: true, num_before: 0, num_after: 1 });
  return page.ids[0] ?? null;
}

/**
 * Channels' `first_message_id`: set by the first message sent to a channel, moved on when the oldest
 * message is deleted or moved away, and taken by a message moved in that is older than the first.
 * It runs after the message projections, so the message store already shows the event. Channels are
 * part of the organization snapshot, which such events usually leave alone: a change is reported.
 */
export function firstMessageProjection(models: ReadModels, organizationChanged: () => void): Projection {
  const write = async (channel: ChannelState | undefined, first: number | null, position: number): Promise<void> => {
    if (!channel || channel.first_message_id === first) return;
    await models.channels.put(channel.channel_id, { ...channel, first_message_id: first }, position);
    organizationChanged();
  };
  const recompute = async (channelId: number, position: number): Promise<void> => {
    const channel = await models.channels.get(channelId);
    if (channel) await write(channel, await oldestIn(models, channelId), position);
  };
  return projectionOf('channel-first-message', ['MessageSent', 'MessagesMoved', 'MessagesDeleted'], async (event) => {
    switch (event.type) {
      case 'MessageSent': {
        const recipient = event.data.recipient;
        if (recipient.type !== 'channel') return;
        const channel = await models.channels.get(recipient.channel_id);
        if (channel && channel.first_message_id === null) await write(channel, event.data.message_id, event.position);
        return;
      }
      case 'MessagesMoved': {
        const { from, to, message_ids } = event.data;
        if (from.channel_id === to.channel_id) return;
        const target = await models.channels.get(to.channel_id);
        const oldestMoved = message_ids[0];
        if (target && (target.first_message_id === null || oldestMoved < target.first_message_id)) await write(target, oldestMoved, event.position);
        const source = await models.channels.get(from.channel_id);
        if (source?.first_message_id !== null && source?.first_message_id !== undefined && message_ids.includes(source.first_message_id)) await recompute(from.channel_id, event.position);
        return;
      }
      case 'MessagesDeleted': {
        const recipient = event.data.recipient;
        if (recipient.type !== 'channel') return;
        const channel = await models.channels.get(recipient.channel_id);
        if (channel?.first_message_id !== null && channel?.first_message_id !== undefined && event.data.message_ids.includes(channel.first_message_id)) await recompute(recipient.channel_id, event.position);
        return;
      }
    }
  });
}
