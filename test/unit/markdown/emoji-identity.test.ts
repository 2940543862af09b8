import { emojiByName, emojiCodeOf, emojiProblem, isValidEmoji, normalizeReactionType } from '@chat/markdown';
import { expect } from 'chai';
import { GREEN_TICK, OLD_LOGO } from './render-world-fixture.js';

const CUSTOM = [GREEN_TICK, OLD_LOGO];

describe('emojiByName', function () {
  it('finds a unicode emoji by any of its names', function () {
    expect(emojiByName('thumbs_up')).to.deep.equal({ emoji_name: 'thumbs_up', emoji_code: '1f44d', reaction_type: 'unicode_emoji' });
    expect(emojiByName('+1')).to.deep.equal({ emoji_name: '+1', emoji_code: '1f44d', reaction_type: 'unicode_emoji' });
  });

  it('finds an active custom emoji first, by its id', function () {
    expect(emojiByName('green_tick', CUSTOM)).to.deep.equal({ emoji_name: 'green_tick', emoji_code: '60', reaction_type: 'realm_emoji' });
  });

  it('finds the built-in extra emoji', function () {
    expect(emojiByName('zulip')).to.deep.equal({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
  });

  it('finds nothing for an unknown name or a deactivated custom emoji', function () {
    expect(emojiByName('no_such_emoji')).to.equal(null);
    expect(emojiByName('old_logo', CUSTOM)).to.equal(null);
  });
});

describe('emojiProblem / isValidEmoji', function () {
  it('accepts a unicode emoji whose name is one of its code’s names', function () {
    expect(isValidEmoji('thumbs_up', '1f44d', 'unicode_emoji')).to.equal(true);
    expect(isValidEmoji('+1', '1f44d', 'unicode_emoji')).to.equal(true);
  });

  it('refuses an unknown unicode code, or a name of another emoji', function () {
    expect(emojiProblem('smile', '1f9ff0', 'unicode_emoji')).to.equal("Invalid emoji code '1f9ff0'");
    expect(emojiProblem('smile', '1f44d', 'unicode_emoji')).to.equal("Invalid emoji name 'smile' for emoji code '1f44d'");
    expect(isValidEmoji('heart', '2764-fe0f', 'unicode_emoji')).to.equal(false);
  });

  it('checks custom emoji by id, name and activity', function () {
    expect(isValidEmoji('green_tick', '60', 'realm_emoji', CUSTOM)).to.equal(true);
    expect(emojiProblem('green_tick', '99', 'realm_emoji', CUSTOM)).to.equal("Invalid custom emoji code '99'");
    expect(emojiProblem('red_tick', '60', 'realm_emoji', CUSTOM)).to.equal("Invalid emoji name 'red_tick' for custom emoji code '60'");
    expect(emojiProblem('old_logo', '61', 'realm_emoji', CUSTOM)).to.equal("Custom emoji 'old_logo' is deactivated");
  });

  it('knows the extra namespace under its public name and the spec’s', function () {
    expect(isValidEmoji('zulip', 'zulip', 'zulip_extra_emoji')).to.equal(true);
    expect(isValidEmoji('zulip', 'zulip', 'service_extra_emoji')).to.equal(true);
    expect(emojiProblem('zulip', 'octopus', 'zulip_extra_emoji')).to.equal("Invalid emoji code 'octopus'");
    expect(emojiProblem('octopus', 'zulip', 'zulip_extra_emoji')).to.equal("Invalid emoji name 'octopus' for emoji code 'zulip'");
  });

  it('refuses an unknown reaction_type', function () {
    expect(emojiProblem('smile', '1f604', 'sticker')).to.equal("Invalid reaction_type 'sticker'");
    expect(normalizeReactionType('sticker')).to.equal(null);
  });
});

describe('emojiCodeOf', function () {
  it('writes codepoints as lowercase dash-separated hex of at least four digits, without U+FE0F', function () {
    expect(emojiCodeOf('👍🏽')).to.equal('1f44d-1f3fd');
    expect(emojiCodeOf('❤️')).to.equal('2764');
    expect(emojiCodeOf('#️⃣')).to.equal('0023-20e3');
  });
});
