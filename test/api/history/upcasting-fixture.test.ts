import { expect } from 'chai';
import { registerQueue } from '../../support/realtime-client.js';
import { startFixtureServer, USER_TOPICS_V1 } from '../../support/fixture-log.js';
import type { TestServer } from '../../support/test-server.js';

// The fixture's people (write-v1-fixture.ts signs them up in this order) and its channel.
const ALICE = { id: 3, email: 'alice.1@test.example', password: 'pw-Alice-1-secret' };
const BOB = { id: 4, email: 'bob.2@test.example', password: 'pw-Bob-2-secret' };
const GENERAL = 1;
const MINUTE = 60;
const START = Date.UTC(2026, 0, 1) / 1000;

describe('a log holding UserTopicChanged.v1 events', function () {
  let server: TestServer;

  before(async function () {
    server = await startFixtureServer(USER_TOPICS_V1);
  });
  after(() => server.stop());

  const byTopic = (rows: readonly { topic: string }[]) => [...rows].sort((a, b) => a.topic.localeCompare(b.topic));

  it('replays into the read models as the current version: each policy set, the removed one gone', async function () {
    const alice = byTopic(await server.ctx.models.userTopics.findMany('user_id', ALICE.id));
    const bob = byTopic(await server.ctx.models.userTopics.findMany('user_id', BOB.id));
    expect(alice).to.deep.equal([
      { user_id: ALICE.id, channel_id: GENERAL, topic: 'dinner', visibility_policy: 3, last_updated: START + 7 * MINUTE },
      { user_id: ALICE.id, channel_id: GENERAL, topic: 'lunch', visibility_policy: 3, last_updated: START + MINUTE },
      { user_id: ALICE.id, channel_id: GENERAL, topic: 'plans', visibility_policy: 1, last_updated: START + 4 * MINUTE },
    ]);
    expect(bob).to.deep.equal([{ user_id: BOB.id, channel_id: GENERAL, topic: 'plans', visibility_policy: 3, last_updated: START + 3 * MINUTE }]);
  });

  it('shows the replayed policies to their users through register', async function () {
    const alice = await server.anonymous.login(ALICE.email, ALICE.password);
    const section = (await registerQueue(alice, { fetch_event_types: ['user_topic'] })).state.user_topics;
    expect(section).to.have.deep.members([
      { stream_id: GENERAL, topic_name: 'dinner', visibility_policy: 3, last_updated: START + 7 * MINUTE },
      { stream_id: GENERAL, topic_name: 'lunch', visibility_policy: 3, last_updated: START + MINUTE },
      { stream_id: GENERAL, topic_name: 'plans', visibility_policy: 1, last_updated: START + 4 * MINUTE },
    ]);
  });

  it('lets new v2 events follow the old ones in the same streams: a user removes a policy set in v1', async function () {
    const bob = await server.anonymous.login(BOB.email, BOB.password);
    const res = await bob.post('/user_topics', { stream_id: GENERAL, topic: 'plans', visibility_policy: 0 });
    expect(res.status).to.equal(200);
    expect(await server.ctx.models.userTopics.findMany('user_id', BOB.id)).to.deep.equal([]);
    let written;
    for await (const event of server.ctx.writtenLog.readAll()) if (event.type === 'UserTopicChanged') written = event;
    expect([written?.metadata.schema_version, written?.data]).to.deep.equal([2, { user_id: BOB.id, channel_id: GENERAL, topic: 'plans', visibility_policy: 'inherit' }]);
  });
});
