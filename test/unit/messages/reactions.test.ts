import { expect } from 'chai';
import { decideAddReaction, decideRemoveReaction, type MessageReaction, type ReactionContext } from '@chat/core';
import { emojiCatalog } from '../../../services/api/src/actions/emoji-catalog.js';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aMessageState } from '../../support/message-state-factory.js';

const ALICE = 4;
const BOB = 7;

const thumbs = (user_id: number, emoji_name = 'thumbs_up'): MessageReaction => ({ emoji_name, emoji_code: '1f44d', reaction_type: 'unicode_emoji', user_id });

const context = (reactions: MessageReaction[] = [], inHistory = true): ReactionContext => ({ userId: ALICE, message: aMessageState({ sender_id: BOB, reactions }), inHistory, emoji: emojiCatalog });
const added = (emoji: Omit<MessageReaction, 'user_id'>, historical = false) => ({ type: 'ReactionAdded', data: { message_id: 50, user_id: ALICE, ...emoji, historical } });
const THUMBS = { emoji_name: 'thumbs_up', emoji_code: '1f44d', reaction_type: 'unicode_emoji' };
const notExisting = { code: 'REACTION_DOES_NOT_EXIST', status: 400, mentions: "Reaction doesn't exist." };

describe('decideAddReaction', function () {
  it('finds the code and type from the name alone', function () {
    expect(decideAddReaction(context(), { emoji_name: 'thumbs_up' })).to.deep.equal(added(THUMBS));
    expect(decideAddReaction(context(), { emoji_name: '+1' })).to.deep.equal(added({ ...THUMBS, emoji_name: '+1' }));
  });

  it('accepts a name with its code, with or without the type', function () {
    expect(decideAddReaction(context(), { emoji_name: 'thumbs_up', emoji_code: '1f44d' })).to.deep.equal(added(THUMBS));
    expect(decideAddReaction(context(), { emoji_name: 'thumbs_up', emoji_code: '1f44d', reaction_type: 'unicode_emoji' })).to.deep.equal(added(THUMBS));
  });

  it('takes the built-in extra emoji by name, and by its code under either spelling of its type', function () {
    const zulip = { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' };
    expect(decideAddReaction(context(), { emoji_name: 'zulip' })).to.deep.equal(added(zulip));
    for (const reaction_type of ['zulip_extra_emoji', 'service_extra_emoji']) {
      expect(decideAddReaction(context(), { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type })).to.deep.equal(added(zulip));
    }
  });

  it('refuses a code that is not the name’s, an unknown code, an unknown name and an unknown type', function () {
    expectApiError(() => decideAddReaction(context(), { emoji_name: 'smile', emoji_code: '1f44d' }), refused("Invalid emoji name 'smile' for emoji code '1f44d'"));
    expectApiError(() => decideAddReaction(context(), { emoji_name: 'smile', emoji_code: 'fffff' }), refused("Invalid emoji code 'fffff'"));
    expectApiError(() => decideAddReaction(context(), { emoji_name: 'no_such_emoji' }), refused("emoji 'no_such_emoji' does not exist"));
    expectApiError(() => decideAddReaction(context(), { emoji_name: 'smile', reaction_type: 'sticker' }), refused("Invalid 'reaction_type': 'sticker'"));
    expectApiError(() => decideAddReaction(context(), { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'unicode_emoji' }), refused("Invalid emoji code 'zulip'"));
  });

  it('refuses every realm_emoji code while the organization has no custom emoji', function () {
    expectApiError(() => decideAddReaction(context(), { emoji_name: 'green_tick', emoji_code: '1', reaction_type: 'realm_emoji' }), refused("Invalid custom emoji code '1'"));
  });

  it('refuses a reaction the user already has, as REACTION_ALREADY_EXISTS', function () {
    expectApiError(() => decideAddReaction(context([thumbs(ALICE)]), { emoji_name: '+1' }), { code: 'REACTION_ALREADY_EXISTS', status: 400, mentions: 'Reaction already exists.' });
  });

  it("votes for another user's reaction with the same emoji under that reaction's name, without checking it again", function () {
    expect(decideAddReaction(context([thumbs(BOB)]), { emoji_name: '+1' })).to.deep.equal(added(THUMBS));
    const retired = { emoji_name: 'old_name', emoji_code: '1f44d', reaction_type: 'unicode_emoji', user_id: BOB };
    expect(decideAddReaction(context([retired]), { emoji_name: 'whatever', emoji_code: '1f44d' })).to.deep.equal(added({ ...THUMBS, emoji_name: 'old_name' }));
  });

  it('marks the reaction historical when the message is not in the user’s history', function () {
    expect(decideAddReaction(context([], false), { emoji_name: 'thumbs_up' })).to.deep.equal(added(THUMBS, true));
  });
});

describe('decideRemoveReaction', function () {
  const removed = (emoji: Omit<MessageReaction, 'user_id'>) => ({ type: 'ReactionRemoved', data: { message_id: 50, user_id: ALICE, ...emoji } });

  it("removes the user's own reaction found by name, by code, or both, with the name it was given", function () {
    const reactions = [thumbs(BOB, '+1'), thumbs(ALICE, '+1')];
    for (const req of [{ emoji_name: 'thumbs_up' }, { emoji_code: '1f44d' }, { emoji_name: '+1', emoji_code: '1f44d', reaction_type: 'unicode_emoji' }]) {
      expect(decideRemoveReaction(context(reactions), req)).to.deep.equal(removed({ ...THUMBS, emoji_name: '+1' }));
    }
  });

  it('finds an extra emoji reaction by its name or code', function () {
    const zulip = { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' };
    for (const req of [{ emoji_name: 'zulip' }, { emoji_code: 'zulip' }, { emoji_code: 'zulip', reaction_type: 'service_extra_emoji' }]) {
      expect(decideRemoveReaction(context([{ ...zulip, user_id: ALICE }]), req)).to.deep.equal(removed(zulip));
    }
  });

  it("refuses a reaction only someone else has, or nobody, as REACTION_DOES_NOT_EXIST", function () {
    expectApiError(() => decideRemoveReaction(context([thumbs(BOB)]), { emoji_name: 'thumbs_up' }), notExisting);
    expectApiError(() => decideRemoveReaction(context([thumbs(ALICE)]), { emoji_name: 'smile' }), notExisting);
    expectApiError(() => decideRemoveReaction(context([thumbs(ALICE)]), { emoji_code: '1f44d', reaction_type: 'zulip_extra_emoji' }), refused("Invalid emoji code '1f44d'"));
  });

  it('refuses an invalid code, an unknown name, an unknown type, and neither name nor code', function () {
    expectApiError(() => decideRemoveReaction(context(), { emoji_code: 'fffff' }), refused("Invalid emoji code 'fffff'"));
    expectApiError(() => decideRemoveReaction(context(), { emoji_code: '7', reaction_type: 'realm_emoji' }), refused("Invalid custom emoji code '7'"));
    expectApiError(() => decideRemoveReaction(context(), { emoji_name: 'no_such_emoji' }), refused("emoji 'no_such_emoji' does not exist"));
    expectApiError(() => decideRemoveReaction(context(), { emoji_name: 'smile', reaction_type: 'sticker' }), refused("Invalid 'reaction_type': 'sticker'"));
    expectApiError(() => decideRemoveReaction(context(), {}), refused("Missing 'emoji_name' or 'emoji_code'"));
  });
});
