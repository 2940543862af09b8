import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { applyEvents } from '../../support/apply-events.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { personTokens, personWithEverything } from '../../support/erasure-person.js';
import type { ReceivedEvent } from '../../support/event-schemas.js';
import { drain, type Queue, registerQueue } from '../../support/realtime-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

/** The sections an erasure changes for the others. */
const COMPARED = ['realm_users', 'realm_non_active_users', 'user_status', 'subscriptions', 'unsubscribed', 'never_subscribed', 'reminders'];

const pick = (state: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(COMPARED.filter((key) => key in state).map((key) => [key, state[key]]));

/** Clients show an erased person as "Deleted User N" at once: their events bring an old snapshot to a fresh one. */
describe('realtime: old snapshot + erasure events == fresh snapshot', function () {
  this.timeout(60_000);
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let channelId: number;
  let profileFieldId: number;

  before(async () => {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    [channelId] = await createChannels(server.owner, ['commons']);
    expectSuccess(await subscribe(alice, ['commons']));
    expectSuccess(await subscribe(bob, ['commons']));
    profileFieldId = expectSuccess(await server.owner.post('/realm/profile_fields', { name: 'Desk', hint: 'Where', field_type: 1 })).id as number;
  });
  after(() => server.stop());

  const everything = async (queue: Queue): Promise<ReceivedEvent[]> => {
    const all: ReceivedEvent[] = [];
    for (let batch = await drain(queue); batch.length > 0; batch = await drain(queue)) all.push(...batch);
    return all;
  };

  for (const mode of ['with_messages', 'preserving_messages']) {
    it(`erasing ${mode}: applying the events to the old snapshot gives the fresh one, with the placeholder`, async () => {
      const person = await personWithEverything({ server, channelId, profileFieldId, peer: alice, third: bob }, personTokens(mode.slice(0, 4)));
      const params = { include_subscribers: true, client_gravatar: true };
      const queue = await registerQueue(alice, params);
      const old = structuredClone(queue.state);
      expectSuccess(await server.owner.post(`/erasure/users/${person.client.userId}`, { mode }));
      const updated = applyEvents(old, await everything(queue), { clientGravatar: true, includeSubscribers: true, viewerId: alice.userId });
      const fresh = (await registerQueue(alice, params)).state;
      expect(pick(updated)).to.deep.equal(pick(fresh));
      expect(pick(old)).to.not.deep.equal(pick(fresh));
      const shown = (fresh.realm_non_active_users as { user_id: number; full_name: string }[]).find((user) => user.user_id === person.client.userId);
      expect(shown?.full_name).to.equal(`Deleted User ${person.client.userId}`);
    });
  }
});
