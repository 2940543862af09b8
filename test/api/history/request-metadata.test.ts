import { expect } from 'chai';
import type { StoredEvent } from '@chat/core';
import { formEncode } from '../../support/api-client.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('event metadata: which request appended an event', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  const createChannel = (name: string): Record<string, unknown> => ({ subscriptions: [{ name }] });

  /** The events appended after `position`. */
  const appendedAfter = async (position: number): Promise<StoredEvent[]> => {
    const events: StoredEvent[] = [];
    for await (const event of server.ctx.store.readAll({ fromPosition: position + 1 })) events.push(event);
    return events;
  };

  it("records the caller's X-Request-Id, the caller and the client on every event the request appended", async () => {
    const before = await server.ctx.store.headPosition();
    const headers = { 'X-Request-Id': 'audit-trail-42', 'User-Agent': 'AuditClient/1.0' };
    const res = await server.owner.request('POST', '/users/me/subscriptions', formEncode(createChannel('audit-a')), headers);
    expect(res.status).to.equal(200);
    const events = await appendedAfter(before);
    expect(events.map((event) => event.type)).to.include.members(['ChannelCreated', 'SubscriptionAdded']);
    for (const event of events) {
      expect(event.metadata).to.deep.include({ request_id: 'audit-trail-42', actor_id: server.owner.userId, client: 'AuditClient/1.0' });
    }
  });

  it('gives a request without one a fresh UUID, the same for all its events and different from the next request', async () => {
    const first = await server.ctx.store.headPosition();
    expect((await server.owner.post('/users/me/subscriptions', createChannel('audit-b'))).status).to.equal(200);
    const second = await server.ctx.store.headPosition();
    expect((await server.owner.post('/users/me/subscriptions', createChannel('audit-c'))).status).to.equal(200);
    const ids = (events: StoredEvent[]): Set<string> => new Set(events.map((event) => event.metadata.request_id));
    const firstIds = ids((await appendedAfter(first)).filter((event) => event.position <= second));
    const secondIds = ids(await appendedAfter(second));
    expect(firstIds.size).to.equal(1);
    expect(secondIds.size).to.equal(1);
    const [firstId] = firstIds;
    const [secondId] = secondIds;
    expect(firstId).to.match(UUID);
    expect(secondId).to.match(UUID);
    expect(firstId).to.not.equal(secondId);
  });
});
