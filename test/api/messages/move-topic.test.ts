import { expect } from 'chai';
import { createChannels, expectNothingRecorded, subscribe } from '../../support/channel-requests.js';
import { advanceSeconds, editMessage, edited, messageAs, placeOf } from '../../support/edit-requests.js';
import { systemGroupIds } from '../../support/group-requests.js';
import { objectsField } from '../../support/json-fields.js';
import { postToChannel } from '../../support/message-requests.js';
import { expectBadRequest, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import type { ApiClient } from '../../support/api-client.js';

describe('PATCH /messages/{id}: moving to another topic', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient, moderator: ApiClient;
  let general: number;
  before(async () => {
    ({ server, alice, bob, carol, moderator } = await startServerWith('alice', 'bob', 'carol', 'moderator'));
    [general] = await createChannels(alice, ['general']);
    for (const client of [bob, carol, moderator]) expectSuccess(await subscribe(client, ['general']));
  });
  after(() => server.stop());

  const nowSeconds = (): number => Math.floor(server.clock.now() / 1000);
  /** Posts to a fresh topic, one message per content, alternating nobody in particular: alice sends them all. */
  const topicOf = async (topic: string, count: number): Promise<number[]> => {
    const ids = [];
    for (let i = 0; i < count; i++) ids.push(await postToChannel(alice, 'general', topic, `${topic} ${i}`));
    return ids;
  };
  const topicsOf = async (ids: number[]): Promise<unknown[]> => Promise.all(ids.map(async (id) => (await placeOf(alice, id)).subject));
  const setRealm = async (params: Record<string, unknown>): Promise<void> => {
    expectSuccess(await server.owner.patch('/realm', params));
  };

  it('change_one (the default) moves the message named, recording the move in its history', async function () {
    const ids = await topicOf('one', 3);
    await edited(bob, ids[1], { topic: 'one moved', send_notification_to_new_thread: false });
    expect(await topicsOf(ids)).to.deep.equal(['one', 'one moved', 'one']);
    const moved = await messageAs(alice, ids[1]);
    expect(moved.last_moved_timestamp).to.equal(nowSeconds());
    expect(moved).to.not.have.property('last_edit_timestamp');
    expect(moved.edit_history).to.deep.equal([{ timestamp: nowSeconds(), user_id: bob.userId, prev_topic: 'one', topic: 'one moved' }]);
  });

  it('takes the old parameter name subject for topic', async function () {
    const [id] = await topicOf('old name', 1);
    await edited(bob, id, { subject: 'new name', send_notification_to_new_thread: false });
    expect(await topicsOf([id])).to.deep.equal(['new name']);
  });

  it('change_later moves the message named and those after it; change_all the whole topic', async function () {
    const later = await topicOf('later', 3);
    await edited(bob, later[1], { topic: 'later moved', propagate_mode: 'change_later', send_notification_to_new_thread: false });
    expect(await topicsOf(later)).to.deep.equal(['later', 'later moved', 'later moved']);
    const all = await topicOf('all', 3);
    await edited(bob, all[1], { topic: 'all moved', propagate_mode: 'change_all', send_notification_to_new_thread: false });
    expect(await topicsOf(all)).to.deep.equal(['all moved', 'all moved', 'all moved']);
    expect(objectsField(await messageAs(alice, all[0]), 'edit_history')[0]).to.include({ user_id: bob.userId, prev_topic: 'all', topic: 'all moved' });
  });

  it('reads "(no topic)" and the display name as the empty topic, and refuses it where the channel requires topics', async function () {
    const [id] = await topicOf('named', 1);
    await edited(bob, id, { topic: '(no topic)', send_notification_to_new_thread: false });
    expect((await placeOf(alice, id)).subject).to.equal('');
    await edited(bob, id, { topic: 'named', send_notification_to_new_thread: false });
    expectSuccess(await alice.patch(`/streams/${general}`, { topics_policy: 'disable_empty_topic' }));
    try {
      await expectNothingRecorded(server, () => editMessage(bob, id, { topic: 'general chat' }), (res) => expectBadRequest(res, "Invalid 'topic'"));
    } finally {
      expectSuccess(await alice.patch(`/streams/${general}`, { topics_policy: 'inherit' }));
    }
  });

  it('refuses movers outside can_move_messages_between_topics_group, recording nothing', async function () {
    const [id] = await topicOf('guarded', 1);
    const groups = await systemGroupIds(server.owner);
    await setRealm({ can_move_messages_between_topics_group: { new: groups['role:moderators'] } });
    try {
      await expectNothingRecorded(server, () => editMessage(bob, id, { topic: 'elsewhere' }), (res) => expectBadRequest(res, "You don't have permission"));
      await edited(moderator, id, { topic: 'elsewhere', send_notification_to_new_thread: false });
    } finally {
      await setRealm({ can_move_messages_between_topics_group: { new: groups['role:everyone'] } });
    }
  });

  describe('time limits', function () {
    before(async () => setRealm({ move_messages_within_stream_limit_seconds: 3600 }));
    after(async () => setRealm({ move_messages_within_stream_limit_seconds: 604800 }));

    it('refuses a member a move past the limit with MOVE_MESSAGES_TIME_LIMIT_EXCEEDED and what may still move', async function () {
      const [old] = await topicOf('aging', 1);
      advanceSeconds(server, 7200);
      const [mid, last] = await topicOf('aging', 2);
      const expected = { first_message_id_allowed_to_move: mid, total_messages_in_topic: 3, total_messages_allowed_to_move: 2 };
      for (const [id, propagate_mode] of [[last, 'change_all'], [old, 'change_one'], [old, 'change_later']] as const) {
        await expectNothingRecorded(
          server,
          () => editMessage(bob, id, { topic: 'fresh', propagate_mode }),
          (res) => {
            expect(res.status, JSON.stringify(res.body)).to.equal(400);
            expect(res.body).to.include({ result: 'error', code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', ...expected });
            expect(res.body.msg).to.contain('2 most recent of the 3');
          },
        );
      }
      // The part that may move, moves.
      await edited(bob, mid, { topic: 'fresh', propagate_mode: 'change_later', send_notification_to_new_thread: false });
      expect(await topicsOf([old, mid, last])).to.deep.equal(['aging', 'fresh', 'fresh']);
    });

    it('answers first_message_id_allowed_to_move null when nothing may move', async function () {
      const ids = await topicOf('ancient', 2);
      advanceSeconds(server, 7200);
      const res = await editMessage(bob, ids[1], { topic: 'new', propagate_mode: 'change_all' });
      expect(res.body).to.include({ code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', first_message_id_allowed_to_move: null, total_messages_in_topic: 2, total_messages_allowed_to_move: 0 });
    });

    it('does not limit moderators, nor resolving a topic', async function () {
      const ids = await topicOf('old news', 2);
      advanceSeconds(server, 7200);
      await edited(bob, ids[0], { topic: '✔ old news', propagate_mode: 'change_all' });
      await edited(moderator, ids[0], { topic: 'older news', propagate_mode: 'change_all', send_notification_to_new_thread: false });
      expect(await topicsOf(ids)).to.deep.equal(['older news', 'older news']);
    });
  });

  describe('a private channel with protected history', function () {
    let secret: number;
    let before: number;
    let after: number[];
    beforeEach(async () => {
      const name = `secret-${nowSeconds()}`;
      [secret] = await createChannels(alice, [name], { invite_only: true, history_public_to_subscribers: false });
      before = await postToChannel(alice, name, 'plans', 'before carol');
      advanceSeconds(server, 10);
      expectSuccess(await subscribe(alice, [name], { principals: [carol.userId] }));
      after = [await postToChannel(alice, name, 'plans', 'after 1'), await postToChannel(alice, name, 'plans', 'after 2')];
      advanceSeconds(server, 1);
    });

    it('moves only the messages the mover can read, without error', async function () {
      await edited(carol, after[1], { topic: 'new plans', propagate_mode: 'change_all', send_notification_to_new_thread: false });
      expect(await topicsOf([before, ...after])).to.deep.equal(['plans', 'new plans', 'new plans']);
      expect((await placeOf(alice, before)).stream_id).to.equal(secret);
    });

    it('counts only those messages against the time limit', async function () {
      await setRealm({ move_messages_within_stream_limit_seconds: 3600 });
      try {
        advanceSeconds(server, 7200);
        const fresh = await postToChannel(alice, (await messageAs(alice, before)).display_recipient as string, 'plans', 'fresh');
        const res = await editMessage(carol, fresh, { topic: 'new plans', propagate_mode: 'change_all' });
        expect(res.body).to.include({ code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', first_message_id_allowed_to_move: fresh, total_messages_in_topic: 3, total_messages_allowed_to_move: 1 });
      } finally {
        await setRealm({ move_messages_within_stream_limit_seconds: 604800 });
      }
    });
  });
});
