import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, expectNothingRecorded, subscribe, unsubscribe } from '../../support/channel-requests.js';
import { flagsOn, unreadIds, updateFlags } from '../../support/flag-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { expectExactFailure, expectFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('POST /messages/flags', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient;
  let sideId: number;
  let topicSerial = 0;
  /** A fresh topic of `general` per test, so tests do not see each other's messages. */
  const post = (content = 'hello', channel = 'general') => postToChannel(alice, channel, `topic ${++topicSerial}`, content);

  before(async () => {
    ({ server, alice, bob, carol } = await startServerWith('alice', 'bob', 'carol'));
    [, sideId] = await createChannels(alice, ['general', 'side']);
    expectSuccess(await subscribe(bob, ['general', 'side']));
  });
  after(() => server.stop());

  describe('read', () => {
    it('add: answers the ids given; the messages leave unread_msgs and show the flag', async () => {
      const [m1, m2] = [await post(), await post()];
      expect(await unreadIds(bob)).to.include.members([m1, m2]);
      const body = expectSuccess(await updateFlags(bob, [m1, m2], 'add', 'read'));
      expect(body).to.deep.equal({ result: 'success', msg: '', messages: [m1, m2] });
      expect(await unreadIds(bob)).to.not.include.members([m1]).and.not.include.members([m2]);
      expect(await flagsOn(bob, m1)).to.deep.equal(['read']);
      expect(await flagsOn(bob, m2)).to.deep.equal(['read']);
      // Alice's own flags are hers: bob reading changed nothing for her.
      expect(await flagsOn(alice, m1)).to.not.include('read');
    });

    it('remove: the messages are unread again, and the answer says no channel was skipped', async () => {
      const m = await post();
      expectSuccess(await updateFlags(bob, [m], 'add', 'read'));
      const body = expectSuccess(await updateFlags(bob, [m], 'remove', 'read'));
      expect(body).to.deep.equal({ result: 'success', msg: '', messages: [m], ignored_because_not_subscribed_channels: [] });
      expect(await unreadIds(bob)).to.include(m);
      expect(await flagsOn(bob, m)).to.deep.equal([]);
    });

    it('answers the ids given even when some already have the flag, or are named twice', async () => {
      const [m1, m2] = [await post(), await post()];
      expectSuccess(await updateFlags(bob, [m1], 'add', 'read'));
      const body = expectSuccess(await updateFlags(bob, [m1, m2, m2], 'add', 'read'));
      expect(body.messages).to.deep.equal([m1, m2, m2]);
      expect(await flagsOn(bob, m2)).to.deep.equal(['read']);
    });

    it('remove skips messages of channels the user is not subscribed to, naming those channels (sorted, once)', async () => {
      const [inSide, inSide2, inGeneral] = [await post('a', 'side'), await post('b', 'side'), await post('c')];
      const direct = await postDirect(alice, [bob.userId], 'psst');
      expectSuccess(await updateFlags(bob, [inSide, inSide2, inGeneral, direct], 'add', 'read'));
      expectSuccess(await unsubscribe(bob, ['side']));
      try {
        const body = expectSuccess(await updateFlags(bob, [inSide, inGeneral, inSide2, direct], 'remove', 'read'));
        expect(body).to.deep.equal({ result: 'success', msg: '', messages: [inSide, inGeneral, inSide2, direct], ignored_because_not_subscribed_channels: [sideId] });
        expect(await flagsOn(bob, inSide)).to.deep.equal(['read']);
        expect(await flagsOn(bob, inSide2)).to.deep.equal(['read']);
        expect(await flagsOn(bob, inGeneral)).to.deep.equal([]);
        expect(await flagsOn(bob, direct)).to.deep.equal([]);
        const unread = await unreadIds(bob);
        expect(unread).to.include.members([inGeneral, direct]);
        expect(unread).to.not.include(inSide);
      } finally {
        expectSuccess(await subscribe(bob, ['side']));
      }
    });
  });

  for (const flag of ['starred', 'collapsed']) {
    it(`${flag}: set and cleared, with no channel list in the answer, reading nothing`, async () => {
      const m = await post();
      const added = expectSuccess(await updateFlags(bob, [m], 'add', flag));
      expect(added).to.deep.equal({ result: 'success', msg: '', messages: [m] });
      expect(await flagsOn(bob, m)).to.deep.equal([flag]);
      expect(await unreadIds(bob)).to.include(m);
      const removed = expectSuccess(await updateFlags(bob, [m], 'remove', flag));
      expect(removed).to.deep.equal({ result: 'success', msg: '', messages: [m] });
      expect(await flagsOn(bob, m)).to.deep.equal([]);
    });
  }

  it('GET /messages narrows see the flags as changed (is:starred, is:unread)', async () => {
    const [m1, m2] = [await post(), await post()];
    const listed = async (narrow: string[][]): Promise<number[]> => {
      const body = expectSuccess(await bob.get('/messages', { anchor: 'newest', num_before: 1000, num_after: 0, narrow }));
      return (body.messages as { id: number }[]).map((message) => message.id);
    };
    expectSuccess(await updateFlags(bob, [m1], 'add', 'starred'));
    expectSuccess(await updateFlags(bob, [m2], 'add', 'read'));
    expect(await listed([['is', 'starred']])).to.include(m1).and.not.include(m2);
    expect(await listed([['is', 'unread']])).to.include(m1).and.not.include(m2);
    expectSuccess(await updateFlags(bob, [m1], 'remove', 'starred'));
    expectSuccess(await updateFlags(bob, [m2], 'remove', 'read'));
    expect(await listed([['is', 'starred']])).to.not.include(m1);
    expect(await listed([['is', 'unread']])).to.include.members([m1, m2]);
  });

  it('does not skip unsubscribed channels for flags other than read', async () => {
    const m = await post('x', 'side');
    expectSuccess(await updateFlags(bob, [m], 'add', 'starred'));
    expectSuccess(await unsubscribe(bob, ['side']));
    try {
      expect(expectSuccess(await updateFlags(bob, [m], 'remove', 'starred'))).to.not.have.property('ignored_because_not_subscribed_channels');
      // Leaving the channel marked it read; the star is gone.
      expect(await flagsOn(bob, m)).to.deep.equal(['read']);
    } finally {
      expectSuccess(await subscribe(bob, ['side']));
    }
  });

  describe('refusals (nothing is recorded)', () => {
    it('refuses each flag a user cannot change, naming it', async () => {
      const m = await post();
      for (const flag of ['mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned', 'wildcard_mentioned', 'has_alert_word', 'historical']) {
        for (const op of ['add', 'remove']) {
          await expectNothingRecorded(server, () => updateFlags(bob, [m], op, flag), (res) => expectExactFailure(res, 'BAD_REQUEST', `Flag not editable: '${flag}'`));
        }
      }
    });

    it('refuses an unknown flag, and an unknown operation, naming them', async () => {
      const m = await post();
      await expectNothingRecorded(server, () => updateFlags(bob, [m], 'add', 'shiny'), (res) => expectExactFailure(res, 'BAD_REQUEST', "Invalid flag: 'shiny'"));
      await expectNothingRecorded(server, () => updateFlags(bob, [m], 'toggle', 'read'), (res) => expectExactFailure(res, 'BAD_REQUEST', "Invalid message flag operation: 'toggle'"));
      expect(await flagsOn(bob, m)).to.deep.equal([]);
    });

    it('refuses messages the user cannot read, changing none of the others', async () => {
      const readable = await post();
      const [secretId] = await createChannels(alice, ['secret'], { invite_only: true });
      const inSecret = await postToChannel(alice, secretId, 'plans', 'hush');
      const betweenOthers = await postDirect(alice, [carol.userId], 'just us');
      const unknown = betweenOthers + 1000;
      for (const bad of [inSecret, betweenOthers, unknown]) {
        for (const [op, flag] of [['add', 'starred'], ['add', 'read'], ['remove', 'read']]) {
          await expectNothingRecorded(server, () => updateFlags(bob, [readable, bad], op, flag), (res) => expectExactFailure(res, 'BAD_REQUEST', 'Invalid message(s)'));
        }
      }
      expect(await flagsOn(bob, readable)).to.deep.equal([]);
    });

    it('refuses messages sent before joining a channel whose history is not shared with new subscribers', async () => {
      const [vaultId] = await createChannels(alice, ['vault'], { invite_only: true, history_public_to_subscribers: false });
      const before = await postToChannel(alice, vaultId, 'old', 'before bob');
      expectSuccess(await subscribe(alice, ['vault'], { principals: [bob.userId] }));
      const after = await postToChannel(alice, vaultId, 'new', 'after bob');
      await expectNothingRecorded(server, () => updateFlags(bob, [before], 'add', 'starred'), (res) => expectExactFailure(res, 'BAD_REQUEST', 'Invalid message(s)'));
      expectSuccess(await updateFlags(bob, [after], 'add', 'starred'));
      expect(await flagsOn(bob, after)).to.deep.equal(['starred']);
    });

    it('requires messages, op and flag, and messages as a JSON list of ids', async () => {
      const m = await post();
      for (const missing of ['messages', 'op', 'flag']) {
        const params: Record<string, unknown> = { messages: [m], op: 'add', flag: 'read' };
        delete params[missing];
        expectExactFailure(await bob.post('/messages/flags', params), 'REQUEST_VARIABLE_MISSING', `Missing '${missing}' argument`);
      }
      expectFailure(await bob.post('/messages/flags', { messages: 'not json', op: 'add', flag: 'read' }), 'BAD_REQUEST', 'messages');
      expectFailure(await bob.post('/messages/flags', { messages: ['x'], op: 'add', flag: 'read' }), 'BAD_REQUEST', 'messages');
    });
  });

  describe('messages read from a channel history (never received)', () => {
    let old: number[];
    before(async () => {
      // Carol joins general after these were sent: she may read them, but they are not in her history.
      old = [await post('one'), await post('two'), await post('three'), await post('four')];
      expectSuccess(await subscribe(carol, ['general']));
    });

    it('they show as read and historical', async () => {
      expect(await flagsOn(carol, old[0])).to.deep.equal(['historical', 'read']);
      expect(await unreadIds(carol)).to.not.include(old[0]);
    });

    it('starring one brings it into her history; unstarring keeps it there', async () => {
      expectSuccess(await updateFlags(carol, [old[0]], 'add', 'starred'));
      expect(await flagsOn(carol, old[0])).to.deep.equal(['historical', 'read', 'starred']);
      expectSuccess(await updateFlags(carol, [old[0]], 'remove', 'starred'));
      expect(await flagsOn(carol, old[0])).to.deep.equal(['historical', 'read']);
    });

    it('collapsing one works the same way', async () => {
      expectSuccess(await updateFlags(carol, [old[1]], 'add', 'collapsed'));
      expect(await flagsOn(carol, old[1])).to.deep.equal(['collapsed', 'historical', 'read']);
    });

    it('marking one read changes nothing (it already counts as read); the answer still lists it', async () => {
      expect(expectSuccess(await updateFlags(carol, [old[2]], 'add', 'read'))).to.deep.equal({ result: 'success', msg: '', messages: [old[2]] });
      expect(await flagsOn(carol, old[2])).to.deep.equal(['historical', 'read']);
    });

    it('marking one unread makes it an unread message of her history', async () => {
      expectSuccess(await updateFlags(carol, [old[3]], 'remove', 'read'));
      expect(await flagsOn(carol, old[3])).to.deep.equal(['historical']);
      expect(await unreadIds(carol)).to.include(old[3]);
    });

    it('outside a channel she is subscribed to, marking unread is skipped, while starring still works', async () => {
      const [squareId] = await createChannels(alice, ['square']);
      const m = await postToChannel(alice, 'square', 'news', 'public news');
      const body = expectSuccess(await updateFlags(carol, [m], 'remove', 'read'));
      expect(body.ignored_because_not_subscribed_channels).to.deep.equal([squareId]);
      expect(await flagsOn(carol, m)).to.deep.equal(['historical', 'read']);
      expectSuccess(await updateFlags(carol, [m], 'add', 'starred'));
      expect(await flagsOn(carol, m)).to.deep.equal(['historical', 'read', 'starred']);
    });
  });
});
