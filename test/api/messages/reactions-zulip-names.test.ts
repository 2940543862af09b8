import { unicodeEmojiCode, unicodeEmojiNames } from '@chat/markdown';
import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels } from '../../support/channel-requests.js';
import { react, reactionsOf, unreact } from '../../support/message-change-requests.js';
import { postToChannel } from '../../support/message-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe("messages: reactions with Zulip's emoji names, through the API", function () {
  let server: TestServer, alice: ApiClient;
  let messageId: number;

  before(async function () {
    ({ server, alice } = await startServerWith('alice'));
    await createChannels(alice, ['general']);
    messageId = await postToChannel(alice, 'general', 'emoji', 'react to me');
  });
  after(() => server.stop());

  it("adds Zulip's default quick reactions and the names whose code points differ from GitHub's, with Zulip's codes", async function () {
    for (const emoji_name of ['thumbs_up', 'working_on_it', 'cat', 'big_smile', 'smile']) expectSuccess(await react(alice, messageId, { emoji_name }));
    const reactions = (await reactionsOf(alice, messageId)).map(({ emoji_name, emoji_code }) => [emoji_name, emoji_code]);
    expect(reactions).to.deep.equal([
      ['thumbs_up', '1f44d'],
      ['working_on_it', '1f6e0'],
      ['cat', '1f408'],
      ['big_smile', '1f604'],
      ['smile', '1f642'],
    ]);
    for (const emoji_name of ['thumbs_up', 'working_on_it', 'cat', 'big_smile', 'smile']) expectSuccess(await unreact(alice, messageId, { emoji_name }));
    expect(await reactionsOf(alice, messageId)).to.deep.equal([]);
  });

  it('adds and removes by name, code and type a sequence Zulip writes with U+FE0F', async function () {
    const emoji = { emoji_name: 'transgender_flag', emoji_code: '1f3f3-fe0f-200d-26a7-fe0f', reaction_type: 'unicode_emoji' };
    expectSuccess(await react(alice, messageId, emoji));
    expect(await reactionsOf(alice, messageId)).to.deep.equal([{ ...emoji, user_id: alice.userId }]);
    expectSuccess(await unreact(alice, messageId, { emoji_code: emoji.emoji_code, reaction_type: 'unicode_emoji' }));
  });

  it('adds and removes every 20th name of the table (the deciders are checked with all of them in test/unit/emoji)', async function () {
    const sample = [...unicodeEmojiNames()].filter((_, index) => index % 20 === 0);
    expect(sample).to.have.length(145);
    for (const emoji_name of sample) {
      expectSuccess(await react(alice, messageId, { emoji_name, emoji_code: unicodeEmojiCode(emoji_name)!, reaction_type: 'unicode_emoji' }));
      expectSuccess(await unreact(alice, messageId, { emoji_name }));
    }
    expect(await reactionsOf(alice, messageId)).to.deep.equal([]);
  });
});
