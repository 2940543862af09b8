import { decideAddReaction, decideRemoveReaction, type MessageReaction, type ReactionContext } from '@chat/core';
import { unicodeEmojiCode, unicodeEmojiNames } from '@chat/markdown';
import { expect } from 'chai';
import { checkedEmoji, emojiCatalogOf } from '../../../services/api/src/actions/emoji-catalog.js';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aMessageState } from '../../support/message-state-factory.js';

const ALICE = 4;
const context = (reactions: MessageReaction[] = []): ReactionContext => ({ userId: ALICE, message: aMessageState({ sender_id: 7, reactions }), inHistory: true, emoji: emojiCatalogOf([]) });

/** The deciders and catalogue the reaction endpoints use, for every name of Zulip's table. */
describe('reactions accept every name of Zulip’s emoji table', function () {
  const names = [...unicodeEmojiNames()];

  it('adds and removes a reaction by name alone, and by name, code and type, for each of the 2,887 names', function () {
    expect(names).to.have.length(2887);
    for (const name of names) {
      const emoji = { emoji_name: name, emoji_code: unicodeEmojiCode(name)!, reaction_type: 'unicode_emoji' };
      const expected = { type: 'ReactionAdded', data: { message_id: 50, user_id: ALICE, ...emoji, historical: false } };
      expect(decideAddReaction(context(), { emoji_name: name }), name).to.deep.equal(expected);
      expect(decideAddReaction(context(), emoji), name).to.deep.equal(expected);
      const removed = decideRemoveReaction(context([{ ...emoji, user_id: ALICE }]), { emoji_code: emoji.emoji_code, reaction_type: 'unicode_emoji' });
      expect(removed.data, name).to.deep.equal({ message_id: 50, user_id: ALICE, ...emoji });
    }
  });

  it('uses Zulip’s code points for the names where GitHub’s table differs', function () {
    const codeOf = (emoji_name: string) => decideAddReaction(context(), { emoji_name }).data.emoji_code;
    expect(['cat', 'thumbs_up', 'working_on_it'].map(codeOf)).to.deep.equal(['1f408', '1f44d', '1f6e0']);
  });

  it('accepts the codes Zulip writes with U+FE0F, and refuses them without it', function () {
    const emoji = { emoji_name: 'eye_in_speech_bubble', emoji_code: '1f441-fe0f-200d-1f5e8-fe0f', reaction_type: 'unicode_emoji' };
    expect(decideAddReaction(context(), emoji).data.emoji_code).to.equal('1f441-fe0f-200d-1f5e8-fe0f');
    expectApiError(() => decideAddReaction(context(), { ...emoji, emoji_code: '1f441-200d-1f5e8' }), refused("Invalid emoji code '1f441-200d-1f5e8'"));
  });
});

describe('checkedEmoji (user status and other emoji choices)', function () {
  const custom = [{ id: '3', name: 'party_parrot', source_url: '/user_avatars/2/emoji/images/3.gif', deactivated: false }];

  it('resolves a name alone, custom emoji first', function () {
    expect(checkedEmoji(custom, { emoji_name: 'working_on_it' })).to.deep.equal({ emoji_name: 'working_on_it', emoji_code: '1f6e0', reaction_type: 'unicode_emoji' });
    expect(checkedEmoji(custom, { emoji_name: 'party_parrot' })).to.deep.equal({ emoji_name: 'party_parrot', emoji_code: '3', reaction_type: 'realm_emoji' });
    expect(checkedEmoji(custom, { emoji_name: 'zulip', reaction_type: 'service_extra_emoji' })).to.deep.equal({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
  });

  it('checks a given code against the name in its namespace', function () {
    expect(checkedEmoji([], { emoji_name: 'cat', emoji_code: '1f408', reaction_type: 'unicode_emoji' })).to.deep.equal({ emoji_name: 'cat', emoji_code: '1f408', reaction_type: 'unicode_emoji' });
    expectApiError(() => checkedEmoji([], { emoji_name: 'cat', emoji_code: '1f431' }), refused("Invalid emoji name 'cat' for emoji code '1f431'"));
    expectApiError(() => checkedEmoji([], { emoji_name: 'no_such_emoji' }), refused("Invalid 'emoji_name': emoji 'no_such_emoji' does not exist"));
    expectApiError(() => checkedEmoji([], { emoji_name: 'cat', reaction_type: 'sticker' }), refused("Invalid 'reaction_type': 'sticker'"));
    expectApiError(() => checkedEmoji(custom, { emoji_name: 'party_parrot', emoji_code: '4', reaction_type: 'realm_emoji' }), refused("Invalid custom emoji code '4'"));
  });
});
