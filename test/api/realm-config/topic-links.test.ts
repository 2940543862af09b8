import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels } from '../../support/channel-requests.js';
import { fetchMessage } from '../../support/message-change-requests.js';
import { postToChannel } from '../../support/message-requests.js';
import { drainAll, ofType, registerQueue } from '../../support/realtime-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('linkifiers: topic_links in message records and events', function () {
  let server: TestServer, admin: ApiClient;

  before(async function () {
    ({ server, admin } = await startServerWith('admin'));
    await createChannels(admin, ['dev']);
    expectSuccess(await admin.post('/realm/filters', { pattern: '#(?P<id>[0-9]+)', url_template: 'https://example.com/issues/{id}' }));
  });
  after(() => server.stop());

  it('links the topic in GET /messages, in the message event and in a move’s update_message event', async function () {
    const queue = await registerQueue(admin, { event_types: ['message', 'update_message'] });
    const id = await postToChannel(admin, 'dev', 'fix #42', 'done');
    const link42 = [{ text: '#42', url: 'https://example.com/issues/42' }];
    expect((await fetchMessage(admin, id)).topic_links).to.deep.equal(link42);
    expect((ofType(await drainAll(queue), 'message')[0].message as { topic_links: unknown }).topic_links).to.deep.equal(link42);
    expectSuccess(await admin.patch(`/messages/${id}`, { topic: 'fix #43 instead' }));
    const moved = ofType(await drainAll(queue), 'update_message')[0];
    expect(moved.topic_links).to.deep.equal([{ text: '#43', url: 'https://example.com/issues/43' }]);
    expect((await fetchMessage(admin, id)).topic_links).to.deep.equal([{ text: '#43', url: 'https://example.com/issues/43' }]);
  });
});
