import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { edited } from '../../support/edit-requests.js';
import { deleteMessage } from '../../support/message-change-requests.js';
import { idsOfNarrow } from '../../support/message-reads.js';
import { postToChannel } from '../../support/message-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const PUBLIC: unknown[] = [['channels', 'public']];

describe('search: never across permissions', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient, outsider: ApiClient;
  let general: number, secret: number;

  before(async () => {
    ({ server, alice, bob, outsider } = await startServerWith('alice', 'bob', 'outsider'));
    [general] = await createChannels(alice, ['general']);
    expectSuccess(await subscribe(outsider, ['general']));
    [secret] = await createChannels(alice, ['secret'], { invite_only: true, principals: [alice.userId, bob.userId] });
  });
  after(() => server.stop());

  /** Whether each client finds the words, in their history and across public channels. */
  async function finds(client: ApiClient, words: string): Promise<number[][]> {
    return [await idsOfNarrow(client, [['search', words]]), await idsOfNarrow(client, [...PUBLIC, ['search', words]])];
  }

  it('a private channel message is found by its subscribers only, never by an outsider, whatever the operators', async () => {
    const id = await postToChannel(bob, 'secret', 'plans', 'classified launch plans');
    expect((await finds(alice, 'classified'))[0]).to.deep.equal([id]);
    expect(await finds(outsider, 'classified')).to.deep.equal([[], []]);
    expect(await finds(server.owner, 'classified launch')).to.deep.equal([[], []]);
    expect(await idsOfNarrow(outsider, [['search', 'plans'], ['-channel', 'general']])).to.deep.equal([]);
    expect(await idsOfNarrow(outsider, [['-search', 'nothing'], ...PUBLIC])).to.not.include(id);
  });

  it('a message moved into the private channel is no longer found by those who lost access', async () => {
    const id = await postToChannel(alice, 'general', 'moving', 'relocation notice');
    expect(await finds(outsider, 'relocation')).to.deep.equal([[id], [id]]);
    await edited(alice, id, { stream_id: secret, send_notification_to_new_thread: false });
    expect(await finds(outsider, 'relocation')).to.deep.equal([[], []]);
    expect(await finds(server.owner, 'relocation')).to.deep.equal([[], []]);
    expect((await finds(bob, 'relocation'))[0]).to.deep.equal([id]);
  });

  it('a message moved out of the private channel becomes findable across public channels', async () => {
    const id = await postToChannel(bob, 'secret', 'reveal', 'unveiled roadmap');
    expect(await finds(outsider, 'unveiled')).to.deep.equal([[], []]);
    await edited(alice, id, { stream_id: general, topic: 'public roadmap', send_notification_to_new_thread: false });
    expect((await finds(outsider, 'unveiled'))[1]).to.deep.equal([id]);
    expect((await finds(outsider, 'public roadmap'))[1]).to.deep.equal([id]);
    expect(await idsOfNarrow(outsider, [...PUBLIC, ['search', 'reveal']])).to.deep.equal([]);
  });

  it('follows edits of content and topic, and forgets deleted messages', async () => {
    const id = await postToChannel(alice, 'general', 'draft', 'obsolete wording');
    await edited(alice, id, { content: 'current wording' });
    expect((await finds(outsider, 'obsolete'))).to.deep.equal([[], []]);
    expect((await finds(outsider, 'current'))).to.deep.equal([[id], [id]]);
    await edited(alice, id, { topic: 'final text', send_notification_to_new_thread: false });
    expect((await finds(outsider, 'final wording'))).to.deep.equal([[id], [id]]);
    expect((await finds(outsider, 'draft'))).to.deep.equal([[], []]);
    expectSuccess(await deleteMessage(alice, id));
    expect((await finds(alice, 'current'))).to.deep.equal([[], []]);
    expect((await finds(outsider, 'wording'))).to.deep.equal([[], []]);
  });
});
