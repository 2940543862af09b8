import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, expectNothingRecorded, subscribe } from '../../support/channel-requests.js';
import { flagsOn } from '../../support/flag-requests.js';
import { systemGroupIds } from '../../support/group-requests.js';
import { numberField } from '../../support/json-fields.js';
import { postDirect, postToChannel, sendToChannel } from '../../support/message-requests.js';
import { messageEvents, onlyMessageEvent, receivedBy, recordOf } from '../../support/message-events.js';
import { drain, ofType, type Queue, registerQueue } from '../../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const WILDCARD = ['stream_wildcard_mentioned', 'wildcard_mentioned'];
const TOPIC_WILDCARD = ['topic_wildcard_mentioned', 'wildcard_mentioned'];

describe('POST /messages: rendering, mentions and per-recipient flags', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient, admin: ApiClient;
  let generalId: number;
  /** Queues of the sender and both receivers, in that order; Bob's and Carol's get HTML, Alice's Markdown. */
  let queues: Queue[];

  before(async function () {
    ({ server, alice, bob, carol, admin } = await startServerWith('alice', 'bob', 'carol', 'admin'));
    [generalId] = await createChannels(alice, ['general']);
    for (const person of [bob, carol]) expectSuccess(await subscribe(person, ['general']));
    queues = [await registerQueue(alice), await registerQueue(bob, { apply_markdown: true }), await registerQueue(carol, { apply_markdown: true })];
  });
  after(() => server.stop());

  /** Sends to general (or wherever `topic` says) and returns each of Alice, Bob and Carol's flags, and Bob's HTML. */
  async function send(content: string, topic = 'rendering'): Promise<{ flags: string[][]; html: string }> {
    const id = await postToChannel(alice, 'general', topic, content, { read_by_sender: false });
    const received = await receivedBy(queues, id);
    expect(received[0].record.content, 'the sender asked for Markdown').to.equal(content);
    const flags = received.map((each) => each.flags);
    // What the events say is what the server keeps.
    expect(await Promise.all([alice, bob, carol].map((person) => flagsOn(person, id)))).to.deep.equal(flags);
    return { flags, html: String(received[1].record.content) };
  }

  describe('Markdown', function () {
    it('is rendered to HTML for clients asking for it, and no raw HTML passes through', async function () {
      const { html } = await send('**bold** <b>raw</b> <script>alert(1)</script> <img src=x onerror=alert(1)>');
      expect(html).to.contain('<strong>bold</strong>');
      expect(html).to.not.contain('<script');
      expect(html).to.not.contain('<b>');
      expect(html).to.not.contain('<img');
      expect(html).to.contain('&lt;script&gt;');
    });

    it('renders emoji shortcodes', async function () {
      expect((await send('well done :smile:')).html).to.equal(
        '<p>well done <span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span></p>',
      );
    });

    it('links channels the sender may read, and no other', async function () {
      expect((await send('see #**general**')).html).to.equal(`<p>see <a class="stream" data-stream-id="${generalId}" href="/#narrow/channel/${generalId}-general">#general</a></p>`);
      await createChannels(carol, ['hideout'], { invite_only: true });
      // Carol's queue got the notice the new channel starts with; only she is subscribed.
      const notices = ofType(await drain(queues[2]), 'message').map((event) => recordOf(event));
      expect(notices.map((record) => [record.display_recipient, record.subject])).to.deep.equal([['hideout', 'channel events']]);
      expect((await send('see #**hideout**')).html).to.not.contain('class="stream"');
    });
  });

  describe('user mentions', function () {
    it('@**Name** and @**Name|id** flag the person mentioned, only them', async function () {
      for (const content of ['hi @**Bob**', `hi @**Bob|${bob.userId}**`, 'hi @**bob**']) {
        const { flags, html } = await send(content);
        expect(flags, content).to.deep.equal([[], ['mentioned'], []]);
        expect(html).to.equal(`<p>hi <span class="user-mention" data-user-id="${bob.userId}">@Bob</span></p>`);
      }
    });

    it('a silent mention @_**Name** is shown and flags nobody', async function () {
      const { flags, html } = await send('thanks @_**Bob**');
      expect(flags).to.deep.equal([[], [], []]);
      expect(html).to.equal(`<p>thanks <span class="user-mention silent" data-user-id="${bob.userId}">Bob</span></p>`);
    });

    it('mentioning oneself flags oneself; an unknown name is plain text', async function () {
      expect((await send('note to @**Alice**')).flags).to.deep.equal([['mentioned'], [], []]);
      const { flags, html } = await send('hi @**Nobody Here**');
      expect(flags).to.deep.equal([[], [], []]);
      expect(html).to.equal('<p>hi @<strong>Nobody Here</strong></p>');
    });

    it('a mention of someone who does not receive the message flags nobody', async function () {
      const id = await postDirect(alice, [bob.userId], 'have you asked @**Carol**?', { read_by_sender: false });
      expect((await receivedBy(queues.slice(0, 2), id)).map((each) => each.flags)).to.deep.equal([[], []]);
      expect(await messageEvents(queues[2])).to.deep.equal([]);
    });
  });

  describe('group mentions', function () {
    let groups: Record<string, number>;
    before(async function () {
      groups = await systemGroupIds(alice);
      expectSuccess(await alice.post('/user_groups/create', { name: 'team', description: 'Bob and friends', members: [bob.userId] }));
      expectSuccess(await admin.post('/user_groups/create', { name: 'board', description: '', members: [carol.userId], can_mention_group: groups['role:administrators'] }));
    });

    it('@*group* flags its members; a silent one @_*group* nobody', async function () {
      const { flags, html } = await send('ping @*team*');
      expect(flags).to.deep.equal([[], ['mentioned'], []]);
      expect(html).to.match(/<span class="user-group-mention" data-user-group-id="\d+">@team<\/span>/);
      expect((await send('fyi @_*team*')).flags).to.deep.equal([[], [], []]);
    });

    it("refuses a group mention outside the group's can_mention_group, recording nothing; its holders may", async function () {
      await expectNothingRecorded(server, () => sendToChannel(alice, 'general', 'rendering', 'hello @*board*'), (res) =>
        expectExactFailure(res, 'BAD_REQUEST', "You are not allowed to mention user group 'board'."),
      );
      const id = await postToChannel(admin, 'general', 'rendering', 'hello @*board*');
      const received = await receivedBy(queues, id);
      expect(received.map((each) => each.flags)).to.deep.equal([[], [], ['mentioned']]);
      // A silent mention of it is allowed to anyone.
      expect((await send('about @_*board*')).flags).to.deep.equal([[], [], []]);
    });
  });

  describe('wildcard mentions', function () {
    for (const word of ['all', 'everyone', 'channel', 'stream']) {
      it(`@**${word}** flags every receiver as stream_wildcard_mentioned (and the deprecated wildcard_mentioned)`, async function () {
        const { flags, html } = await send(`@**${word}** look`);
        expect(flags).to.deep.equal([WILDCARD, WILDCARD, WILDCARD]);
        expect(html).to.equal(`<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@${word}</span> look</p>`);
      });
    }

    it("@**topic** flags the topic's participants (the sender among them) as topic_wildcard_mentioned", async function () {
      await postToChannel(bob, 'general', 'wildcards', 'I was here first');
      for (const queue of queues) await onlyMessageEvent(queue);
      expect((await send('@**topic** anyone?', 'wildcards')).flags).to.deep.equal([TOPIC_WILDCARD, TOPIC_WILDCARD, []]);
    });

    it('silent wildcards flag nobody', async function () {
      expect((await send('@_**all** and @_**topic**')).flags).to.deep.equal([[], [], []]);
    });

    it('in a direct message @**all** reaches every participant; @**topic** nobody', async function () {
      const all = await postDirect(alice, [bob.userId], '@**all** hello', { read_by_sender: false });
      expect((await receivedBy(queues.slice(0, 2), all)).map((each) => each.flags)).to.deep.equal([WILDCARD, WILDCARD]);
      const topic = await postDirect(alice, [bob.userId], '@**topic** hello', { read_by_sender: false });
      expect((await receivedBy(queues.slice(0, 2), topic)).map((each) => each.flags)).to.deep.equal([[], []]);
    });
  });

  describe('alert words', function () {
    it("flag has_alert_word for receivers whose alert words the content contains, never for the sender's own", async function () {
      expectSuccess(await bob.post('/users/me/alert_words', { alert_words: ['pizza', 'release train'] }));
      expectSuccess(await alice.post('/users/me/alert_words', { alert_words: ['pizza'] }));
      expect((await send('Pizza time!')).flags).to.deep.equal([[], ['has_alert_word'], []]);
      expect((await send('the Release Train leaves at noon')).flags).to.deep.equal([[], ['has_alert_word'], []]);
      expect((await send('pizzas are not pizza-adjacent? pizzeria')).flags).to.deep.equal([[], ['has_alert_word'], []]);
      expect((await send('pizzeria and release trains')).flags).to.deep.equal([[], [], []]);
    });

    it('combine with mentions, and hold in direct messages', async function () {
      expect((await send('@**Bob** pizza?')).flags).to.deep.equal([[], ['has_alert_word', 'mentioned'], []]);
      const id = await postDirect(carol, [bob.userId, alice.userId], 'pizza for everyone', { read_by_sender: false });
      expect((await receivedBy(queues, id)).map((each) => each.flags)).to.deep.equal([['has_alert_word'], ['has_alert_word'], []]);
    });

    it('stop flagging once removed', async function () {
      expectSuccess(await bob.delete('/users/me/alert_words', { alert_words: ['PIZZA'] }));
      expect((await send('pizza again')).flags).to.deep.equal([[], [], []]);
    });
  });

  describe('wildcard mentions in a crowd (more than 15 people)', function () {
    let crowd: ApiClient[];
    before(async function () {
      crowd = [];
      for (let index = 0; index < 16; index++) crowd.push(await server.createUser(`Crowd ${index}`));
      await createChannels(admin, ['crowded'], { principals: crowd.map((person) => person.userId) });
      await createChannels(admin, ['cosy'], { principals: crowd.slice(0, 14).map((person) => person.userId).concat(alice.userId) });
    });

    it('refuses a channel wildcard from a sender outside can_mention_many_users_group, recording nothing', async function () {
      for (const word of ['all', 'everyone', 'channel']) {
        await expectNothingRecorded(server, () => sendToChannel(alice, 'crowded', 'news', `@**${word}** hi`), (res) =>
          expectExactFailure(res, 'STREAM_WILDCARD_MENTION_NOT_ALLOWED', 'You do not have permission to use channel wildcard mentions in this channel.'),
        );
      }
      await postToChannel(alice, 'crowded', 'news', '@_**all** a silent one is fine');
      // Fifteen subscribers (Alice among them) are few enough.
      await postToChannel(alice, 'cosy', 'news', '@**all** hi');
      await postToChannel(admin, 'crowded', 'news', '@**all** administrators may');
    });

    it('refuses a topic wildcard in a topic with more than 15 participants', async function () {
      for (const person of crowd) await postToChannel(person, 'crowded', 'busy', 'me too');
      await expectNothingRecorded(server, () => sendToChannel(alice, 'crowded', 'busy', '@**topic** hi'), (res) =>
        expectExactFailure(res, 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED', 'You do not have permission to use topic wildcard mentions in this topic.'),
      );
      await postToChannel(alice, 'crowded', 'quiet', '@**topic** a new topic has one participant');
    });

    it('allows both to members of can_mention_many_users_group', async function () {
      expectSuccess(await server.owner.patch('/realm', { can_mention_many_users_group: { new: { direct_members: [alice.userId], direct_subgroups: [] } } }));
      const id = numberField(expectSuccess(await sendToChannel(alice, 'crowded', 'busy', '@**topic** and @**all**')), 'id');
      expect(id).to.be.greaterThan(0);
    });
  });
});
