import { expect } from 'chai';
import { NOTIFICATION_BOT } from '@chat/core';
import { createChannels, expectNothingRecorded, subscribe } from '../../support/channel-requests.js';
import { editMessage, edited, messageAs } from '../../support/edit-requests.js';
import { systemGroupIds } from '../../support/group-requests.js';
import { type JsonObject, objectsField } from '../../support/json-fields.js';
import { postToChannel } from '../../support/message-requests.js';
import { registerQueue } from '../../support/realtime-client.js';
import { expectBadRequest, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import type { ApiClient } from '../../support/api-client.js';

describe('PATCH /messages/{id}: resolving topics and the notices moves leave', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient;
  let other: number;
  before(async () => {
    ({ server, alice, bob, carol } = await startServerWith('alice', 'bob', 'carol'));
    [, other] = await createChannels(alice, ['general', 'other']);
    expectSuccess(await subscribe(alice, ['general', 'other'], { principals: [bob.userId, carol.userId] }));
  });
  after(() => server.stop());

  /** The messages of a topic, oldest first, as `client` reads them (Markdown). */
  const topicMessages = async (client: ApiClient, channel: string, topic: string): Promise<JsonObject[]> => {
    const narrow = [{ operator: 'channel', operand: channel }, { operator: 'topic', operand: topic }];
    const res = await client.get('/messages', { anchor: 'newest', num_before: 50, num_after: 0, narrow: JSON.stringify(narrow), apply_markdown: false });
    return objectsField(expectSuccess(res), 'messages');
  };
  /** The notices (messages from the notification bot) in a topic: their Markdown. */
  const notices = async (channel: string, topic: string): Promise<unknown[]> =>
    (await topicMessages(alice, channel, topic)).filter((message) => message.sender_email === NOTIFICATION_BOT.email).map((message) => message.content);
  const mention = (client: ApiClient, name: string): string => `@_**${name}|${client.userId}**`;

  describe('resolving', function () {
    it('renames the whole topic with the ✔ prefix and posts only the resolved notice, which the resolver has read', async function () {
      const ids = [await postToChannel(alice, 'general', 'bug', 'it breaks'), await postToChannel(carol, 'general', 'bug', 'me too')];
      await edited(bob, ids[1], { topic: '✔ bug', propagate_mode: 'change_all' });
      expect(await notices('general', '✔ bug')).to.deep.equal([`${mention(bob, 'Bob')} marked this topic as resolved.`]);
      expect(await topicMessages(alice, 'general', 'bug')).to.deep.equal([]);
      const resolved = await messageAs(alice, ids[0]);
      expect(resolved.subject).to.equal('✔ bug');
      expect(resolved).to.not.have.property('last_moved_timestamp');
      expect(resolved.edit_history).to.deep.equal([{ timestamp: Math.floor(server.clock.now() / 1000), user_id: bob.userId, prev_topic: 'bug', topic: '✔ bug' }]);
      const notice = (await topicMessages(alice, 'general', '✔ bug')).at(-1)!;
      // Alice started the topic, so she follows it: the notice waits for her; Carol's setting marks it read.
      expect((await messageAs(alice, notice.id as number)).flags).to.deep.equal([]);
      expect((await messageAs(bob, notice.id as number)).flags).to.deep.equal(['read']);
      expect((await messageAs(carol, notice.id as number)).flags).to.deep.equal(['read']);
    });

    it('unresolves by taking the prefix off, with its own notice, whatever send_notification_to_new_thread says', async function () {
      const id = await postToChannel(alice, 'general', '✔ done', 'finished');
      await edited(bob, id, { topic: 'done', propagate_mode: 'change_all', send_notification_to_new_thread: false });
      expect(await notices('general', 'done')).to.deep.equal([`${mention(bob, 'Bob')} marked this topic as unresolved.`]);
    });

    it('refuses to resolve the empty topic', async function () {
      const id = await postToChannel(alice, 'general', '', 'general chatter');
      for (const topic of ['✔ ', '✔ general chat', '✔ (no topic)']) {
        await expectNothingRecorded(server, () => editMessage(bob, id, { topic, propagate_mode: 'change_all' }), (res) => expectBadRequest(res, 'cannot be marked as resolved'));
      }
    });

    it('is governed by can_resolve_topics_group, apart from renaming', async function () {
      const id = await postToChannel(alice, 'general', 'question', '?');
      const groups = await systemGroupIds(server.owner);
      expectSuccess(await server.owner.patch('/realm', { can_resolve_topics_group: { new: groups['role:moderators'] } }));
      try {
        await expectNothingRecorded(server, () => editMessage(bob, id, { topic: '✔ question', propagate_mode: 'change_all' }), (res) => expectBadRequest(res, 'resolve topics'));
        await edited(bob, id, { topic: 'a question', send_notification_to_new_thread: false });
      } finally {
        expectSuccess(await server.owner.patch('/realm', { can_resolve_topics_group: { new: groups['role:everyone'] } }));
      }
    });

    it('resolving while moving to another channel posts the resolved notice and the moved notice there', async function () {
      const id = await postToChannel(alice, 'general', 'travel', 'a trip');
      await edited(bob, id, { topic: '✔ travel', stream_id: other, propagate_mode: 'change_all' });
      expect(await notices('other', '✔ travel')).to.deep.equal([
        `${mention(bob, 'Bob')} marked this topic as resolved.`,
        `${mention(bob, 'Bob')} moved this topic here from #**general>travel**.`,
      ]);
    });
  });

  describe('moves', function () {
    it('notify the new topic by default: a whole topic, one message, or several joining a topic', async function () {
      const whole = [await postToChannel(alice, 'general', 'w1', 'a'), await postToChannel(alice, 'general', 'w1', 'b')];
      await edited(bob, whole[0], { topic: 'w2', propagate_mode: 'change_all' });
      expect(await notices('general', 'w2')).to.deep.equal([`${mention(bob, 'Bob')} moved this topic here from #**general>w1**.`]);

      const one = [await postToChannel(alice, 'general', 'o1', 'a'), await postToChannel(alice, 'general', 'o1', 'b')];
      await edited(bob, one[1], { topic: 'o2' });
      expect(await notices('general', 'o2')).to.deep.equal([`${mention(bob, 'Bob')} moved a message (#**general>o2@${one[1]}**) here from #**general>o1**.`]);

      const many = [await postToChannel(alice, 'general', 'm1', 'a'), await postToChannel(alice, 'general', 'm1', 'b')];
      await postToChannel(alice, 'general', 'm2', 'already here');
      await edited(bob, many[0], { topic: 'm2', propagate_mode: 'change_all' });
      expect(await notices('general', 'm2')).to.deep.equal([`${mention(bob, 'Bob')} moved 2 messages here from #**general>m1**.`]);
    });

    it('notify the old topic when asked, and nobody when both are off', async function () {
      const ids = [await postToChannel(alice, 'general', 'left', 'a'), await postToChannel(alice, 'general', 'left', 'b')];
      await edited(bob, ids[1], { topic: 'right', send_notification_to_old_thread: true, send_notification_to_new_thread: false });
      expect(await notices('general', 'left')).to.deep.equal([`${mention(bob, 'Bob')} moved a message from this topic to #**general>right**.`]);
      expect(await notices('general', 'right')).to.deep.equal([]);
      await edited(bob, ids[0], { topic: 'right', propagate_mode: 'change_all', send_notification_to_old_thread: true, send_notification_to_new_thread: false });
      expect((await notices('general', 'left')).at(-1)).to.equal(`${mention(bob, 'Bob')} moved this topic to #**general>right**.`);
      const quiet = await postToChannel(alice, 'general', 'hush', 'a');
      await edited(bob, quiet, { topic: 'hushed', send_notification_to_old_thread: false, send_notification_to_new_thread: false });
      expect([...(await notices('general', 'hush')), ...(await notices('general', 'hushed'))]).to.deep.equal([]);
    });

    it("post as the notification bot, which clients know from cross_realm_bots and no user list holds", async function () {
      const id = await postToChannel(alice, 'general', 'bot check', 'a');
      await edited(bob, id, { topic: 'bot checked' });
      const [notice] = (await topicMessages(alice, 'general', 'bot checked')).filter((message) => message.sender_email === NOTIFICATION_BOT.email);
      const { state } = await registerQueue(alice, { fetch_event_types: ['realm_user'] });
      const bots = objectsField(state, 'cross_realm_bots');
      expect(bots.map((bot) => ({ user_id: bot.user_id, is_bot: bot.is_bot, is_system_bot: bot.is_system_bot, full_name: bot.full_name }))).to.deep.equal([
        { user_id: notice.sender_id, is_bot: true, is_system_bot: true, full_name: NOTIFICATION_BOT.full_name },
      ]);
      expect(objectsField(state, 'realm_users').map((user) => user.user_id)).to.not.include(notice.sender_id);
      expect(objectsField(expectSuccess(await alice.get('/users')), 'members').map((user) => user.user_id)).to.not.include(notice.sender_id);
      expect((await messageAs(bob, notice.id as number)).flags).to.deep.equal(['read']);
      expect((await messageAs(carol, notice.id as number)).flags).to.deep.equal([]);
    });
  });
});
