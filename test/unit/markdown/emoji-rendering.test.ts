import { expect } from 'chai';
import { inline } from './render-world-fixture.js';

describe('renderMessage: emoji', function () {
  it(':name: of a unicode emoji becomes a span carrying its code', function () {
    expect(inline(':smile:')).to.equal('<span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span>');
  });

  it('any alias works and keeps its own name; underscores read as spaces in the title', function () {
    expect(inline(':+1: :thumbs_up: :heart_eyes:')).to.equal(
      '<span aria-label="+1" class="emoji emoji-1f44d" role="img" title="+1">:+1:</span> ' +
        '<span aria-label="thumbs up" class="emoji emoji-1f44d" role="img" title="thumbs up">:thumbs_up:</span> ' +
        '<span aria-label="heart eyes" class="emoji emoji-1f60d" role="img" title="heart eyes">:heart_eyes:</span>',
    );
  });

  it('codes leave out the U+FE0F presentation selector', function () {
    expect(inline(':heart:')).to.equal('<span aria-label="heart" class="emoji emoji-2764" role="img" title="heart">:heart:</span>');
    expect(inline(':hash:')).to.contain('class="emoji emoji-0023-20e3"');
  });

  it('an unknown name stays text', function () {
    expect(inline(':no_such_emoji: at 10:30:45')).to.equal(':no_such_emoji: at 10:30:45');
  });

  it('an active custom emoji is an image from its source', function () {
    expect(inline(':green_tick:')).to.equal('<img alt=":green_tick:" class="emoji" src="/user_avatars/2/emoji/images/60.png" title="green tick">');
  });

  it('a custom emoji shadows a unicode one of the same name', function () {
    const html = inline(':smile:', { customEmoji: [{ id: '70', name: 'smile', source_url: '/emoji/70.png', deactivated: false }] });
    expect(html).to.equal('<img alt=":smile:" class="emoji" src="/emoji/70.png" title="smile">');
  });

  it('a deactivated custom emoji stays text', function () {
    expect(inline(':old_logo:')).to.equal(':old_logo:');
  });

  it('a deactivated custom emoji named like a unicode one leaves the unicode emoji in place', function () {
    const html = inline(':tada:', { customEmoji: [{ id: '71', name: 'tada', source_url: '/emoji/71.png', deactivated: true }] });
    expect(html).to.equal('<span aria-label="tada" class="emoji emoji-1f389" role="img" title="tada">:tada:</span>');
  });

  it(':zulip: is the built-in extra emoji', function () {
    expect(inline(':zulip:')).to.equal('<img alt=":zulip:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/zulip.png" title="zulip">');
  });

  it('emoji characters are shown like their shortcodes; text symbols and unknown sequences are left alone', function () {
    expect(inline('I 😄 ↔ 👍🏽')).to.equal('I <span aria-label="big smile" class="emoji emoji-1f604" role="img" title="big smile">:big_smile:</span> ↔ 👍🏽');
  });

  it('nothing in code is an emoji', function () {
    expect(inline('`:smile: 😄`')).to.equal('<code>:smile: 😄</code>');
  });
});
