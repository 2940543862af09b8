import type { CallOf } from '@chat/http';
import { updateSubscriptionProperties } from '../actions/subscription-properties.js';
import { callerUser, originOf } from './call-context.js';
import type { Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What updateSubscriptionPropertiesEndpoint uses. */
type UpdateSubscriptionPropertiesEndpointDeps = Commands & Configured & Reads<'subscriptions' | 'users'> & Uses<'organization'>;

/** POST /users/me/subscriptions/properties: answers with result and msg only, as the public API has since feature level 111. */
export async function updateSubscriptionPropertiesEndpoint(ctx: UpdateSubscriptionPropertiesEndpointDeps, call: CallOf<'subscription-properties-update'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await updateSubscriptionProperties(ctx, originOf(call), actor.user_id, call.params.subscription_data);
  return {};
}
