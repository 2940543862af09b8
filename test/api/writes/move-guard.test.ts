import { expect } from 'chai';
import type { StoredEvent } from '@chat/core';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** The message ids each MessagesMoved of the log moved while an earlier MessagesDeleted had deleted them. */
async function movedWhileDeleted(server: TestServer): Promise<number[]> {
  const deleted = new Set<number>();
  const wrong: number[] = [];
  for await (const event of server.ctx.store.readAll() as AsyncIterable<StoredEvent>) {
    if (event.type === 'MessagesDeleted') for (const id of event.data.message_ids) deleted.add(id);
    if (event.type === 'MessagesMoved') wrong.push(...event.data.message_ids.filter((id) => deleted.has(id)));
  }
  return wrong;
}

/**
 * A topic move depends on every message it moves. Deciding a move and the deletion of one of its
 * messages at once, one of them lands first and the other is decided again from what it did: a
 * deleted message is never moved.
 */
describe('a move is guarded by every message it moves', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    await server.owner.post('/users/me/subscriptions', { subscriptions: [{ name: 'moves' }] });
  });
  after(() => server.stop());

  it('never moves a message deleted at the same moment, over many rounds', async () => {
    for (let round = 0; round < 10; round += 1) {
      const send = (content: string) => server.owner.post('/messages', { type: 'stream', to: 'moves', topic: `t${round}`, content });
      const first = (await send('first')).body.id;
      const second = (await send('second')).body.id;
      const [moved, deleted] = await Promise.all([
        server.owner.patch(`/messages/${first}`, { topic: `moved ${round}`, propagate_mode: 'change_all', send_notification_to_old_thread: false, send_notification_to_new_thread: false }),
        server.owner.delete(`/messages/${second}`),
      ]);
      expect([moved.status, deleted.status], `round ${round}`).to.deep.equal([200, 200]);
    }
    expect(await movedWhileDeleted(server)).to.deep.equal([]);
  });
});
