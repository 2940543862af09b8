import type { StoredEventOf } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import { apiEmail, canSeeEmail } from '@chat/wire';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';
import type { FanoutOptions } from './feed-sink.js';

/**
 * An erasure, told at once to everyone still active: the person's name, addresses and time zone as
 * they read now ("Deleted User N"), every profile field emptied, their status cleared. The public
 * server sends nothing here (its clients learn the new name on their next load); these are the events
 * its clients already apply for each of these changes, so they show the placeholder at once. A client
 * that computes gravatars (client_gravatar) takes the avatar from the new address; others get its URL
 * on their next register. Their subscriptions and deleted messages are told by those events' own
 * fan-outs.
 */
async function erasureDeliveries(event: StoredEventOf<'UserErased'>, models: ReadModels, options: FanoutOptions): Promise<Delivery[]> {
  const subject = await models.users.get(event.data.user_id);
  if (!subject) return [];
  const everyone = (await models.users.all()).filter((user) => user.is_active);
  const all = everyone.map((user) => user.user_id);
  const user_id = subject.user_id;
  const email = apiEmail(subject, options.realmHost());
  const toAll = (person: Record<string, unknown>): Delivery => ({ userIds: all, event: { type: 'realm_user', op: 'update', person } });
  const seeing = everyone.filter((viewer) => canSeeEmail(viewer, subject)).map((user) => user.user_id);
  const fields = (await models.profileFields.all()).sort((a, b) => a.id - b.id);
  return [
    toAll({ user_id, full_name: subject.full_name }),
    toAll({ user_id, new_email: email }),
    ...(seeing.length > 0 ? [{ userIds: seeing, event: { type: 'realm_user', op: 'update', person: { user_id, delivery_email: subject.email } } }] : []),
    toAll({ user_id, email, timezone: subject.timezone }),
    ...fields.map((field) => toAll({ user_id, custom_profile_field: { id: field.id, value: null, rendered_value: null } })),
    {
      userIds: all,
      event: { type: 'user_status', user_id, away: !subject.settings.presence_enabled, status_text: '', emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' },
    },
  ];
}

export const erasureFanout = fanoutOf('erasure', ['UserErased'], erasureDeliveries);
