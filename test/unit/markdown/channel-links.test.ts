import { encodeHashComponent } from '@chat/markdown';
import { expect } from 'chai';
import { inline } from './render-world-fixture.js';

describe('renderMessage: channel, topic and message links', function () {
  it('#**channel** links the channel', function () {
    expect(inline('see #**general talk**')).to.equal(
      'see <a class="stream" data-stream-id="3" href="/#narrow/channel/3-general-talk">#general talk</a>',
    );
  });

  it('finds the channel regardless of case and shows its stored name', function () {
    expect(inline('#**General Talk**')).to.equal('<a class="stream" data-stream-id="3" href="/#narrow/channel/3-general-talk">#general talk</a>');
  });

  it('#**channel>topic** links the topic', function () {
    expect(inline('#**general talk>lunch plans**')).to.equal(
      '<a class="stream-topic" data-stream-id="3" href="/#narrow/channel/3-general-talk/topic/lunch.20plans">#general talk &gt; lunch plans</a>',
    );
  });

  it("a topic link carries the topic's first message when the world knows it", function () {
    const html = inline('#**general talk>lunch**', { topicFirstMessageId: (channelId, topic) => (channelId === 3 && topic === 'lunch' ? 41 : undefined) });
    expect(html).to.equal('<a class="stream-topic" data-stream-id="3" href="/#narrow/channel/3-general-talk/topic/lunch/with/41">#general talk &gt; lunch</a>');
  });

  it("the empty topic is shown by the realm's display name for it", function () {
    expect(inline('#**general talk>**', { emptyTopicDisplayName: 'chit-chat' })).to.equal(
      '<a class="stream-topic" data-stream-id="3" href="/#narrow/channel/3-general-talk/topic/">#general talk &gt; <em>chit-chat</em></a>',
    );
  });

  it('#**channel>topic@id** links the message', function () {
    expect(inline('#**general talk>lunch@123**')).to.equal(
      '<a class="message-link" href="/#narrow/channel/3-general-talk/topic/lunch/near/123">#general talk &gt; lunch @ 💬</a>',
    );
  });

  it('a channel the sender may not see is not linked (nor its topics)', function () {
    expect(inline('#**secret plans** #**secret plans>launch**')).to.equal('#<strong>secret plans</strong> #<strong>secret plans&gt;launch</strong>');
  });

  it('an unknown channel is not linked', function () {
    expect(inline('#**nowhere**')).to.equal('#<strong>nowhere</strong>');
  });

  it('a channel whose name holds ">" is linked when no shorter channel matches', function () {
    const html = inline('#**a>b**', { channels: [{ id: 12, name: 'a>b' }] });
    expect(html).to.equal('<a class="stream" data-stream-id="12" href="/#narrow/channel/12-a.3Eb">#a&gt;b</a>');
  });

  it('names are escaped in the text and encoded in the link', function () {
    const html = inline('#**"q" <b>**', { channels: [{ id: 13, name: '"q" <b>' }] });
    expect(html).to.equal('<a class="stream" data-stream-id="13" href="/#narrow/channel/13-.22q.22-.3Cb.3E">#&quot;q&quot; &lt;b&gt;</a>');
  });

  it('is not a link inside a link or code', function () {
    expect(inline('`#**general talk**`')).to.equal('<code>#**general talk**</code>');
    expect(inline('[#**general talk**](https://example.com)')).to.equal(
      '<a href="https://example.com">#<strong>general talk</strong></a>',
    );
  });
});

describe('encodeHashComponent', function () {
  it('percent-encodes, then writes % as . and . as .2E', function () {
    expect(encodeHashComponent('a b.c(d)%é*')).to.equal('a.20b.2Ec.28d.29.25.C3.A9*');
  });
});
