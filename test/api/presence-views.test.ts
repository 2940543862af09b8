import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { aggregatedPresenceIn, legacy, modern, nowSeconds, ping, presencesIn, serverTimestamp } from '../support/presence-requests.js';
import { registerQueue } from '../support/realtime-client.js';
import { expectFailure } from '../support/response-assertions.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const DAY = 86_400_000;

describe('presence API: reading presence', function () {
  let server: TestServer;
  let viewer: ApiClient;

  before(async function () {
    server = await startTestServer();
    viewer = await server.createUser('Vic Viewer');
  });
  after(() => server.stop());

  const fresh = (name: string): Promise<ApiClient> => server.createUser(name);

  describe('GET /users/{user_id_or_email}/presence', function () {
    it('by id or by email: the status and time, per client and aggregated', async function () {
      const ann = await fresh('Ann Single');
      await ping(ann, { status: 'active', ping_only: true });
      const expected = { status: 'active', timestamp: nowSeconds(server) };
      for (const segment of [String(ann.userId), ann.email]) {
        const res = await viewer.get(`/users/${encodeURIComponent(segment)}/presence`);
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        expect(res.body).to.deep.equal({ result: 'success', msg: '', presence: { website: expected, aggregated: expected } });
      }
    });

    it('idle once the active ping is more than 140 s older than the newest one', async function () {
      const ben = await fresh('Ben Single');
      await ping(ben, { status: 'active', ping_only: true });
      server.clock.advance(141_000);
      await ping(ben, { status: 'idle', ping_only: true });
      const res = await viewer.get(`/users/${ben.userId}/presence`);
      expect(aggregatedPresenceIn(res.body)).to.deep.equal({ status: 'idle', timestamp: nowSeconds(server) });
    });

    it('a user who never pinged has no presence data', async function () {
      const cy = await fresh('Cy Silent');
      expectFailure(await viewer.get(`/users/${cy.userId}/presence`), 'BAD_REQUEST', `No presence data for ${cy.userId}`);
    });

    it('an unknown user is refused', async function () {
      expectFailure(await viewer.get('/users/999999/presence'), 'BAD_REQUEST', 'No such user');
      expectFailure(await viewer.get('/users/nobody@test.example/presence'), 'BAD_REQUEST', 'No such user');
    });
  });

  describe('GET /realm/presence', function () {
    it('everyone seen in the last 14 days, legacy format keyed by email, and the time', async function () {
      const old = await fresh('Dot Old');
      await ping(old, { status: 'active', ping_only: true });
      server.clock.advance(15 * DAY);
      const eli = await fresh('Eli Recent');
      await ping(eli, { status: 'idle', ping_only: true });
      const res = await viewer.get('/realm/presence');
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body).to.have.keys(['result', 'msg', 'presences', 'server_timestamp']);
      expect(res.body.server_timestamp).to.equal(serverTimestamp(server));
      expect(res.body.presences).to.deep.equal({ [eli.email]: legacy('active', nowSeconds(server)) });
    });
  });

  describe('POST /register', function () {
    it('legacy by default: presences keyed by email, the newest update id and the time', async function () {
      const fay = await fresh('Fay Register');
      await ping(fay, { status: 'active', ping_only: true });
      const { state } = await registerQueue(viewer, { fetch_event_types: ['presence'] });
      expect(presencesIn(state)[fay.email]).to.deep.equal(legacy('active', nowSeconds(server)));
      expect(state.presence_last_update_id).to.equal(server.ctx.presence.lastUpdateId);
      expect(state.server_timestamp).to.equal(serverTimestamp(server));
    });

    for (const [label, params] of [
      ['slim_presence', { slim_presence: true }],
      ['the simplified_presence_events capability', { client_capabilities: { simplified_presence_events: true } }],
    ] as const) {
      it(`modern with ${label}: keyed by user id`, async function () {
        const gus = await fresh(`Gus ${label}`);
        await ping(gus, { status: 'active', ping_only: true });
        const { state } = await registerQueue(viewer, { fetch_event_types: ['presence'], ...params });
        expect(presencesIn(state)[String(gus.userId)]).to.deep.equal(modern(nowSeconds(server), nowSeconds(server)));
        expect(state.presences).to.not.have.property(gus.email);
      });
    }

    it('presence_history_limit_days leaves out users last seen longer ago (default 14)', async function () {
      const hal = await fresh('Hal Limited');
      await ping(hal, { status: 'active', ping_only: true });
      server.clock.advance(3 * DAY);
      const keys = async (params: Record<string, unknown>) =>
        Object.keys(presencesIn((await registerQueue(viewer, { fetch_event_types: ['presence'], slim_presence: true, ...params })).state));
      expect(await keys({})).to.include(String(hal.userId));
      expect(await keys({ presence_history_limit_days: 4 })).to.include(String(hal.userId));
      expect(await keys({ presence_history_limit_days: 2 })).to.not.include(String(hal.userId));
      server.clock.advance(12 * DAY);
      expect(await keys({})).to.not.include(String(hal.userId));
    });

    it('presence_history_limit_days must be a non-negative integer', async function () {
      expectFailure(await viewer.post('/register', { presence_history_limit_days: -1 }), 'BAD_REQUEST', "'presence_history_limit_days'");
      expectFailure(await viewer.post('/register', { slim_presence: 'maybe' }), 'BAD_REQUEST', "'slim_presence'");
    });

    it('no presence fields when presence is not among the fetched types; -1 when nobody has presence', async function () {
      const { state } = await registerQueue(viewer, { fetch_event_types: ['realm_user'] });
      expect(state).to.not.have.any.keys('presences', 'presence_last_update_id', 'server_timestamp');
      server.clock.advance(30 * DAY);
      const empty = await registerQueue(viewer, { fetch_event_types: ['presence'] });
      expect(empty.state.presences).to.deep.equal({});
      expect(empty.state.presence_last_update_id).to.equal(-1);
    });
  });

  describe('presence_enabled=false', function () {
    it('the user is left out of every view, their pings accepted but not recorded', async function () {
      const ivy = await fresh('Ivy Invisible');
      await ping(ivy, { status: 'active', ping_only: true });
      expect((await ivy.patch('/settings', { presence_enabled: false })).status).to.equal(200);
      const before = server.ctx.presence.lastUpdateId;
      server.clock.advance(60_000);
      const own = await ping(ivy, { status: 'active', slim_presence: true });
      expect(server.ctx.presence.lastUpdateId).to.equal(before);
      expect(own.presences).to.not.have.property(String(ivy.userId));
      expect((await ping(viewer, { status: 'active' })).presences).to.not.have.property(ivy.email);
      expect((await viewer.get('/realm/presence')).body.presences).to.not.have.property(ivy.email);
      expectFailure(await viewer.get(`/users/${ivy.userId}/presence`), 'BAD_REQUEST', 'No presence data');
      const { state } = await registerQueue(viewer, { fetch_event_types: ['presence'], slim_presence: true });
      expect(state.presences).to.not.have.property(String(ivy.userId));

      // Turned back on, the next ping shows them again.
      expect((await ivy.patch('/settings', { presence_enabled: true })).status).to.equal(200);
      await ping(ivy, { status: 'active', ping_only: true });
      expect(aggregatedPresenceIn((await viewer.get(`/users/${ivy.userId}/presence`)).body)).to.deep.equal({ status: 'active', timestamp: nowSeconds(server) });
    });
  });
});
