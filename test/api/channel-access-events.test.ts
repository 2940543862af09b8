import { expect } from 'chai';
import { Role } from '@chat/core';
import type { ApiClient } from '../support/api-client.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('channels: a role change shows or hides private channels', function () {
  let server: TestServer;
  let rising: ApiClient;
  let secretId: number;
  let publicId: number;

  before(async function () {
    server = await startTestServer();
    rising = await server.createUser('Rita Rising');
    const owner = server.owner;
    const created = await owner.post('/users/me/subscriptions', { subscriptions: [{ name: 'board-room' }], invite_only: true });
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    expect((await owner.post('/users/me/subscriptions', { subscriptions: [{ name: 'lobby' }] })).status).to.equal(200);
    secretId = (await owner.get('/get_stream_id', { stream: 'board-room' })).body.stream_id as number;
    publicId = (await owner.get('/get_stream_id', { stream: 'lobby' })).body.stream_id as number;
  });
  after(() => server.stop());

  const streamEvents = async (queue: Awaited<ReturnType<typeof registerQueue>>) =>
    ofType(await drain(queue), 'stream').map(({ id: _id, ...rest }) => rest);

  it('a member made administrator learns of the private channel; made member again, loses it', async function () {
    const queue = await registerQueue(rising);
    const before = (queue.state.streams as { stream_id: number }[]).map((s) => s.stream_id);
    expect(before).to.include(publicId).and.not.include(secretId);

    expect((await server.owner.patch(`/users/${rising.userId}`, { role: Role.Administrator })).status).to.equal(200);
    const created = await streamEvents(queue);
    expect(created).to.have.length(1);
    expect(created[0]).to.include({ type: 'stream', op: 'create' });
    expect((created[0].streams as { stream_id: number; name: string; invite_only: boolean; subscriber_count: number }[])[0]).to.include({
      stream_id: secretId,
      name: 'board-room',
      invite_only: true,
      subscriber_count: 1,
    });
    const asAdmin = (await registerQueue(rising)).state.streams as { stream_id: number }[];
    expect(asAdmin.map((s) => s.stream_id)).to.include(secretId);

    expect((await server.owner.patch(`/users/${rising.userId}`, { role: Role.Member })).status).to.equal(200);
    expect(await streamEvents(queue)).to.deep.equal([{ type: 'stream', op: 'delete', streams: [{ stream_id: secretId }], stream_ids: [secretId] }]);
  });
});
