import { expect } from 'chai';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { postToChannel } from '../support/message-requests.js';
import { createChannels } from '../support/channel-requests.js';
import { registerQueue, startPoll, untilWaiting } from '../support/realtime-client.js';
import { expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';
import { download, uploaded } from '../support/upload-requests.js';
import { routeTable } from '../../services/api/src/routes.js';

function expectDeactivated(res: ApiResponse, what: string): void {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).to.equal(401);
  expect(res.body, what).to.include({ result: 'error', code: 'USER_DEACTIVATED' });
}

describe('Users: a deactivated account is refused everywhere until reactivated', () => {
  let server: TestServer, admin: ApiClient, alice: ApiClient, bob: ApiClient;

  before(async () => {
    ({ server, admin, alice, bob } = await startServerWith('admin', 'alice', 'bob'));
    await createChannels(alice, ['garden']);
    await postToChannel(alice, 'garden', 'roses', 'Planted today');
  });
  after(() => server.stop());

  it('drops the queues at once: a held GET /events is answered, the next one refused', async () => {
    const queue = await registerQueue(alice);
    const poll = startPoll(queue);
    await untilWaiting(server, queue.queueId);
    expectSuccess(await admin.delete(`/users/${alice.userId}`));
    const answered = await poll.response;
    expect(answered.status).to.equal(200);
    expect(answered.body.events).to.deep.equal([]);
    expect(await server.ctx.queues.stores.queues.queuesOf(alice.userId)).to.deep.equal([]);
    expectDeactivated(await alice.get('/events', { queue_id: queue.queueId, last_event_id: queue.lastEventId }), 'GET /events');
  });

  it('refuses the API key on every authenticated route of the route table', async () => {
    const routes = routeTable(server.ctx, server).filter((route) => route.auth === 'required' && !route.page);
    expect(routes.length).to.be.greaterThan(80);
    for (const route of routes) {
      const path = route.path.replace(/:[a-z_]+/g, '1').replace(/\*[a-z_]+/g, 'file.txt');
      expectDeactivated(await alice.request(route.method, path), `${route.method} ${route.path}`);
    }
  });

  it('refuses the password (fetch_api_key) and upload downloads', async () => {
    expectDeactivated(await server.anonymous.post('/fetch_api_key', { username: alice.email, password: 'pw-Alice-2-secret' }), 'fetch_api_key');
    const { url } = await uploaded(bob, 'note.txt', 'hello');
    const bytes = await download(server, alice, url);
    expect(bytes.status).to.equal(401);
    expect(JSON.parse(bytes.text)).to.include({ code: 'USER_DEACTIVATED' });
  });

  it('keeps their messages', async () => {
    const res = expectSuccess(await bob.get('/messages', { anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'channel', operand: 'garden' }] }));
    expect((res.messages as { sender_id: number }[]).map((message) => message.sender_id)).to.include(alice.userId);
  });

  it('reactivation restores access with the same key, id and history', async () => {
    expectSuccess(await admin.post(`/users/${alice.userId}/reactivate`));
    const me = expectSuccess(await alice.get('/users/me'));
    expect(me).to.include({ user_id: alice.userId, is_active: true });
    await registerQueue(alice);
    const res = expectSuccess(await alice.get('/messages', { anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'channel', operand: 'garden' }] }));
    expect((res.messages as unknown[]).length).to.be.greaterThan(0);
    expect((await server.anonymous.post('/fetch_api_key', { username: alice.email, password: 'pw-Alice-2-secret' })).status).to.equal(200);
  });
});
