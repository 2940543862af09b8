import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { applyEvents } from '../support/apply-events.js';
import type { ReceivedEvent } from '../support/event-schemas.js';
import { drain, registerQueue, type Queue } from '../support/realtime-client.js';
import { expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

/** The sections the organization's administration keeps current through events. */
const COMPARED = ['custom_profile_fields', 'realm_user_settings_defaults', 'realm_users'];
const pick = (state: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(COMPARED.map((key) => [key, state[key]]));

async function everything(queue: Queue): Promise<ReceivedEvent[]> {
  const all: ReceivedEvent[] = [];
  for (let batch = await drain(queue); batch.length > 0; batch = await drain(queue)) all.push(...batch);
  return all;
}

describe('organization administration: old snapshot + events == fresh snapshot', () => {
  let server: TestServer, admin: ApiClient, member: ApiClient;

  before(async () => {
    ({ server, admin, member } = await startServerWith('admin', 'member'));
  });
  after(() => server.stop());

  for (const viewer of ['admin', 'member'] as const) {
    it(`profile fields changed, reordered and removed, and new-user defaults changed: seen by the ${viewer}`, async () => {
      const client = viewer === 'admin' ? admin : member;
      const params = { fetch_event_types: ['custom_profile_fields', 'realm_user_settings_defaults', 'realm_user'] };
      const queue = await registerQueue(client, params);
      const old = structuredClone(queue.state);
      const create = async (name: string): Promise<number> => expectSuccess(await admin.post('/realm/profile_fields', { name, field_type: 1 })).id as number;
      const [kept, gone] = [await create(`Kept ${viewer}`), await create(`Gone ${viewer}`)];
      expectSuccess(await admin.patch(`/users/${member.userId}`, { profile_data: [{ id: kept, value: 'yes' }, { id: gone, value: 'no' }] }));
      expectSuccess(await admin.patch(`/realm/profile_fields/${kept}`, { name: `Renamed ${viewer}`, required: true }));
      const order = (expectSuccess(await admin.get('/realm/profile_fields')).custom_fields as { id: number }[]).map((field) => field.id).reverse();
      expectSuccess(await admin.patch('/realm/profile_fields', { order }));
      expectSuccess(await admin.delete(`/realm/profile_fields/${gone}`));
      expectSuccess(await admin.patch('/realm/user_settings_defaults', { enter_sends: viewer === 'admin', color_scheme: viewer === 'admin' ? 2 : 3 }));
      const events = await everything(queue);
      const types = events.map((event) => (event.op ? `${event.type}.${event.op}` : event.type));
      expect(types).to.include.members(['custom_profile_fields', 'realm_user_settings_defaults.update', 'realm_user.update']);
      const updated = applyEvents(old, events, { clientGravatar: true });
      const fresh = (await registerQueue(client, params)).state;
      expect(pick(updated)).to.deep.equal(pick(fresh));
      expect(pick(old)).to.not.deep.equal(pick(fresh));
    });
  }
});
