import { withNotificationDefaults } from '@chat/wire';
import { Role } from '@chat/core';
import { JsonText } from '@chat/http';
import type { SectionBuilder } from '../register-context.js';

/**
 * `subscriptions`, `unsubscribed` and `never_subscribed`: the viewer's current subscriptions, their
 * past ones to channels they can still see, and the visible channels they never joined. Archived
 * channels only for clients with archived_channels.
 */
export const subscriptionsSection: SectionBuilder = async ({ viewer, capabilities, includeSubscribers, channels, pause }) => {
  const q = await channels();
  const subscriptions = [];
  const unsubscribed = [];
  const never_subscribed: string[] = [];
  for (const channel of q.channels) {
    if (channel.is_archived && !capabilities.archived_channels) continue;
    const own = q.own.get(channel.channel_id);
    const record = async () => {
      const raw = await q.subscriptionRecord(channel, includeSubscribers);
      return capabilities.notification_settings_null ? raw : withNotificationDefaults(raw, viewer.settings);
    };
    if (own?.active) subscriptions.push(await record());
    else if (!q.canSee(channel)) continue;
    else if (own) unsubscribed.push(await record());
    else never_subscribed.push(await q.channelJson(channel, includeSubscribers));
    await pause();
  }
  return { subscriptions, unsubscribed, never_subscribed: new JsonText(`[${never_subscribed.join(',')}]`) };
};

/** `streams`: every channel the viewer may know. */
export const streamsSection: SectionBuilder = async ({ capabilities, channels, pause }) => {
  const q = await channels();
  const streams: string[] = [];
  for (const channel of q.channels) {
    if (channel.is_archived && !capabilities.archived_channels) continue;
    if (q.canSee(channel)) streams.push(await q.channelJson(channel));
    await pause();
  }
  return { streams: new JsonText(`[${streams.join(',')}]`) };
};

/** `realm_default_streams`: ids of the default channels (always public), for everyone but guests. */
export const defaultStreamsSection: SectionBuilder = async ({ viewer, channels }) => {
  if (viewer.role === Role.Guest) return { realm_default_streams: [] };
  const q = await channels();
  return { realm_default_streams: q.channels.filter((c) => c.is_default && !c.is_archived).map((c) => c.channel_id) };
};
