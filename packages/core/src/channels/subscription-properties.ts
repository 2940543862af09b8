import { badRequest } from '../errors.js';
import type { SubscriptionPropertyChanged } from '../events/channel-events.js';
import { hasMetadataAccess } from './channel-access.js';
import type { ChannelContext } from './channel-context.js';
import type { SubscriptionProperties } from './channel-state.js';

/** The personal properties a subscriber sets; in_home_view is the older name of is_muted, inverted. */
export const SUBSCRIPTION_PROPERTY_NAMES = [
  'color',
  'is_muted',
  'in_home_view',
  'pin_to_top',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
] as const;

type RequestedProperty = (typeof SUBSCRIPTION_PROPERTY_NAMES)[number];

/** One element of subscription_data. */
export interface SubscriptionPropertyRequest {
  stream_id: number;
  property: string;
  value: unknown;
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** The stored property and value a request sets, its value checked against the property's type. */
function storedChange(request: SubscriptionPropertyRequest, index: number): { property: keyof SubscriptionProperties; value: string | boolean } {
  const { property, value } = request;
  if (!(SUBSCRIPTION_PROPERTY_NAMES as readonly string[]).includes(property)) throw badRequest(`Unknown subscription property: ${property}`);
  const where = `'subscription_data[${index}].value'`;
  if (property === 'color') {
    if (typeof value !== 'string' || !COLOR.test(value)) throw badRequest(`Invalid ${where}: color must be a hex color code like #c2c2c2`);
    return { property, value };
  }
  if (typeof value !== 'boolean') throw badRequest(`Invalid ${where}: ${property} must be true or false`);
  const name = property as Exclude<RequestedProperty, 'color'>;
  return name === 'in_home_view' ? { property: 'is_muted', value: !value } : { property: name, value };
}

/**
 * POST /users/me/subscriptions/properties: the caller changes personal properties of their own
 * subscriptions. Every element is checked before anything is decided; values equal to the current
 * ones change nothing; later elements see the effect of earlier ones.
 */
export function decideUpdateSubscriptionProperties(
  ctx: ChannelContext,
  requests: readonly SubscriptionPropertyRequest[],
): Map<number, SubscriptionPropertyChanged[]> {
  const actorId = ctx.actor.user_id;
  const working = new Map<number, SubscriptionProperties>();
  const events = new Map<number, SubscriptionPropertyChanged[]>();
  requests.forEach((request, index) => {
    const channelId = request.stream_id;
    const sub = ctx.subscriptions.get(actorId, channelId);
    if (!sub?.active) {
      const channel = ctx.channels.get(channelId);
      if (!channel || !hasMetadataAccess(ctx, channel, actorId)) throw badRequest('Invalid channel ID');
      throw badRequest(`Not subscribed to channel ID ${channelId}`);
    }
    const { property, value } = storedChange(request, index);
    const current = working.get(channelId) ?? { ...sub };
    working.set(channelId, current);
    if (current[property] === value) return;
    Object.assign(current, { [property]: value });
    const changed: SubscriptionPropertyChanged = { type: 'SubscriptionPropertyChanged', data: { channel_id: channelId, user_id: actorId, property, value } };
    events.set(channelId, [...(events.get(channelId) ?? []), changed]);
  });
  return events;
}
