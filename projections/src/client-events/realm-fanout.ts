import type { RealmSettings, StoredEventOf } from '@chat/core';
import type { ClientEvent, Delivery } from '@chat/realtime';
import { realmDescriptionHtml } from '@chat/wire';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';

const updateDict = (data: Record<string, unknown>): ClientEvent => ({ type: 'realm', op: 'update_dict', property: 'default', data });

/**
 * Changed settings as clients receive them. message_retention_days and the channels the server posts
 * to are not among the update_dict fields of the public API: each comes as a `realm update` of its own. A topics_policy change also
 * carries the deprecated mandatory_topics that register still reports, and a change of who sees edit
 * history the deprecated allow_edit_history.
 */
function settingsEvents(changes: Partial<RealmSettings>): ClientEvent[] {
  const { message_retention_days, new_stream_announcements_stream_id, moderation_request_channel_id, ...rest } = changes;
  const data: Record<string, unknown> = { ...rest };
  if (rest.topics_policy !== undefined) data.mandatory_topics = rest.topics_policy === 'disable_empty_topic';
  if (rest.message_edit_history_visibility_policy !== undefined) data.allow_edit_history = rest.message_edit_history_visibility_policy !== 'none';
  const events: ClientEvent[] = [];
  if (Object.keys(data).length > 0) events.push(updateDict(data));
  const updates = { message_retention_days, new_stream_announcements_stream_id, moderation_request_channel_id };
  for (const [property, value] of Object.entries(updates)) if (value !== undefined) events.push({ type: 'realm', op: 'update', property, value });
  return events;
}

const HANDLED = ['RealmSettingsChanged', 'RealmProfileChanged', 'RealmGroupSettingsChanged'] as const;

/** Client events for organization-wide changes, to every active user. */
async function realmDeliveries(event: StoredEventOf<(typeof HANDLED)[number]>, models: ReadModels): Promise<Delivery[]> {
  const everyone = async (): Promise<number[]> =>
    (await models.users.all()).filter((user) => user.is_active).map((user) => user.user_id);
  const toEveryone = async (events: ClientEvent[]): Promise<Delivery[]> => {
    const userIds = await everyone();
    return events.map((clientEvent) => ({ userIds, event: clientEvent }));
  };
  switch (event.type) {
    case 'RealmSettingsChanged':
      return toEveryone(settingsEvents(event.data.changes));
    case 'RealmProfileChanged': {
      const { name, description } = event.data.changes;
      const data: Record<string, unknown> = {};
      if (name !== undefined) data.name = name;
      if (description !== undefined) data.description = realmDescriptionHtml(description);
      return toEveryone([updateDict(data)]);
    }
    case 'RealmGroupSettingsChanged':
      return toEveryone([updateDict({ ...event.data.changes })]);
    default:
      return [];
  }
}

export const realmFanout = fanoutOf('realm', HANDLED, realmDeliveries);
