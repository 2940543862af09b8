import type { RemindedMessage } from '@chat/core';
import { encodeHashComponent, messageNarrowUrl } from '@chat/markdown';
import type { StoredMessage } from '@chat/readstore';
import type { Configured, Reads } from '../dependencies.js';

const nameSlug = (name: string): string => encodeHashComponent(name.replace(/ /g, '-'));

/**
 * The web app's `near` URL of a direct message as `viewerId` sees the conversation: the other
 * participants (or the viewer alone, for notes to self), one by id and name, several as a group.
 */
async function directNearUrl(ctx: Reads<'users'>, message: StoredMessage, userIds: readonly number[], viewerId: number): Promise<string> {
  const others = userIds.filter((id) => id !== viewerId);
  const shown = others.length === 0 ? [viewerId] : others;
  const only = shown.length === 1 ? await ctx.models.users.get(shown[0] ?? viewerId) : undefined;
  const slug = only ? `${only.user_id}-${nameSlug(only.full_name)}` : `${shown.join(',')}-group`;
  return `/#narrow/dm/${slug}/near/${message.id}`;
}

/** What the reminder text needs of a message the creator may read. */
export async function remindedMessage(ctx: Configured & Reads<'channels' | 'users'>, message: StoredMessage, viewerId: number): Promise<RemindedMessage> {
  const sender = await ctx.models.users.get(message.sender_id);
  const realmUrl = ctx.config.externalUrl.replace(/\/$/, '');
  const recipient = message.recipient;
  let place: RemindedMessage['place'] = null;
  let near: string;
  if (recipient.type === 'channel') {
    const channel = await ctx.models.channels.get(recipient.channel_id);
    const name = channel?.name ?? String(recipient.channel_id);
    place = { channel_name: name, topic: recipient.topic };
    near = messageNarrowUrl(recipient.channel_id, name, recipient.topic, message.id);
  } else {
    near = await directNearUrl(ctx, message, recipient.user_ids, viewerId);
  }
  return {
    id: message.id,
    sender: { user_id: message.sender_id, full_name: sender?.full_name ?? 'Unknown user' },
    place,
    content: message.content,
    near_url: `${realmUrl}${near}`,
  };
}
