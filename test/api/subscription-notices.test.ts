import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { botMessages, botMessagesTo } from '../support/bot-messages.js';
import { createChannels, subscribe } from '../support/channel-requests.js';
import { numberField } from '../support/json-fields.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('subscribing others: the notification bot tells them who did it, as the public server does', () => {
  let server: TestServer, admin: ApiClient, member: ApiClient, alice: ApiClient, bob: ApiClient;
  let lobby: number, garden: number, vault: number;

  before(async () => {
    ({ server, admin, member, alice, bob } = await startServerWith('admin', 'member', 'alice', 'bob'));
    [lobby, garden] = await createChannels(admin, ['lobby', 'garden']);
    [vault] = await createChannels(admin, ['vault'], { invite_only: true });
  });
  after(() => server.stop());

  const mention = (client: ApiClient, name: string): string => `@_**${name}|${client.userId}**`;
  const contents = async (userId: number): Promise<string[]> => (await botMessagesTo(server, userId)).map((data) => data.content as string);

  it('one channel: "X subscribed you to #**channel**.", unread, with a message event; the actor is not told', async () => {
    const queue = await registerQueue(alice, { event_types: ['message'] });
    const res = expectSuccess(await subscribe(member, ['lobby'], { principals: [member.userId, alice.userId] }));
    expect(res.new_subscription_messages_sent).to.equal(true);
    const [notice] = await botMessagesTo(server, alice.userId);
    expect(notice.content).to.equal(`${mention(member, 'Mia Member')} subscribed you to #**lobby**.`);
    expect(notice.rendered_content).to.equal(
      `<p><span class="user-mention silent" data-user-id="${member.userId}">Mia Member</span> subscribed you to ` +
        `<a class="stream" data-stream-id="${lobby}" href="/#narrow/channel/${lobby}-lobby">#lobby</a>.</p>`,
    );
    expect(notice.read).to.not.include(alice.userId);
    expect(ofType(await drain(queue), 'message').map((event) => (event.message as { id: number }).id)).to.deep.equal([notice.message_id]);
    expect(await botMessagesTo(server, member.userId)).to.deep.equal([]);
  });

  it('several channels: one message listing them in order of name; already subscribed channels are left out', async () => {
    const res = expectSuccess(await subscribe(admin, ['vault', 'garden', 'lobby'], { principals: [alice.userId, bob.userId] }));
    expect(res.new_subscription_messages_sent).to.equal(true);
    expect((await contents(alice.userId)).at(-1)).to.equal(`${mention(admin, 'Ada Admin')} subscribed you to the following channels:\n\n* #**garden**\n* #**vault**`);
    expect(await contents(bob.userId)).to.deep.equal([`${mention(admin, 'Ada Admin')} subscribed you to the following channels:\n\n* #**garden**\n* #**lobby**\n* #**vault**`]);
    const [bobNotice] = await botMessagesTo(server, bob.userId);
    expect(bobNotice.rendered_content).to.contain(`data-stream-id="${vault}"`).and.contain(`data-stream-id="${garden}"`);
  });

  it('nobody is told of channels the request creates; subscribing oneself tells nobody', async () => {
    const before = (await botMessages(server)).filter((data) => (data.recipient as { type: string }).type === 'direct').length;
    const res = expectSuccess(await subscribe(member, ['brand new', 'lobby'], { principals: [member.userId, bob.userId] }));
    expect(res.subscribed).to.deep.equal({ [String(member.userId)]: ['brand new'], [String(bob.userId)]: ['brand new'] });
    expect(expectSuccess(await subscribe(alice, ['brand new'])).subscribed).to.deep.equal({ [String(alice.userId)]: ['brand new'] });
    const direct = (await botMessages(server)).filter((data) => (data.recipient as { type: string }).type === 'direct');
    expect(direct).to.have.length(before);
  });

  it('send_new_subscription_messages=false: nothing sent, and the answer leaves new_subscription_messages_sent out', async () => {
    await createChannels(admin, ['quiet']);
    const res = expectSuccess(await subscribe(admin, ['quiet'], { principals: [alice.userId], send_new_subscription_messages: false }));
    expect(res).to.not.have.property('new_subscription_messages_sent');
    expect((await contents(alice.userId)).join('\n')).to.not.contain('#**quiet**');
  });

  it(`more than max_bulk_new_subscription_messages (100) users subscribed at once: nobody is told, and the answer says so`, async () => {
    expect((await registerQueue(admin)).state.max_bulk_new_subscription_messages).to.equal(100);
    const ids: number[] = [];
    for (let i = 0; i < 100; i++) {
      ids.push(numberField(expectSuccess(await server.owner.post('/users', { email: `crowd${i}@test.example`, password: `crowd-secret-${i}`, full_name: `Crowd ${i}` })), 'user_id'));
    }
    await createChannels(admin, ['hall', 'square']);
    const exactly = expectSuccess(await subscribe(admin, ['hall'], { principals: ids }));
    expect(Object.keys(exactly.subscribed as object)).to.have.length(100);
    expect(exactly.new_subscription_messages_sent).to.equal(true);
    expect(await contents(ids[0])).to.deep.equal([`${mention(admin, 'Ada Admin')} subscribed you to #**hall**.`]);
    const tooMany = expectSuccess(await subscribe(admin, ['square'], { principals: [member.userId, ...ids] }));
    expect(Object.keys(tooMany.subscribed as object)).to.have.length(101);
    expect(tooMany.new_subscription_messages_sent).to.equal(false);
    expect(await contents(ids[0])).to.have.length(1);
    expect((await contents(member.userId)).join('\n')).to.not.contain('#**square**');
  });
});
