import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { expect } from 'chai';
import type { RouteCall } from '@chat/http';
import { register } from '../../../services/api/src/register/register-endpoint.js';
import type { ServerContext } from '../../../services/api/src/server-context.js';
import type { ApiClient } from '../../support/api-client.js';
import { postDirect } from '../../support/message-requests.js';
import { SharedModelsProcess } from '../../support/shared-models-process.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

function registerCall(user: ApiClient): RouteCall {
  const req = new IncomingMessage(new Socket());
  return {
    params: { event_types: ['message'], fetch_event_types: ['message'] },
    path: {},
    caller: { user_id: user.userId, email: 'alice@test.example' },
    requestId: 'register-queue-start',
    retry: null,
    client: 'queue-start-test',
    ignored: [],
    raw: { req, res: new ServerResponse(req) },
    files: [],
  };
}

/** The message ids the queue delivers, polled through the server (the other process): feeds are shared. */
async function deliveredMessageIds(user: ApiClient, queueId: unknown, lastEventId: unknown): Promise<number[]> {
  const res = await user.get('/events', { queue_id: queueId, last_event_id: lastEventId, dont_block: true });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  const events = res.body.events as { type: string; message?: { id: number } }[];
  return events.filter((event) => event.type === 'message').map((event) => event.message?.id ?? -1);
}

/**
 * Register in a process whose runner is behind the shared read models another process wrote: the
 * snapshot (max_message_id) and the queue must meet exactly, with no message in both.
 */
describe('register across processes: the queue starts where its snapshot ends', () => {
  let server: TestServer;
  let other: SharedModelsProcess;
  let alice: ApiClient;

  beforeEach(async () => {
    server = await startTestServer();
    alice = await server.createUser('Alice');
    other = await SharedModelsProcess.start(server);
  });
  afterEach(async () => {
    await other.stop();
    await server.stop();
  });

  async function registerBehind(ctx: ServerContext): Promise<{ queueId: unknown; lastEventId: unknown; maxMessageId: number; sent: number }> {
    other.lag();
    // The server applies the message to the shared models; the other process has not seen it yet.
    const sent = await postDirect(server.owner, [alice.userId], 'written while the other process lags');
    setTimeout(() => other.catchUp(), 50);
    const answer = await register(ctx, registerCall(alice));
    other.catchUp();
    await other.runner.waitFor(await server.ctx.store.headPosition());
    return { queueId: answer.queue_id, lastEventId: answer.last_event_id, maxMessageId: Number(answer.max_message_id), sent };
  }

  it('with shared read models, catches up first: a message in the snapshot is not delivered again, a later one once', async () => {
    const { queueId, lastEventId, maxMessageId, sent } = await registerBehind(other.context(true));
    expect(maxMessageId).to.equal(sent);
    expect(await deliveredMessageIds(alice, queueId, lastEventId)).to.deep.equal([]);
    const later = await postDirect(server.owner, [alice.userId], 'after register');
    await other.runner.waitFor(await server.ctx.store.headPosition());
    expect(await deliveredMessageIds(alice, queueId, lastEventId)).to.deep.equal([later]);
  });

  it('without the check (models taken as this process’s own), the same message reaches both the snapshot and the queue', async () => {
    const { queueId, lastEventId, maxMessageId, sent } = await registerBehind(other.context(false));
    expect(maxMessageId).to.equal(sent);
    expect(await deliveredMessageIds(alice, queueId, lastEventId)).to.deep.equal([sent]);
  });
});
