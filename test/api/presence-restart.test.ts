import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient } from '../support/api-client.js';
import { numberField } from '../support/json-fields.js';
import { nowSeconds, ping, presencesIn } from '../support/presence-requests.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('presence across a graceful restart', function () {
  let server: TestServer;
  before(async function () {
    server = await startTestServer();
  });
  after(() => server.stop());

  it('keeps every user presence and continues the update ids', async function () {
    const ann = await server.createUser('Ann Before');
    const ben = await server.createUser('Ben Before');
    await ping(ann, { status: 'active', ping_only: true });
    await ping(ben, { status: 'idle', ping_only: true });
    const before = await ping(ann, { status: 'active', last_update_id: -1 });
    const realmBefore = (await server.owner.get('/realm/presence')).body.presences;

    server = await server.restart();
    expect(existsSync(join(server.dataDir, 'presence.json'))).to.equal(true);
    const owner = server.owner;
    expect((await owner.get('/realm/presence')).body.presences).to.deep.equal(realmBefore);
    const annAgain = new ApiClient(server.url, ann.credentials);
    const unchanged = await ping(annAgain, { status: 'active', last_update_id: before.presence_last_update_id });
    expect(unchanged.presences).to.deep.equal({});
    expect(unchanged.presence_last_update_id).to.equal(before.presence_last_update_id);

    // A change after the restart takes the next id, and an incremental fetch sees only it.
    server.clock.advance(60_000);
    await ping(new ApiClient(server.url, ben.credentials), { status: 'active', ping_only: true });
    const later = await ping(annAgain, { status: 'idle', last_update_id: before.presence_last_update_id });
    expect(Object.keys(presencesIn(later))).to.have.members([String(ben.userId), String(ann.userId)]);
    expect(later.presence_last_update_id).to.equal(numberField(before, 'presence_last_update_id') + 2);
    expect(presencesIn(later)[String(ben.userId)]).to.deep.equal({ active_timestamp: nowSeconds(server), idle_timestamp: nowSeconds(server) });
  });
});
