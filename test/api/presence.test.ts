import { expect } from 'chai';
import { dummyEmail } from '@chat/core';
import type { ApiClient } from '../support/api-client.js';
import { aggregatedPresenceIn, legacy, modern, nowSeconds, ping, presencesIn, serverTimestamp } from '../support/presence-requests.js';
import { expectFailure } from '../support/response-assertions.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

describe('presence API: POST /users/me/presence', function () {
  let server: TestServer;
  let ann: ApiClient;

  before(async function () {
    server = await startTestServer();
    ann = await server.createUser('Ann');
  });
  after(() => server.stop());

  /** A user created now, so each test sees only its own users' presence change. */
  const fresh = (name: string): Promise<ApiClient> => server.createUser(name);

  describe('parameters', function () {
    it('status is required', async function () {
      expectFailure(await ann.post('/users/me/presence', {}), 'REQUEST_VARIABLE_MISSING', "'status'");
    });

    for (const status of ['away', 'offline', 'ACTIVE', '']) {
      it(`status ${JSON.stringify(status)} is refused, naming status`, async function () {
        expectFailure(await ann.post('/users/me/presence', { status }), 'BAD_REQUEST', "'status'");
      });
    }

    const invalid: [string, unknown][] = [
      ['last_update_id', -2],
      ['last_update_id', 'newest'],
      ['last_update_id', 1.5],
      ['history_limit_days', -1],
      ['history_limit_days', 'forever'],
      ['ping_only', 'sometimes'],
      ['slim_presence', 'yes please'],
      ['new_user_input', 'perhaps'],
    ];
    for (const [name, value] of invalid) {
      it(`${name}=${JSON.stringify(value)} is refused, naming ${name}`, async function () {
        expectFailure(await ann.post('/users/me/presence', { status: 'active', [name]: value }), 'BAD_REQUEST', `'${name}'`);
      });
    }

    it('a refused request records nothing', async function () {
      const quiet = await fresh('Quiet Refused');
      await quiet.post('/users/me/presence', { status: 'active', last_update_id: -5 });
      expectFailure(await server.owner.get(`/users/${quiet.userId}/presence`), 'BAD_REQUEST', 'No presence data');
    });

    it('new_user_input is accepted (no usage statistics are kept from it)', async function () {
      const body = await ping(ann, { status: 'active', new_user_input: true });
      expect(body).to.not.have.property('ignored_parameters_unsupported');
    });
  });

  describe('the answer', function () {
    it('by default: everyone in the legacy format keyed by email, the time, the newest update id', async function () {
      const bea = await fresh('Bea Legacy');
      const body = await ping(bea, { status: 'active' });
      expect(body).to.have.keys(['result', 'msg', 'presences', 'server_timestamp', 'presence_last_update_id', 'zephyr_mirror_active']);
      expect(presencesIn(body)[bea.email]).to.deep.equal(legacy('active', nowSeconds(server)));
      expect(body.server_timestamp).to.equal(serverTimestamp(server));
      expect(body.presence_last_update_id).to.equal(server.ctx.presence.lastUpdateId);
      expect(body.zephyr_mirror_active).to.equal(false);
    });

    it('slim_presence: the modern format keyed by user id', async function () {
      const cal = await fresh('Cal Slim');
      const body = await ping(cal, { status: 'active', slim_presence: true });
      expect(presencesIn(body)[String(cal.userId)]).to.deep.equal(modern(nowSeconds(server), nowSeconds(server)));
      expect(body.presences).to.not.have.property(cal.email);
    });

    it('a user whose address is hidden is keyed by their placeholder address', async function () {
      const hidden = await fresh('Hidden Address');
      expect((await hidden.patch('/settings', { email_address_visibility: 4 })).status).to.equal(200);
      const body = await ping(hidden, { status: 'active' });
      const placeholder = dummyEmail(hidden.userId, new URL(server.url).hostname);
      expect(presencesIn(body)[placeholder]).to.deep.equal(legacy('active', nowSeconds(server)));
      expect(body.presences).to.not.have.property(hidden.email);
    });

    it('ping_only: recorded, answered without presence data', async function () {
      const dee = await fresh('Dee Ping Only');
      const body = await ping(dee, { status: 'active', ping_only: true });
      expect(body).to.deep.equal({ result: 'success', msg: '', zephyr_mirror_active: false });
      const seen = await server.owner.get(`/users/${dee.userId}/presence`);
      expect(aggregatedPresenceIn(seen.body)).to.deep.equal({ status: 'active', timestamp: nowSeconds(server) });
    });
  });

  describe('last_update_id', function () {
    it('-1: everything, in the modern format; then only what changed after the id returned', async function () {
      const eve = await fresh('Eve Incremental');
      const fay = await fresh('Fay Incremental');
      server.clock.advance(MINUTE);
      await ping(fay, { status: 'active', ping_only: true });
      const first = await ping(eve, { status: 'active', last_update_id: -1 });
      expect(presencesIn(first)[String(fay.userId)]).to.deep.equal(modern(nowSeconds(server), nowSeconds(server)));
      expect(presencesIn(first)[String(eve.userId)]).to.deep.equal(modern(nowSeconds(server), nowSeconds(server)));
      const id = first.presence_last_update_id as number;
      expect(id).to.equal(server.ctx.presence.lastUpdateId);

      // Nothing moved: no entries, the same id.
      const same = await ping(eve, { status: 'active', last_update_id: id });
      expect(same.presences).to.deep.equal({});
      expect(same.presence_last_update_id).to.equal(id);

      server.clock.advance(MINUTE);
      await ping(fay, { status: 'idle', ping_only: true });
      const later = await ping(eve, { status: 'idle', last_update_id: id });
      const now = nowSeconds(server);
      expect(later.presences).to.deep.equal({
        [String(fay.userId)]: modern(now - 60, now),
        [String(eve.userId)]: modern(now - 60, now),
      });
      expect(later.presence_last_update_id).to.equal(id + 2);
    });

    it('history_limit_days leaves out users last seen longer ago, except when fetching changes', async function () {
      const old = await fresh('Gil Three Days Ago');
      await ping(old, { status: 'active', ping_only: true });
      const since = server.ctx.presence.lastUpdateId - 1;
      server.clock.advance(3 * DAY);
      const hal = await fresh('Hal Now');
      const key = String(old.userId);
      expect((await ping(hal, { status: 'active', slim_presence: true })).presences).to.have.property(key);
      expect((await ping(hal, { status: 'active', slim_presence: true, history_limit_days: 4 })).presences).to.have.property(key);
      expect((await ping(hal, { status: 'active', slim_presence: true, history_limit_days: 2 })).presences).to.not.have.property(key);
      expect((await ping(hal, { status: 'active', last_update_id: 0, history_limit_days: 2 })).presences).to.not.have.property(key);
      expect((await ping(hal, { status: 'active', last_update_id: since, history_limit_days: 2 })).presences).to.have.property(key);
    });

    it('the default history is 14 days', async function () {
      const ivy = await fresh('Ivy Fortnight');
      await ping(ivy, { status: 'active', ping_only: true });
      const key = String(ivy.userId);
      server.clock.advance(14 * DAY);
      expect((await ping(ann, { status: 'active', slim_presence: true })).presences).to.have.property(key);
      server.clock.advance(1_000);
      expect((await ping(ann, { status: 'active', slim_presence: true })).presences).to.not.have.property(key);
    });
  });

  describe('status over time', function () {
    it('idle after active stays active within 140 s of the active ping, then turns idle', async function () {
      const jo = await fresh('Jo Fades');
      await ping(jo, { status: 'active', ping_only: true });
      const activeAt = nowSeconds(server);
      server.clock.advance(140_000);
      expect(presencesIn(await ping(jo, { status: 'idle' }))[jo.email]).to.deep.equal(legacy('active', activeAt));
      server.clock.advance(1_000);
      expect(presencesIn(await ping(jo, { status: 'idle' }))[jo.email]).to.deep.equal(legacy('idle', nowSeconds(server)));
      expect(presencesIn(await ping(jo, { status: 'idle', slim_presence: true }))[String(jo.userId)]).to.deep.equal(
        modern(activeAt, nowSeconds(server)),
      );
    });

    it('a first idle ping reports the user as last active when they joined', async function () {
      const kit = await fresh('Kit Idle First');
      const joined = nowSeconds(server);
      server.clock.advance(10 * MINUTE);
      const body = await ping(kit, { status: 'idle', slim_presence: true });
      expect(presencesIn(body)[String(kit.userId)]).to.deep.equal(modern(joined, nowSeconds(server)));
    });
  });
});
