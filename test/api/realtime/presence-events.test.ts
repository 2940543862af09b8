import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { applyEvents } from '../../support/apply-events.js';
import { modern, nowSeconds, ping, serverTimestamp } from '../../support/presence-requests.js';
import { drain, eventsOf, type Queue, registerQueue, waitingPoll } from '../../support/realtime-client.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const MODERN = { client_capabilities: { simplified_presence_events: true } };
const OFFLINE = 141_000;

describe('realtime: presence events', function () {
  let server: TestServer;
  let watcher: ApiClient;

  before(async function () {
    server = await startTestServer();
    watcher = await server.createUser('Wes Watcher');
  });
  after(() => server.stop());

  const fresh = (name: string): Promise<ApiClient> => server.createUser(name);
  const legacyEvent = (user: ApiClient, status: 'active' | 'idle', timestamp: number) => ({
    type: 'presence',
    user_id: user.userId,
    email: user.email,
    server_timestamp: serverTimestamp(server),
    presence: { website: { client: 'website', status, timestamp, pushable: false } },
  });

  it('going active reaches waiting queues at once: modern with simplified_presence_events, legacy otherwise', async function () {
    const ann = await fresh('Ann Arrives');
    const modernQueue = await registerQueue(watcher, MODERN);
    const legacyQueue = await registerQueue(watcher);
    const own = await registerQueue(ann, MODERN);
    const polls = await Promise.all([waitingPoll(server, modernQueue), waitingPoll(server, legacyQueue)]);
    await ping(ann, { status: 'active', ping_only: true });
    const now = nowSeconds(server);
    const [modernEvents, legacyEvents] = await Promise.all([eventsOf(modernQueue, polls[0]), eventsOf(legacyQueue, polls[1])]);
    expect(modernEvents.map(({ id: _id, ...event }) => event)).to.deep.equal([
      { type: 'presence', presences: { [String(ann.userId)]: modern(now, now) } },
    ]);
    expect(legacyEvents.map(({ id: _id, ...event }) => event)).to.deep.equal([legacyEvent(ann, 'active', now)]);
    // The pinging user hears nothing about themselves.
    expect(await drain(own)).to.deep.equal([]);
  });

  it('pings that change nothing others see publish nothing', async function () {
    const ben = await fresh('Ben Steady');
    await ping(ben, { status: 'active', ping_only: true });
    const queue = await registerQueue(watcher, MODERN);
    await ping(ben, { status: 'active', ping_only: true });
    server.clock.advance(60_000);
    await ping(ben, { status: 'active' });
    await ping(ben, { status: 'idle' });
    server.clock.advance(60_000);
    await ping(ben, { status: 'idle', ping_only: true });
    expect(await drain(queue)).to.deep.equal([]);
  });

  it('offline → idle and idle → active each publish; staying idle does not', async function () {
    const cy = await fresh('Cy Returns');
    server.clock.advance(OFFLINE);
    const queue = await registerQueue(watcher);
    await ping(cy, { status: 'idle', ping_only: true });
    const idleAt = nowSeconds(server);
    server.clock.advance(30_000);
    await ping(cy, { status: 'idle', ping_only: true });
    server.clock.advance(30_000);
    await ping(cy, { status: 'active', ping_only: true });
    const events = (await drain(queue)).map(({ id: _id, ...event }) => event);
    expect(events.map((event) => (event.presence as { website: { status: string } }).website.status)).to.deep.equal(['idle', 'active']);
    expect(events[0]).to.deep.include({ user_id: cy.userId });
    expect((events[0].presence as { website: { timestamp: number } }).website.timestamp).to.equal(idleAt);
  });

  it('after more than 140 s without a ping the user is offline, and the next ping publishes again', async function () {
    const dee = await fresh('Dee Away');
    await ping(dee, { status: 'active', ping_only: true });
    server.clock.advance(OFFLINE);
    const queue = await registerQueue(watcher, MODERN);
    const poll = await waitingPoll(server, queue);
    await ping(dee, { status: 'active', ping_only: true });
    const now = nowSeconds(server);
    expect((await eventsOf(queue, poll)).map(({ id: _id, ...event }) => event)).to.deep.equal([
      { type: 'presence', presences: { [String(dee.userId)]: modern(now, now) } },
    ]);
  });

  it('a user with presence_enabled=false publishes nothing', async function () {
    const ivy = await fresh('Ivy Invisible');
    expect((await ivy.patch('/settings', { presence_enabled: false })).status).to.equal(200);
    const queue = await registerQueue(watcher, MODERN);
    await ping(ivy, { status: 'active', ping_only: true });
    server.clock.advance(OFFLINE);
    await ping(ivy, { status: 'idle', ping_only: true });
    expect(await drain(queue)).to.deep.equal([]);
  });

  it('a queue that did not ask for presence events gets none', async function () {
    const eve = await fresh('Eve Filtered');
    const typingOnly = await registerQueue(watcher, { event_types: ['typing'] });
    const presenceOnly = await registerQueue(watcher, { event_types: ['presence'], ...MODERN });
    await ping(eve, { status: 'active', ping_only: true });
    expect(await drain(typingOnly)).to.deep.equal([]);
    expect((await drain(presenceOnly)).map((event) => event.type)).to.deep.equal(['presence']);
  });

  describe('old snapshot + events == fresh snapshot', function () {
    for (const [label, params] of [
      ['modern', MODERN],
      ['legacy', {}],
    ] as const) {
      it(`${label} format`, async function () {
        const [fay, gus] = [await fresh(`Fay ${label}`), await fresh(`Gus ${label}`)];
        // Past every earlier ping and both users' joining, so each ping below changes a status.
        server.clock.advance(OFFLINE);
        const queue: Queue = await registerQueue(watcher, { fetch_event_types: ['presence'], event_types: ['presence'], ...params });
        const old = structuredClone(queue.state);
        await ping(fay, { status: 'active', ping_only: true });
        await ping(gus, { status: 'idle', ping_only: true });
        server.clock.advance(10_000);
        await ping(gus, { status: 'active', ping_only: true });
        const events = await drain(queue);
        expect(events).to.have.length(3);
        const updated = applyEvents(old, events, { clientGravatar: true });
        const current = (await registerQueue(watcher, { fetch_event_types: ['presence'], ...params })).state;
        expect(updated.presences).to.deep.equal(current.presences);
        expect(old.presences).to.not.deep.equal(current.presences);
      });
    }
  });
});
